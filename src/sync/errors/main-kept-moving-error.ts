/**
 * The space's main revision changed during every pass one sync may make (see `syncAgainIfMoved`):
 * something keeps writing to the space while docsync syncs it. Nothing of git's went live over
 * those writes; the platform's edits a pass found are on the platform-edits branch.
 */
export class MainKeptMovingError extends Error {
  readonly code = 'E_SYNC_MAIN_MOVING';

  constructor(
    readonly target: string,
    passes: number,
    options: { cause: unknown },
  ) {
    super(
      `${target}: the space's main revision changed during each of ${passes} passes of this sync (someone or something is writing to the space meanwhile), ` +
        'so nothing of git was merged over those writes. Sync again once they stop: the next run plans from what is live then.',
      options,
    );
    this.name = 'MainKeptMovingError';
  }
}
