import type { StateStore, TargetState } from '../state/state-store.js';
import { sameValue } from './field-diff.js';

/** State-store key of a site target. */
export function siteStateKey(siteId: string): string {
  return `site:${siteId}`;
}

/** The key → live id memory of one site, as the state store holds it. */
export async function readSiteIdentities(state: StateStore, siteId: string | undefined): Promise<Record<string, string>> {
  if (siteId === undefined) return {};
  return (await state.get(siteStateKey(siteId)))?.siteIds ?? {};
}

/**
 * Keeps the identities of an apply in step with the state store: what the plan matched, plus what
 * apply creates, minus what it deletes. Saved after every creation, so a crash halfway leaves ids
 * the next plan recognises instead of duplicates.
 */
export class SiteIdentities {
  readonly #state: StateStore;
  readonly #ids: Map<string, string>;
  readonly #matched: Record<string, string>;
  readonly #created = new Map<string, string>();
  #siteId: string | undefined;
  #previous: TargetState | undefined;

  private constructor(state: StateStore, siteId: string | undefined, previous: TargetState | undefined, matched: Record<string, string>) {
    this.#state = state;
    this.#siteId = siteId;
    this.#previous = previous;
    this.#matched = matched;
    this.#ids = new Map(Object.entries({ ...previous?.siteIds, ...matched }));
  }

  static async open(state: StateStore, siteId: string | undefined, matched: Record<string, string>): Promise<SiteIdentities> {
    const previous = siteId === undefined ? undefined : await state.get(siteStateKey(siteId));
    return new SiteIdentities(state, siteId, previous, matched);
  }

  get(identity: string): string | undefined {
    return this.#ids.get(identity);
  }

  /** The site apply created. */
  setSite(siteId: string): void {
    this.#siteId = siteId;
  }

  async created(identity: string, id: string): Promise<void> {
    this.#ids.set(identity, id);
    this.#created.set(identity, id);
    await this.#save(Object.fromEntries(this.#ids));
  }

  deleted(id: string): void {
    for (const [identity, value] of this.#ids) if (value === id) this.#ids.delete(identity);
  }

  /** After a complete apply: exactly what the manifest holds now. Writes only when it changed. */
  async complete(): Promise<void> {
    await this.#save({ ...this.#matched, ...Object.fromEntries(this.#created) });
  }

  /** After a failure: everything still worth remembering. */
  async interrupted(): Promise<void> {
    await this.#save(Object.fromEntries(this.#ids));
  }

  async #save(siteIds: Record<string, string>): Promise<void> {
    if (this.#siteId === undefined || sameValue(siteIds, this.#previous?.siteIds ?? {})) return;
    const next: TargetState = { reviewersRequested: [], ...this.#previous, siteIds, syncedAt: new Date().toISOString() };
    await this.#state.set(siteStateKey(this.#siteId), next);
    this.#previous = next;
  }
}
