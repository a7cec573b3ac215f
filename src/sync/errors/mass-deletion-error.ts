import { ContentError } from '../../content/errors/content-error.js';

/** Names shown before "and N more". */
const SHOWN = 20;

/** A sync would remove more of the live pages than `sync.maxDeletions` allows; nothing was written. */
export class MassDeletionError extends ContentError {
  override readonly code = 'E_SYNC_MASS_DELETION';

  constructor(
    target: string,
    readonly removed: readonly string[],
    livePages: number,
    limit: string,
  ) {
    const shown = removed.slice(0, SHOWN).join(', ');
    const more = removed.length > SHOWN ? ` and ${removed.length - SHOWN} more` : '';
    super(
      `The sync of ${target} would remove ${removed.length} of the ${livePages} live pages, more than sync.maxDeletions (${limit}) allows; nothing was written. ` +
        `Pages it would remove: ${shown}${more}. If SUMMARY.md lost entries by mistake, fix it; if the removal is meant, run again with --allow-deletions or raise sync.maxDeletions.`,
    );
    this.name = 'MassDeletionError';
  }
}
