import { describe, expect, it } from 'vitest';
import { WatchError } from '../../../src/watch/errors/watch-error.js';
import { INOTIFY_FIX, WatchLimitError } from '../../../src/watch/errors/watch-limit-error.js';
import { toWatchError } from '../../../src/watch/to-watch-error.js';

/** What Node's fs.watch throws when inotify has no watches left. */
function enospc(): NodeJS.ErrnoException {
  return Object.assign(new Error("ENOSPC: System limit for number of file watchers reached, watch '/srv/docs/guide'"), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'watch',
    path: '/srv/docs/guide',
  });
}

describe('toWatchError', () => {
  it('maps ENOSPC to a WatchLimitError naming the directory and the sysctl fix', () => {
    const cause = enospc();
    const error = toWatchError(cause, '/srv/docs');
    expect(error).toBeInstanceOf(WatchLimitError);
    expect(error).toBeInstanceOf(WatchError);
    expect(error.code).toBe('E_WATCH_LIMIT');
    expect(error.directory).toBe('/srv/docs');
    expect(error.message).toContain('/srv/docs');
    expect(error.message).toContain('sysctl fs.inotify.max_user_watches=524288');
    expect(error.message).toContain(INOTIFY_FIX);
    expect(error.message).toMatch(/reconcile loop/);
    expect(error.cause).toBe(cause);
  });

  it('wraps anything else as a plain WatchError with the cause', () => {
    const cause = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    const error = toWatchError(cause, '/srv/docs');
    expect(error).not.toBeInstanceOf(WatchLimitError);
    expect(error.code).toBe('E_WATCH');
    expect(error.message).toBe('Watching /srv/docs failed: EACCES: permission denied');
    expect(error.cause).toBe(cause);
    expect(toWatchError('boom', '/x').message).toBe('Watching /x failed: boom');
  });

  it('passes typed errors through', () => {
    const typed = new WatchLimitError('/a');
    expect(toWatchError(typed, '/b')).toBe(typed);
  });
});
