import { ChangedMap } from './changed-map.js';
import type { PageRecord, StoredFields } from './page-record.js';
import type { TargetState } from './state-store.js';

/** What a view reads of a target's stored records: one by path, and the paths whose record may hold a part. */
export interface RecordSource<R> {
  get(path: string): R | undefined;
  pathsWith(part: string): ReadonlySet<string>;
}

type Part = keyof PageRecord;
/** What a part of a record holds at a path. */
type Value<P extends Part> = NonNullable<PageRecord[P]>;

/**
 * One part of a target's records (its delivered pages, its delivered files, or its base) as a map
 * by path, with changes laid over them: a one-page edit of 30,000 pages decodes and writes the
 * records it looks up or changes, not the others. {@link RecordView.changedSince} tells a store
 * which paths a view changed against another over the same records.
 */
export class RecordView<P extends Part> implements ReadonlyMap<string, Value<P>> {
  constructor(
    readonly records: RecordSource<PageRecord>,
    readonly part: P,
    private readonly changes: ReadonlyMap<string, Value<P> | undefined> = new Map(),
  ) {}

  get size(): number {
    let size = 0;
    for (const _ of this.keys()) size++;
    return size;
  }

  get(path: string): Value<P> | undefined {
    return this.changes.has(path) ? this.changes.get(path) : (this.records.get(path)?.[this.part] as Value<P> | undefined);
  }

  has(path: string): boolean {
    return this.get(path) !== undefined;
  }

  /** The view with these entries changed: set, or removed where undefined. A changed path keeps its place. */
  with(changes: Iterable<readonly [string, Value<P> | undefined]>): RecordView<P> {
    const merged = new Map(this.changes);
    for (const [path, value] of changes) merged.set(path, value);
    return new RecordView(this.records, this.part, merged);
  }

  /** The paths whose entry may differ between this view and `other`: undefined when `other` is no view of the same records (then any may). */
  changedSince(other: ReadonlyMap<string, unknown> | undefined): Set<string> | undefined {
    if (!(other instanceof RecordView) || other.records !== this.records || other.part !== this.part) return undefined;
    return new Set([...(other as RecordView<P>).changes.keys(), ...this.changes.keys()]);
  }

  *entries(): MapIterator<[string, Value<P>]> {
    const stored = this.records.pathsWith(this.part);
    for (const path of stored) {
      const value = this.get(path);
      if (value !== undefined) yield [path, value];
    }
    for (const [path, value] of this.changes) if (value !== undefined && !stored.has(path)) yield [path, value];
  }

  *keys(): MapIterator<string> {
    for (const [path] of this.entries()) yield path;
  }

  *values(): MapIterator<Value<P>> {
    for (const [, value] of this.entries()) yield value;
  }

  forEach(callback: (value: Value<P>, key: string, map: ReadonlyMap<string, Value<P>>) => void, thisArg?: unknown): void {
    for (const [path, value] of this.entries()) callback.call(thisArg, value, path, this);
  }

  [Symbol.iterator](): MapIterator<[string, Value<P>]> {
    return this.entries();
  }
}

/** The state of a target's own fields and its stored records, the records viewed, not decoded. */
export function viewedState(fields: StoredFields, records: RecordSource<PageRecord>): TargetState {
  const { delivered, base, ...rest } = fields;
  return {
    ...rest,
    ...(delivered ? { delivered: { pages: new RecordView(records, 'page'), files: new RecordView(records, 'file') } } : {}),
    ...(base ? { base: { ...base, pages: new RecordView(records, 'base') } } : {}),
  };
}

/**
 * The paths whose record differs between two states of a target: found through the views' changes
 * when `after` was made from `before`'s views (a one-page edit: its page; a save while batches are
 * sent: theirs), else by comparing every path of both.
 */
export function changedPaths(before: TargetState | undefined, after: TargetState): Set<string> {
  const changed = new Set<string>();
  const compare = (was: ReadonlyMap<string, object> | undefined, now: ReadonlyMap<string, object> | undefined): void => {
    // The same map (a sync's final save of what its last save held): nothing changed, nothing iterated.
    if (was === now) return;
    const candidates = now instanceof RecordView || now instanceof ChangedMap ? now.changedSince(was) : undefined;
    for (const path of candidates ?? new Set([...(was?.keys() ?? []), ...(now?.keys() ?? [])])) {
      if (!changed.has(path) && !sameValue(was?.get(path), now?.get(path))) changed.add(path);
    }
  };
  compare(before?.delivered?.pages, after.delivered?.pages);
  compare(before?.delivered?.files, after.delivered?.files);
  compare(before?.base?.pages, after.base?.pages);
  return changed;
}

/** Whether two parts of records hold the same: flat objects of strings, `live` one level down. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const x = a as Readonly<Record<string, unknown>>;
  const y = b as Readonly<Record<string, unknown>>;
  for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) {
    const [u, v] = [x[key], y[key]];
    if (u !== v && !(typeof u === 'object' && typeof v === 'object' && sameValue(u, v))) return false;
  }
  return true;
}
