/**
 * The keys a cache handed out or stored since its last sweep: what the latest round of work used.
 * Sweeping drops every other entry, so a long-lived cache holds that round's worth and no more.
 */
export class UsedKeys {
  readonly #used = new Set<string>();

  mark(key: string): void {
    this.#used.add(key);
  }

  /** Deletes from `entries` every key not marked since the last sweep, and starts the next round. Returns how many. */
  sweep(entries: Map<string, unknown>): number {
    let dropped = 0;
    for (const key of entries.keys()) {
      if (!this.#used.has(key)) {
        entries.delete(key);
        dropped += 1;
      }
    }
    this.#used.clear();
    return dropped;
  }
}
