/**
 * The keys a cache handed out or stored since its last sweep: what the latest round of work used.
 * Sweeping drops every other entry, so a long-lived cache holds that round's worth and no more.
 * Each key keeps the number of the round that last marked it: marking a key again only updates its
 * number, where a set emptied every round grew back key by key, a cost paid again every round.
 */
export class UsedKeys {
  readonly #rounds = new Map<string, number>();
  #round = 0;

  mark(key: string): void {
    this.#rounds.set(key, this.#round);
  }

  /** Deletes from `entries` every key not marked since the last sweep, and starts the next round. Returns how many. */
  sweep(entries: Map<string, unknown>): number {
    let dropped = 0;
    for (const key of entries.keys()) {
      if (this.#rounds.get(key) !== this.#round) {
        entries.delete(key);
        dropped += 1;
      }
    }
    // Keys marked but never stored (a lookup that missed) and keys of earlier rounds.
    for (const [key, round] of this.#rounds) if (round !== this.#round) this.#rounds.delete(key);
    this.#round += 1;
    return dropped;
  }
}
