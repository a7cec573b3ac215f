const GONE = Symbol('gone');

/**
 * Changes to a map, read through to a base map that stays as it was: what a content batch edits of a
 * 10,000-page index costs in proportion to the pages it touches, and a batch refused is simply dropped.
 */
export class MapOverlay<K, V> {
  private readonly changes = new Map<K, V | typeof GONE>();

  constructor(private readonly base: ReadonlyMap<K, V>) {}

  get(key: K): V | undefined {
    const changed = this.changes.get(key);
    if (changed === GONE) return undefined;
    return changed ?? this.base.get(key);
  }

  has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  set(key: K, value: V): void {
    this.changes.set(key, value);
  }

  delete(key: K): void {
    this.changes.set(key, GONE);
  }

  /** Writes the changes into `target`, a map holding what the base held (the base itself, handed over). */
  writeInto(target: Map<K, V>): void {
    for (const [key, value] of this.changes) {
      if (value === GONE) target.delete(key);
      else target.set(key, value);
    }
  }
}
