import type { ContentTarget } from '../api/resources/content.js';
import type { Revision } from '../api/schemas/content.js';
import type { SyncedBase } from './platform-edits/find-synced-base.js';

/**
 * The last revision read of each content (a space's main, a change request's), kept between the
 * syncs of a long-lived process. A revision id names content that never changes, so a sync that
 * learns from a small read (the change request, the space) which revision is current takes this
 * one instead of reading its pages again when the ids agree. Per space, main and one change request
 * are kept, and per target the base found at one main revision: memory follows the targets, not the syncs.
 */
export class KnownRevisions {
  readonly #bySpace = new Map<string, { main?: Revision; changeRequest?: { id: string; revision: Revision } }>();
  readonly #bases = new Map<string, { mainRevision: string; base: Promise<SyncedBase | undefined> }>();

  /** The revision last read of `target`, if any. */
  get(target: ContentTarget): Revision | undefined {
    const space = this.#bySpace.get(target.spaceId);
    if (target.changeRequest === undefined) return space?.main;
    return space?.changeRequest?.id === String(target.changeRequest) ? space.changeRequest.revision : undefined;
  }

  /** Keeps `revision` as `target`'s newest read, in place of the one before. */
  set(target: ContentTarget, revision: Revision): void {
    const space = this.#bySpace.get(target.spaceId) ?? {};
    if (target.changeRequest === undefined) space.main = revision;
    else space.changeRequest = { id: String(target.changeRequest), revision };
    this.#bySpace.set(target.spaceId, space);
  }

  /**
   * What `find` gives for `target` while the space's main is at `mainRevision`: the base rebuilt from
   * the change requests docsync merged, which only a merge changes, and a merge moves main. A find
   * that fails is not kept.
   */
  syncedBase(target: string, mainRevision: string, find: () => Promise<SyncedBase | undefined>): Promise<SyncedBase | undefined> {
    const kept = this.#bases.get(target);
    if (kept?.mainRevision === mainRevision) return kept.base;
    const base = find();
    const entry = { mainRevision, base };
    this.#bases.set(target, entry);
    base.catch(() => {
      if (this.#bases.get(target) === entry) this.#bases.delete(target);
    });
    return base;
  }
}
