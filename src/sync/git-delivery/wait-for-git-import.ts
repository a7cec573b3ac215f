import { setTimeout as delay } from 'node:timers/promises';
import type { ApiClient } from '../../api/api-client.js';
import type { Revision } from '../../api/schemas/content.js';
import { GitImportTimeoutError } from './git-import-timeout-error.js';

/** Backoff of the reads while the platform imports: the first wait, its growth, its cap. */
const FIRST_WAIT_MS = 250;
const GROWTH = 1.5;
const LONGEST_WAIT_MS = 5000;

export interface WaitForGitImport {
  readonly spaceId: string;
  /** The space's revision before the import: until it moves, only the space is read. */
  readonly before: string | undefined;
  readonly commit: string;
  readonly timeoutMs: number;
  /** The repository's URL without credentials, for the timeout's message. */
  readonly shownUrl: string;
  readonly signal?: AbortSignal | undefined;
  /** Default: a real timer. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * Waits for an import the API queued (importGitRepository answers 204 before it runs): reads the
 * space until its revision moves, then that revision, until it carries the commit (`git.oid`), with
 * a growing wait between reads, up to `timeoutMs` (`GitImportTimeoutError`). Each read goes through
 * the client's own retries.
 */
export async function waitForGitImport(api: Pick<ApiClient, 'spaces' | 'content'>, wait: WaitForGitImport): Promise<Revision> {
  const now = wait.now ?? Date.now;
  const sleep = wait.sleep ?? ((ms: number, signal?: AbortSignal) => delay(ms, undefined, signal ? { signal } : undefined));
  const deadline = now() + wait.timeoutMs;
  let seen = wait.before;
  for (let attempt = 0; ; attempt++) {
    const { revision } = await api.spaces.get(wait.spaceId, { signal: wait.signal });
    if (revision !== undefined && revision !== seen) {
      const read = await api.content.getRevision({ spaceId: wait.spaceId, revision }, { signal: wait.signal });
      if (read.git?.oid === wait.commit) return read;
      // Another revision (an edit meanwhile): the import may still come.
      seen = revision;
    }
    const left = deadline - now();
    if (left <= 0) throw new GitImportTimeoutError(wait.commit, wait.timeoutMs, wait.shownUrl);
    await sleep(Math.max(1, Math.min(FIRST_WAIT_MS * GROWTH ** attempt, LONGEST_WAIT_MS, left)), wait.signal);
  }
}
