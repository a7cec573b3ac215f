import { comparePaths } from '../compare-paths.js';
import type { StoredRecords } from '../../state/stored-records.js';
import type { ReadRecord } from './read-record.js';

/**
 * A kept read's records by path from the source's top, iterated in path order: those a record log
 * read (decoded when looked up) with changes laid over them, or those of a whole read. A one-page
 * edit of 30,000 files decodes the records it looks up or changes, not the others.
 */
export class ReadRecords implements ReadonlyMap<string, ReadRecord> {
  #size: number | undefined;
  #keys: readonly string[] | undefined;

  private constructor(
    /** The records as read, when read from a log. */
    private readonly stored: StoredRecords<ReadRecord> | undefined,
    private readonly changes: ReadonlyMap<string, ReadRecord | undefined>,
  ) {}

  static stored(records: StoredRecords<ReadRecord>): ReadRecords {
    return new ReadRecords(records, new Map());
  }

  static of(records: Iterable<readonly [string, ReadRecord]>): ReadRecords {
    return new ReadRecords(undefined, new Map(records));
  }

  get size(): number {
    if (this.#size === undefined) {
      let size = this.stored?.size ?? 0;
      for (const [path, record] of this.changes) size += (record === undefined ? 0 : 1) - (this.stored?.has(path) === true ? 1 : 0);
      this.#size = size;
    }
    return this.#size;
  }

  get(path: string): ReadRecord | undefined {
    return this.changes.has(path) ? this.changes.get(path) : this.stored?.get(path);
  }

  has(path: string): boolean {
    return this.changes.has(path) ? this.changes.get(path) !== undefined : this.stored?.has(path) === true;
  }

  /** These records with these changed: set, or removed where undefined. */
  with(changes: Iterable<readonly [string, ReadRecord | undefined]>): ReadRecords {
    const merged = new Map(this.changes);
    for (const [path, record] of changes) merged.set(path, record);
    return new ReadRecords(this.stored, merged);
  }

  /** The records changed over `stored`: undefined when these are not laid over those (then any may differ). */
  changesOver(stored: StoredRecords<ReadRecord>): ReadonlyMap<string, ReadRecord | undefined> | undefined {
    return this.stored === stored ? this.changes : undefined;
  }

  /** The paths under a folder (`folder/…`). */
  keysUnder(folder: string): string[] {
    return this.paths().filter((path) => path.startsWith(`${folder}/`));
  }

  *entries(): MapIterator<[string, ReadRecord]> {
    for (const path of this.paths()) {
      const record = this.get(path);
      if (record !== undefined) yield [path, record];
    }
  }

  *keys(): MapIterator<string> {
    yield* this.paths();
  }

  /** The paths, sorted. */
  private paths(): readonly string[] {
    if (this.#keys === undefined) {
      const keys = [...(this.stored?.keys() ?? [])].filter((path) => this.changes.get(path) !== undefined || !this.changes.has(path));
      for (const [path, record] of this.changes) if (record !== undefined && this.stored?.has(path) !== true) keys.push(path);
      // A log keeps each path where it was first written: a read whole again may have added some since.
      const sorted = keys.every((path, index) => index === 0 || comparePaths(keys[index - 1] ?? '', path) < 0);
      this.#keys = sorted ? keys : keys.sort(comparePaths);
    }
    return this.#keys;
  }

  *values(): MapIterator<ReadRecord> {
    for (const [, record] of this.entries()) yield record;
  }

  forEach(callback: (value: ReadRecord, key: string, map: ReadonlyMap<string, ReadRecord>) => void, thisArg?: unknown): void {
    for (const [path, record] of this.entries()) callback.call(thisArg, record, path, this);
  }

  [Symbol.iterator](): MapIterator<[string, ReadRecord]> {
    return this.entries();
  }
}
