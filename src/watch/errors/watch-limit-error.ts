import { WatchError } from './watch-error.js';

/** The sysctl line that raises the Linux inotify watch limit. */
export const INOTIFY_FIX = 'sudo sysctl fs.inotify.max_user_watches=524288';

/**
 * The OS ran out of file watches (ENOSPC from inotify). The target falls back to the reconcile loop,
 * which still syncs it, only later.
 */
export class WatchLimitError extends WatchError {
  override readonly code = 'E_WATCH_LIMIT';

  constructor(directory: string, cause?: unknown) {
    super(
      directory,
      `Cannot watch ${directory}: the system limit on file watches (inotify) is reached (ENOSPC). ` +
        'docsync keeps syncing this target from its reconcile loop only. To watch it live, raise the limit ' +
        `with \`${INOTIFY_FIX}\` (add \`fs.inotify.max_user_watches=524288\` to /etc/sysctl.d/ to keep it ` +
        'across reboots) and restart docsync.',
      cause,
    );
    this.name = 'WatchLimitError';
  }
}
