import type { ContentApi, ContentReadOptions, ContentTarget, RevisionTarget } from '../api/resources/content.js';
import type { Revision } from '../api/schemas/content.js';
import type { KnownRevisions } from './known-revisions.js';

/**
 * Content reads started before anyone asks for them, so that reads which do not wait on each other
 * run together: each one a later step asks for is answered from the read already in flight, as often
 * as it is asked (the plan and the platform-edits check both read main when no change request is
 * open), until {@link drop}, which the sync calls before it writes. A read started and never asked
 * for is dropped, its failure included.
 * With `known` revisions (a long-lived process), every current content read is kept there, and a
 * read started with a way to learn the current revision's id answers the kept one when the ids agree.
 */
export class RevisionReadAhead {
  readonly #pending = new Map<string, Promise<Revision>>();

  constructor(
    private readonly api: Pick<ContentApi, 'getRevision'>,
    private readonly known?: KnownRevisions,
  ) {}

  /**
   * Starts reading `target`'s current content. `currentId`, when given, says which revision is
   * current in a smaller read (the change request's or the space's own): asked only when a revision
   * of `target` is kept, whose pages then are not read again if it is that one.
   */
  start(target: ContentTarget, signal: AbortSignal | undefined, currentId?: () => Promise<string | undefined>): void {
    const kept = this.known?.get(target);
    const read =
      kept !== undefined && currentId !== undefined
        ? currentId().then((id) => (id === kept.id ? kept : this.#read(target, { signal })))
        : this.#read(target, { signal });
    // Whoever takes it sees its failure; nobody taking it is no failure.
    read.catch(() => undefined);
    this.#pending.set(keyOf(target), read);
  }

  readonly getRevision = (target: ContentTarget | RevisionTarget, options: ContentReadOptions = {}): Promise<Revision> => {
    if ('revision' in target) return this.api.getRevision(target, options);
    const key = keyOf(target);
    const ahead = options.metadata === undefined && options.computed === undefined ? this.#pending.get(key) : undefined;
    return ahead ?? this.#read(target, options);
  };

  /** Drops the reads started ahead: after a write, content is read afresh. */
  drop(): void {
    this.#pending.clear();
  }

  async #read(target: ContentTarget, options: ContentReadOptions): Promise<Revision> {
    const revision = await this.api.getRevision(target, options);
    // A read leaving pages' content or metadata out is not the revision whole; pages' git metadata
    // is the one part of a revision the API may change later (Git Sync): such a revision is not kept.
    if (options.metadata === undefined && options.computed === undefined && revision.git === undefined && !carriesGit(revision.pages))
      this.known?.set(target, revision);
    return revision;
  }
}

function carriesGit(pages: Revision['pages']): boolean {
  return pages.some((page) => page.git !== undefined || carriesGit(page.pages ?? []));
}

function keyOf(target: ContentTarget): string {
  return target.changeRequest === undefined ? target.spaceId : `${target.spaceId}/${String(target.changeRequest)}`;
}
