/**
 * A map with changes laid over another (set, or removed where undefined), which knows the keys it
 * changed against the map it was made from. A store saving it after that one compares those keys
 * alone: a save every few batches of a first sync costs those batches, not the whole record.
 * Made from another ChangedMap, it lays its changes over the same map underneath (one lookup
 * deep), and holds no reference to the map it was made from, only its mark.
 */
export class ChangedMap<V> implements ReadonlyMap<string, V> {
  /** What a map made from this one remembers of it. */
  private readonly mark = {};
  private counted: number | undefined;

  private constructor(
    private readonly under: ReadonlyMap<string, V>,
    private readonly changes: ReadonlyMap<string, V | undefined>,
    /** The map this one was made from: `under` itself, or the mark of a ChangedMap. */
    private readonly from: object,
    private readonly changed: ReadonlySet<string>,
  ) {}

  /** `map` with these entries changed: set, or removed where undefined. A changed key keeps its place. */
  static of<V>(map: ReadonlyMap<string, V>, changes: Iterable<readonly [string, V | undefined]>): ChangedMap<V> {
    if (!(map instanceof ChangedMap)) {
      const laid = new Map(changes);
      return new ChangedMap(map, laid, map, new Set(laid.keys()));
    }
    const previous = map as ChangedMap<V>;
    const laid = new Map(previous.changes);
    const changed = new Set<string>();
    for (const [key, value] of changes) {
      laid.set(key, value);
      changed.add(key);
    }
    return new ChangedMap(previous.under, laid, previous.mark, changed);
  }

  /** The keys whose entry may differ between this map and `other`: undefined unless `other` is the map it was made from (then any may). */
  changedSince(other: ReadonlyMap<string, unknown> | undefined): Set<string> | undefined {
    const was = other instanceof ChangedMap ? (other as ChangedMap<unknown>).mark : other;
    return was === this.from ? new Set(this.changed) : undefined;
  }

  get size(): number {
    if (this.counted === undefined) {
      let size = 0;
      for (const _ of this.entries()) size++;
      this.counted = size;
    }
    return this.counted;
  }

  get(key: string): V | undefined {
    return this.changes.has(key) ? this.changes.get(key) : this.under.get(key);
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  *entries(): MapIterator<[string, V]> {
    for (const [key, value] of this.under) {
      const now = this.changes.has(key) ? this.changes.get(key) : value;
      if (now !== undefined) yield [key, now];
    }
    for (const [key, value] of this.changes) if (value !== undefined && !this.under.has(key)) yield [key, value];
  }

  *keys(): MapIterator<string> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }
}
