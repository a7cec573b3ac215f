import type { GitDelivery } from '../../config/git-delivery-schema.js';
import { GitDeliveryRemoteError } from '../../content/errors/git-delivery-remote-error.js';
import { pushReason, redactUrl, remoteRefOid } from '../../content/git/git-network.js';
import type { GitImportSource } from './git-import-source.js';

/** Whether the remote holds the commit at the ref, or docsync is to push it there first. */
export type RemoteRefState = 'holds' | 'push';

/**
 * Reads the ref on the remote (`git ls-remote`): the platform can only import what the remote holds.
 * It holds the synced commit, or `git.push` says to push it there (`push`); otherwise a
 * `GitDeliveryRemoteError` says what is wrong and how to fix it, naming the URL without credentials.
 */
export async function checkRemoteRef(git: GitDelivery, source: GitImportSource, signal?: AbortSignal): Promise<RemoteRefState> {
  const shown = redactUrl(git.url);
  let found: string | undefined;
  try {
    found = await remoteRefOid(git.url, source.ref, { signal });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new GitDeliveryRemoteError(
      'unreachable',
      shown,
      source.ref,
      `delivery: git: the remote ${shown} could not be read (${why}); check git.url and its credentials (git ls-remote). Nothing was imported.`,
      error,
    );
  }
  if (found === source.commit) return 'holds';
  if (git.push) return 'push';
  const short = source.commit.slice(0, 12);
  const fix = `push it first (git push <remote> ${short}:${source.ref}), or set git.push: true`;
  throw found === undefined
    ? new GitDeliveryRemoteError(
        'missing',
        shown,
        source.ref,
        `delivery: git: ${shown} has no ${source.ref}, so the platform cannot import commit ${short}: ${fix}. Nothing was imported.`,
      )
    : new GitDeliveryRemoteError(
        'elsewhere',
        shown,
        source.ref,
        `delivery: git: ${source.ref} on ${shown} is at ${found.slice(0, 12)}, not at commit ${short} that docsync syncs: ${fix}. Nothing was imported.`,
      );
}

/** Pushes the synced commit to the ref (branches only, a fast-forward only). */
export async function pushToRemote(git: GitDelivery, source: GitImportSource): Promise<void> {
  const shown = redactUrl(git.url);
  const branch = /^refs\/heads\/(.+)$/.exec(source.ref)?.[1];
  const refuse = (reason: string, cause?: unknown): GitDeliveryRemoteError =>
    new GitDeliveryRemoteError(
      'push-rejected',
      shown,
      source.ref,
      `delivery: git: pushing commit ${source.commit.slice(0, 12)} to ${source.ref} on ${shown} was refused (${reason}). Nothing was imported.`,
      cause,
    );
  if (branch === undefined) throw refuse('git.push pushes branches only: push the tag yourself');
  try {
    await source.repository.push(git.url, source.commit, branch);
  } catch (error) {
    // The push error names the remote as given: only git's own reason (credentials masked) is kept.
    throw refuse(pushReason(error).replaceAll(git.url, shown));
  }
}
