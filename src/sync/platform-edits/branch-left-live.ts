import { posix } from 'node:path';
import { decodeText } from '../../content/gitbook/clean-text.js';
import { gitBlobOid } from '../../content/git/git-blob-oid.js';
import type { GitRepository } from '../../content/git/git-repository.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import { branchRecords, type BranchRecord } from './branch-records.js';
import { fetchBranchTip } from './fetch-branch-tip.js';
import { platformSide } from './taken-in-left-live.js';
import { keptInRemoved } from './removed-conflict.js';
import { readSynced } from './outcome-line.js';

/** A page a sync left live with other content than git's, or left out, as the platform-edits branch holds it. */
export interface LeftLivePage {
  /** Blob id of the content left live; undefined for a page left out (removed in the platform). */
  readonly live: string | undefined;
  /** Blob id git held for the page then (what a runner with state keeps as its base); undefined when the branch does not name it. */
  readonly gitBlob: string | undefined;
  /** The text left live, where no blob of git's holds it (a conflict's platform side). */
  readonly text?: string;
  /** A page git does not have (added in the platform): its id there, whatever place the platform gave it since; for a page left out because the platform gave it another path, its id. */
  readonly pageId?: string;
}

/**
 * Of `paths` (pages in the docs root whose live version is not git's, or not live), those a sync
 * left live as the platform-edits branch on the remote holds them, by path, as the branch's newest
 * commit that changed each says: under `adopt` a page edited in the platform, removed there, or
 * merged, or in conflict (the platform's side of the markers, what went live); under `preserve` only a
 * clean merge at a path git has (see {@link leftLiveBy}). Pages the platform added
 * that a sync left live come with their ids, whatever `paths` says: the platform may have moved them
 * since. What a runner without state knows of such pages instead of the state's record. A commit
 * made while syncing a git commit docsync has not merged (`landed`: its change request waits for
 * review) says what went into that change request, not live: it is passed over, as a runner with state
 * keeps its base until then. One fetch of the branch (none when the remote has no branch) and one
 * `git log` of it for all pages.
 */
export async function branchLeftLive(
  repository: GitRepository,
  target: Pick<SpaceTarget, 'name' | 'platformEdits' | 'platformEditsBranch' | 'platformEditsRemote'>,
  root: string,
  synced: string,
  paths: readonly string[],
  landed: (commit: string) => Promise<boolean>,
): Promise<Map<string, LeftLivePage>> {
  const held = new Map<string, LeftLivePage>();
  if (paths.length === 0 || !(await repository.hasRemote(target.platformEditsRemote))) return held;
  const tip = await fetchBranchTip(repository, target);
  if (tip === undefined) return held;
  const folder = posix.join(repository.prefix, root).replace(/^\.$/, '');
  // The branch holds every file of the commit it started from: only the versions its own commits made count.
  const records = await branchRecords(repository, tip, synced, folder, async (commit) => {
    const made = readSynced(commit.message);
    return made === undefined || (await landed(made));
  });
  const leftSo = (record: BranchRecord): boolean => leftLiveBy(target.platformEdits, record);
  const added = [...records].flatMap(([file, record]) =>
    record.pageId !== undefined && record.blob !== undefined && leftSo(record) ? [posix.relative(folder, file)] : [],
  );
  for (const path of new Set([...paths, ...added])) {
    const record = records.get(posix.join(folder, path));
    if (record !== undefined && leftSo(record))
      held.set(path, { live: record.blob, gitBlob: record.gitBlob, ...(record.pageId === undefined ? {} : { pageId: record.pageId }) });
    else if (record !== undefined) {
      const side = await leftLiveInConflict(repository, target.platformEdits, record);
      if (side !== undefined) held.set(path, { live: side.oid, gitBlob: record.gitBlob, text: side.text });
    }
  }
  return held;
}

/**
 * Whether a sync left a page live (or out) as the branch's record of it says: under `adopt` a page
 * edited in the platform, removed there, or merged; under `preserve` only a clean merge at a path
 * git has (one git's commit names a blob for), since a page kept from the platform alone goes back
 * to git's, and so does one the platform moved: git's version goes live at git's place.
 */
export function leftLiveBy(platformEdits: SpaceTarget['platformEdits'], record: Pick<BranchRecord, 'outcome' | 'gitBlob'>): boolean {
  if (platformEdits !== 'adopt') return record.outcome === 'merged' && record.gitBlob !== undefined;
  return record.outcome !== undefined && ['merged', 'edited', 'removed'].includes(record.outcome);
}

/**
 * What a conflict the branch records left live under `adopt`: the platform's side of its markers, or
 * with `removedToo` the platform's version a conflict over a page git removed holds
 * ({@link keptInRemoved}); undefined for any other record.
 */
export async function leftLiveInConflict(
  repository: Pick<GitRepository, 'readBlob'>,
  platformEdits: SpaceTarget['platformEdits'],
  record: Pick<BranchRecord, 'outcome' | 'blob'>,
  removedToo = false,
): Promise<{ readonly oid: string; readonly text: string } | undefined> {
  if (record.outcome !== 'conflict' || record.blob === undefined || platformEdits !== 'adopt') return undefined;
  const text = decodeText(await repository.readBlob(record.blob));
  const side = platformSide(text) ?? (removedToo ? keptInRemoved(text) : undefined);
  return side === undefined ? undefined : { oid: gitBlobOid(new TextEncoder().encode(side)), text: side };
}
