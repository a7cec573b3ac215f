import { recordLineAt } from './log-line.js';

/**
 * A key's records by path as a record log holds them: where each path's live line starts in the
 * log's bytes. A record is decoded on first use, so a run decodes the records it looks up.
 */
export class StoredRecords<R> {
  readonly #decoded = new Map<string, R>();
  readonly #withPart = new Map<string, Set<string>>();

  constructor(
    private readonly bytes: Buffer,
    private readonly lines: ReadonlyMap<string, number>,
    private readonly decode: (path: string, text: string) => R,
  ) {}

  get size(): number {
    return this.lines.size;
  }

  has(path: string): boolean {
    return this.lines.has(path);
  }

  get(path: string): R | undefined {
    let record = this.#decoded.get(path);
    if (record === undefined) {
      const start = this.lines.get(path);
      if (start === undefined) return undefined;
      const line = recordLineAt(this.bytes, start, this.bytes.indexOf(0x0a, start));
      if (line?.record === undefined) return undefined; // indexed as a record's line when read
      record = this.decode(path, this.bytes.toString('utf8', ...line.record));
      this.#decoded.set(path, record);
    }
    return record;
  }

  keys(): IterableIterator<string> {
    return this.lines.keys();
  }

  /** The length of a path's live line in the log, its newline included. */
  lineLength(path: string): number {
    const start = this.lines.get(path);
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
      for (const [path, start] of this.lines) if (lines.has(start)) paths.add(path);
      this.#withPart.set(part, paths);
    }
    return paths;
  }
}
