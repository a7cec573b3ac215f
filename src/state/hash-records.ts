import type { RecordSource } from './record-view.js';

/**
 * A target's records as one Redis hash holds them (a JSON value per path), each decoded on first
 * use: a one-page edit of 30,000 pages decodes the records it looks up, as the file store does.
 */
export class HashRecords<R> implements RecordSource<R> {
  readonly #decoded = new Map<string, R>();
  readonly #withPart = new Map<string, ReadonlySet<string>>();

  constructor(
    private readonly values: Readonly<Record<string, string>>,
    private readonly decode: (path: string, text: string) => R,
  ) {}

  get(path: string): R | undefined {
    let record = this.#decoded.get(path);
    if (record === undefined && Object.hasOwn(this.values, path)) {
      record = this.decode(path, this.values[path] ?? '');
      this.#decoded.set(path, record);
    }
    return record;
  }

  /** The paths whose value names `part` (a record's text is JSON, so a string it holds cannot), found without decoding. */
  pathsWith(part: string): ReadonlySet<string> {
    let paths = this.#withPart.get(part);
    if (paths === undefined) {
      const name = `"${part}":`;
      paths = new Set(Object.keys(this.values).filter((path) => this.values[path]?.includes(name) === true));
      this.#withPart.set(part, paths);
    }
    return paths;
  }
}
