import type { RecordSource } from './record-view.js';
import { type LiveRecords, recordKeyAt, recordLineAt } from './log-line.js';

/** Lookups answered by searching the log's bytes before its lines are indexed by path: a one-page edit makes a few. */
const SEARCHED_LOOKUPS = 16;

/** Where a key's records lie in a record log's bytes, as its reading found them. */
export interface RecordSpan {
  /** Where its live lines may start: after the header, or after the last line deleting the key. */
  readonly from: number;
  /** Where the log's last committed line ends: what follows is no record. */
  readonly to: number;
  /** Where record lines lie before `to` that no fields line of their key committed (a write cut short): from, to. */
  readonly uncommitted: readonly (readonly [number, number])[];
  /** Its live records' count and bytes, as its last fields line says; undefined when it does not (a log of an earlier build). */
  readonly live: LiveRecords | undefined;
}

/**
 * A key's records by path as a record log holds them, in the log's bytes. A record is decoded on
 * first use, so a run decodes the records it looks up. The first few lookups search the bytes for the
 * path's last line (native code, no line decoded); past them, or to list the paths, the key's lines
 * are indexed by path once: a whole read would otherwise search the log once per path.
 */
export class StoredRecords<R> implements RecordSource<R> {
  readonly #decoded = new Map<string, R>();
  readonly #withPart = new Map<string, Set<string>>();
  /** Where each path's live line starts, once indexed. */
  #lines: Map<string, number> | undefined;
  /** Where each path looked up before indexing has its live line (undefined: none). */
  readonly #found = new Map<string, number | undefined>();
  readonly #prefix: string;

  constructor(
    private readonly bytes: Buffer,
    private readonly key: string,
    private readonly span: RecordSpan,
    private readonly decode: (path: string, text: string) => R,
    /** The error a line that is no record's line is reported as. */
    private readonly damaged: (problem: string) => Error,
  ) {
    this.#prefix = `\n{"key":${JSON.stringify(key)},"path":`;
  }

  get size(): number {
    return this.span.live?.records ?? this.lines().size;
  }

  /** Bytes of the live record lines, newlines included. */
  get liveBytes(): number {
    if (this.span.live !== undefined) return this.span.live.bytes;
    let bytes = 0;
    for (const start of this.lines().values()) bytes += this.bytes.indexOf(0x0a, start) + 1 - start;
    return bytes;
  }

  has(path: string): boolean {
    return this.lineOf(path) !== undefined;
  }

  get(path: string): R | undefined {
    let record = this.#decoded.get(path);
    if (record === undefined) {
      const start = this.lineOf(path);
      if (start === undefined) return undefined;
      const line = recordLineAt(this.bytes, start, this.bytes.indexOf(0x0a, start));
      if (line?.record === undefined || line.path !== path) throw this.damaged(`the line of ${path} in ${this.key} is not a record's line`);
      record = this.decode(path, this.bytes.toString('utf8', ...line.record));
      this.#decoded.set(path, record);
    }
    return record;
  }

  keys(): IterableIterator<string> {
    return this.lines().keys();
  }

  /** A path's live line as the log holds it, its newline included (undefined: none): what a log written anew copies, not decoding it. */
  line(path: string): Buffer | undefined {
    const start = this.lineOf(path);
    return start === undefined ? undefined : this.bytes.subarray(start, this.bytes.indexOf(0x0a, start) + 1);
  }

  /** The length of a path's live line in the log, its newline included. */
  lineLength(path: string): number {
    const start = this.lineOf(path);
    return start === undefined ? 0 : this.bytes.indexOf(0x0a, start) + 1 - start;
  }

  /**
   * The paths whose record may hold `part`: those whose live line names it (a record's text is
   * JSON, so a string it holds cannot), found by searching the bytes without decoding, so the few
   * files of 30,000 records are listed by decoding the few (each checked to be its path's live line).
   */
  pathsWith(part: string): ReadonlySet<string> {
    let paths = this.#withPart.get(part);
    if (paths === undefined) {
      const name = Buffer.from(`"${part}":`);
      const lines = new Set<number>();
      for (let at = this.bytes.indexOf(name, this.span.from); at >= 0 && at < this.span.to; at = this.bytes.indexOf(name, at + name.length))
        lines.add(this.bytes.lastIndexOf(0x0a, at) + 1);
      paths = new Set();
      if (this.#lines === undefined && lines.size + this.#found.size <= SEARCHED_LOOKUPS) {
        for (const start of lines) {
          const line = recordLineAt(this.bytes, start, this.bytes.indexOf(0x0a, start));
          if (line?.key === this.key && this.lineOf(line.path) === start) paths.add(line.path);
        }
      } else for (const [path, start] of this.lines()) if (lines.has(start)) paths.add(path);
      this.#withPart.set(part, paths);
    }
    return paths;
  }

  /** Where a path's live record line starts; undefined when it has none (never set, or removed). */
  private lineOf(path: string): number | undefined {
    if (this.#lines !== undefined) return this.#lines.get(path);
    if (this.#found.has(path)) return this.#found.get(path);
    if (this.#found.size >= SEARCHED_LOOKUPS) return this.lines().get(path);
    const start = this.lastLine(path);
    this.#found.set(path, start);
    return start;
  }

  /**
   * Where the path's last line starts when it sets a record (undefined when it removes it, or there
   * is none): the bytes searched backwards for its key and path at a line's start.
   */
  private lastLine(path: string): number | undefined {
    const pattern = Buffer.from(`${this.#prefix}${JSON.stringify(path)}`);
    const { from, to, uncommitted } = this.span;
    for (let at = to - pattern.length; at >= from - 1; at--) {
      at = this.bytes.lastIndexOf(pattern, at);
      if (at < from - 1) return undefined;
      const next = this.bytes[at + pattern.length];
      // Followed by its record, or by the line's end (a removal); not by more of a longer path.
      if ((next === 0x2c || next === 0x7d) && !within(uncommitted, at + 1)) return next === 0x2c ? at + 1 : undefined;
    }
    return undefined;
  }

  /** The key's lines indexed by path (each path's last line), once. */
  private lines(): Map<string, number> {
    if (this.#lines === undefined) {
      const lines = new Map<string, number>();
      const { from, to, uncommitted } = this.span;
      for (let start = from; start < to;) {
        const end = this.bytes.indexOf(0x0a, start);
        const skipped = within(uncommitted, start);
        const line = skipped ? undefined : recordLineAt(this.bytes, start, end);
        // Known as a record's line by its shape when the log was read: damaged past it.
        if (line === undefined && !skipped && recordKeyAt(this.bytes, start, end) !== undefined)
          throw this.damaged(`a line of ${this.key}'s records at byte ${start} is not a record's line`);
        if (line?.key === this.key) {
          if (line.record === undefined) lines.delete(line.path);
          else lines.set(line.path, start);
        }
        start = end + 1;
      }
      this.#lines = lines;
    }
    return this.#lines;
  }
}

/** Whether `at` lies in one of the ranges (few: writes cut short). */
function within(ranges: readonly (readonly [number, number])[], at: number): boolean {
  return ranges.some(([from, to]) => at >= from && at < to);
}
