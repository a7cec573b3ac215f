import { recordLineAt } from './log-line.js';

/**
 * Where a key's records lie in a log's bytes: each path's live line, or (a log read lazily) the
 * start of each of its committed record lines, in order, the path of each read when first needed.
 */
export type RecordIndex = { readonly lines: ReadonlyMap<string, number> } | { readonly key: string; readonly starts: readonly number[] };

/**
 * A key's records by path as a record log holds them: where each path's live line starts in the
 * log's bytes. A record is decoded on first use, so a run decodes the records it looks up. Indexed
 * lazily, a path's line is found by searching the bytes for the line's start (its key and path as
 * the log writes them, the last such line the live one) until every path is needed.
 */
export class StoredRecords<R> {
  readonly #decoded = new Map<string, R>();
  readonly #withPart = new Map<string, Set<string>>();
  #lines: ReadonlyMap<string, number> | undefined;

  constructor(
    private readonly bytes: Buffer,
    private readonly index: RecordIndex,
    private readonly decode: (path: string, text: string) => R,
  ) {
    if ('lines' in index) this.#lines = index.lines;
  }

  get size(): number {
    return this.lines().size;
  }

  has(path: string): boolean {
    return this.lineStart(path) !== undefined;
  }

  get(path: string): R | undefined {
    let record = this.#decoded.get(path);
    if (record === undefined) {
      const start = this.lineStart(path);
      if (start === undefined) return undefined;
      const end = this.bytes.indexOf(0x0a, start);
      const line = recordLineAt(this.bytes, start, end);
      // Indexed lazily, a line is checked only now: one not written as a record's fails the record's check.
      record = this.decode(path, line?.record === undefined ? this.bytes.toString('utf8', start, end) : this.bytes.toString('utf8', ...line.record));
      this.#decoded.set(path, record);
    }
    return record;
  }

  keys(): IterableIterator<string> {
    return this.lines().keys();
  }

  /** The length of a path's live line in the log, its newline included. */
  lineLength(path: string): number {
    const start = this.lineStart(path);
    return start === undefined ? 0 : this.bytes.indexOf(0x0a, start) + 1 - start;
  }

  /**
   * The paths whose record may hold `part`: those whose live line names it (a record's text is
   * JSON, so a string it holds cannot), found by searching the bytes without decoding, so the few
   * files of 30,000 records are listed by decoding the few. In the order of the paths.
   */
  pathsWith(part: string): ReadonlySet<string> {
    let paths = this.#withPart.get(part);
    if (paths === undefined) {
      const name = Buffer.from(`"${part}":`);
      const lines = new Set<number>();
      for (let at = this.bytes.indexOf(name); at >= 0; at = this.bytes.indexOf(name, at + name.length)) lines.add(this.bytes.lastIndexOf(0x0a, at) + 1);
      paths = new Set();
      for (const [path, start] of this.lines()) if (lines.has(start)) paths.add(path);
      this.#withPart.set(part, paths);
    }
    return paths;
  }

  /** Where the live line of `path` starts; undefined when it has none (never set, or removed). */
  private lineStart(path: string): number | undefined {
    if (this.#lines !== undefined || 'lines' in this.index) return this.lines().get(path);
    const { key, starts } = this.index;
    const first = starts[0];
    if (first === undefined) return undefined;
    // The line's start as the log writes it: its last committed occurrence is the live line.
    const needle = Buffer.from(`{"key":${JSON.stringify(key)},"path":${JSON.stringify(path)}`);
    let live: number | undefined;
    for (let at = this.bytes.indexOf(needle, first); at >= 0; at = this.bytes.indexOf(needle, at + 1)) {
      const next = this.bytes[at + needle.length];
      if ((next === 0x2c || next === 0x7d) && isStart(starts, at)) live = next === 0x2c ? at : undefined;
    }
    return live;
  }

  /** Each path's live line, indexed once. */
  private lines(): ReadonlyMap<string, number> {
    if (this.#lines === undefined && 'starts' in this.index) {
      const lines = new Map<string, number>();
      for (const start of this.index.starts) {
        const line = recordLineAt(this.bytes, start, this.bytes.indexOf(0x0a, start));
        // Checked whole when read: a path that does not decode fails its record's check.
        if (line === undefined) {
          this.decode('', this.bytes.toString('utf8', start, this.bytes.indexOf(0x0a, start)));
          continue;
        }
        if (line.record === undefined) lines.delete(line.path);
        else lines.set(line.path, start);
      }
      this.#lines = lines;
    }
    return this.#lines ?? new Map();
  }
}

/** Whether `at` is one of `starts` (sorted). */
function isStart(starts: readonly number[], at: number): boolean {
  let low = 0;
  let high = starts.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const start = starts[middle] ?? 0;
    if (start === at) return true;
    if (start < at) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}
