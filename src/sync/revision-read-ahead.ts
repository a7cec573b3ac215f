import type { ContentApi, ContentReadOptions, ContentTarget, RevisionTarget } from '../api/resources/content.js';
import type { Revision } from '../api/schemas/content.js';

/**
 * Content reads started before anyone asks for them, so that reads which do not wait on each other
 * run together: each one a later step asks for is answered once from the read already in flight,
 * then read again as usual. A read started and never asked for is dropped, its failure included.
 */
export class RevisionReadAhead {
  readonly #pending = new Map<string, Promise<Revision>>();

  constructor(private readonly api: Pick<ContentApi, 'getRevision'>) {}

  start(target: ContentTarget, signal: AbortSignal | undefined): void {
    const read = this.api.getRevision(target, { signal });
    // Whoever takes it sees its failure; nobody taking it is no failure.
    read.catch(() => undefined);
    this.#pending.set(keyOf(target), read);
  }

  readonly getRevision = (target: ContentTarget | RevisionTarget, options: ContentReadOptions = {}): Promise<Revision> => {
    if ('revision' in target) return this.api.getRevision(target, options);
    const key = keyOf(target);
    const ahead = options.metadata === undefined && options.computed === undefined ? this.#pending.get(key) : undefined;
    if (ahead === undefined) return this.api.getRevision(target, options);
    this.#pending.delete(key);
    return ahead;
  };

  /** Drops the reads not asked for: after a write, content is read afresh. */
  drop(): void {
    this.#pending.clear();
  }
}

function keyOf(target: ContentTarget): string {
  return target.changeRequest === undefined ? target.spaceId : `${target.spaceId}/${String(target.changeRequest)}`;
}
