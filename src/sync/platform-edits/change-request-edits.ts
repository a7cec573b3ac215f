import { posix } from 'node:path';
import { GitError } from '../../content/errors/git-error.js';
import type { GitRepository } from '../../content/git/git-repository.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import type { TargetState } from '../../state/state-store.js';
import type { PlatformEditsStepInput } from './platform-edits-step.js';
import { settlePlatformEdits, type PlatformEditsApi, type SettledEdits } from './settle-platform-edits.js';
import type { ExpectedPage } from '../../content/bundle/content-expectation.js';
import type { PreparedContent } from '../prepared-content.js';
import type { TargetBase } from './detected-edits.js';
import { livePathsOf } from '../pages/live-pages.js';
import { syncedLayout } from '../pages/synced-layout.js';
import type { ChangeRequest } from '../../api/schemas/change-request.js';
import { recordedCommit } from '../change-request-subject.js';
import { syncedBaseAt } from './find-synced-base.js';
import { holdsChanges } from '../find-docsync-change-request.js';
import type { CommitChanges } from '../../content/git/git-repository.js';
import { branchRecords } from './branch-records.js';
import { leftLiveBy, leftLiveInConflict } from './branch-left-live.js';
import { fetchBranchTip } from './fetch-branch-tip.js';
import { readSynced } from './outcome-line.js';

/**
 * Edits docsync did not make inside its own open change request (a reviewer's fix): the change
 * request's pages changed since docsync delivered them, compared with what it delivered (the commit
 * the change request's marker records, read from git). They are platform edits: to the branch under
 * `preserve`, kept in the change request under `adopt`; a page git changed since as well is merged,
 * as a page both sides changed in main is. With a record of what was delivered there, a page is
 * unchanged while its `updatedAt` is the one read back. Undefined when neither is known, or when nothing was
 * written into the change request since it was opened: it then holds main as it was (a run that found
 * main moved and plans again opened it), whose edits are main's, found by the check of main.
 */
export async function changeRequestEdits(
  api: PlatformEditsApi,
  changeRequest: Pick<ChangeRequest, 'id' | 'subject' | 'revision' | 'revisionInitial'>,
  input: Pick<PlatformEditsStepInput, 'target' | 'content' | 'state' | 'expected' | 'titlings' | 'holdingGit' | 'dryRun' | 'signal' | 'download'> & {
    /** The commit this run's check of main put on the branch: what it keeps is not in the change request yet. */
    readonly madeNow?: string | undefined;
  },
): Promise<SettledEdits | undefined> {
  const { target, state, content } = input;
  if (!holdsChanges(changeRequest)) return undefined;
  const recorded = state?.delivered !== undefined && state.changeRequest?.id === changeRequest.id ? state.delivered : undefined;
  const expected = await input.expected();
  const sha = recordedCommit(changeRequest.subject, target.name);
  // Without a record, or with pages it knows by id only (sent with other content than git's): the
  // branch says what that delivery laid over git's pages.
  const unhashed = recorded !== undefined && [...recorded.pages.values()].some((page) => page.hash === undefined);
  const laid = sha !== undefined && (recorded === undefined || unhashed) ? await laidOver(target, content, sha, input.madeNow) : undefined;
  const delivered = recorded
    ? await deliveredBase(content, expected, recorded.pages, sha, input.signal)
    : markedBase(await markedPages(target, sha, input.signal));
  if (delivered === undefined) return undefined;
  const base = laid === undefined ? delivered : withLaidOver(delivered, laid.pages);
  return settlePlatformEdits(
    api,
    target,
    content,
    expected,
    {
      base,
      delivered: recorded?.pages,
      deliveredFiles: recorded?.files,
      holdingGit: recorded ? undefined : input.holdingGit,
      titlings: input.titlings,
      changeRequest: changeRequest.id,
      laidOut: (tree) => livePathsOf(syncedLayout(content.snapshot, tree, target.groups).groups),
      texts: laid?.texts,
    },
    { dryRun: input.dryRun, signal: input.signal, download: input.download },
  );
}

/** The blob of each page of the commit the change request's marker records (`sha`), by path; undefined without one this clone has. */
async function markedPages(
  target: Pick<SpaceTarget, 'directory' | 'groups'>,
  sha: string | undefined,
  signal: AbortSignal | undefined,
): Promise<ReadonlyMap<string, string> | undefined> {
  const marked = sha === undefined ? undefined : await syncedBaseAt(target, sha, [], signal);
  return marked === undefined ? undefined : new Map(marked.pages.map((page) => [page.path, page.oid]));
}

/** Without a record of what was delivered: the pages of the marked commit, as delivered. */
function markedBase(marked: ReadonlyMap<string, string> | undefined): TargetBase | undefined {
  // No fingerprints: a base without a version has them made again from its blobs.
  return marked && { pages: new Map([...marked].map(([path, oid]) => [path, { oid, fingerprint: '' }])) };
}

/** `base` with what a sync laid over git's pages (`laid`: the blob it sent instead, or null for a page it left out). */
function withLaidOver(base: TargetBase, laid: ReadonlyMap<string, string | null>): TargetBase {
  if (laid.size === 0) return base;
  const pages = new Map(base.pages);
  for (const [path, oid] of laid) {
    if (oid === null) pages.delete(path);
    else pages.set(path, { oid, fingerprint: '' });
  }
  return { pages };
}

/** What a sync laid over git's pages: by path in the docs root, the blob it sent, or null for a page it left out. */
interface LaidOver {
  readonly pages: ReadonlyMap<string, string | null>;
  /** The texts of those blobs git does not hold (the platform's side of a conflict), by blob id. */
  readonly texts: ReadonlyMap<string, string>;
}

/**
 * What the sync that delivered the marked commit (`sha`, as the marker abbreviates it) laid over
 * git's pages in the change request, as the platform-edits branch's commits made while syncing it
 * or a commit before it say (as branch-left-live.ts reads them; under `adopt` a page in conflict
 * went in as the platform's side of it). A page the platform added that went in with them is
 * docsync's delivery, not a reviewer's.
 */
async function laidOver(
  target: Pick<SpaceTarget, 'name' | 'platformEdits' | 'platformEditsBranch' | 'platformEditsRemote'>,
  content: Pick<PreparedContent, 'snapshot' | 'repository'>,
  sha: string,
  madeNow: string | undefined,
): Promise<LaidOver> {
  const none = { pages: new Map(), texts: new Map() };
  const root = content.snapshot.root;
  const git = await content.repository().catch(() => undefined);
  if (git === undefined || !(await git.hasRemote(target.platformEditsRemote))) return none;
  const tip = await fetchBranchTip(git, target);
  if (tip === undefined) return none;
  const folder = posix.join(git.prefix, root).replace(/^\.$/, '');
  // Made while syncing that commit, or one before it: what an earlier sync left live was laid over this one's too.
  // Not by this run: its delivery is still to come.
  const madeFor = async (commit: CommitChanges): Promise<boolean> => {
    if (commit.oid === madeNow) return false;
    const made = readSynced(commit.message);
    return made !== undefined && (made.startsWith(sha) || (await git.isAncestor(made, sha)));
  };
  const pages = new Map<string, string | null>();
  const texts = new Map<string, string>();
  for (const [file, record] of await branchRecords(git, tip, sha, folder, madeFor)) {
    const path = posix.relative(folder, file);
    if (leftLiveBy(target.platformEdits, record)) pages.set(path, record.blob ?? null);
    else {
      const side = await leftLiveInConflict(git, target.platformEdits, record, true);
      if (side === undefined) continue;
      pages.set(path, side.oid);
      texts.set(side.oid, side.text);
    }
  }
  return { pages, texts };
}

/**
 * What docsync delivered to the change request, page by page: the version of each page it sent at
 * the marked commit (`sha`: its files' blobs listed, nothing parsed); without that commit, git's now
 * (the one before a page git removed since).
 */
async function deliveredBase(
  content: Pick<PreparedContent, 'snapshot' | 'commit' | 'repository'>,
  expected: readonly ExpectedPage[],
  delivered: NonNullable<TargetState['delivered']>['pages'],
  sha: string | undefined,
  signal: AbortSignal | undefined,
): Promise<TargetBase> {
  const gitOids = new Map(expected.map((page) => [page.path, page.oid]));
  const repository = content.repository().catch(() => undefined);
  const removedOid = async (path: string): Promise<string | undefined> => {
    const git = await repository;
    const past = await git?.pastBlobs(content.commit?.oid ?? 'HEAD', posix.join(git.prefix, content.snapshot.root, path), 1);
    return past?.[0];
  };
  const marked = sha === undefined ? undefined : await blobsAt(await repository, sha, content.snapshot.root, signal);
  const entries: (readonly [string, { oid: string; fingerprint: string }])[] = [];
  for (const [path] of delivered) {
    const oid = marked?.get(path) ?? gitOids.get(path) ?? (await removedOid(path));
    // No fingerprints: a base without a version has them made again from its blobs.
    if (oid !== undefined) entries.push([path, { oid, fingerprint: '' }]);
  }
  return { pages: new Map(entries) };
}

/** The blob of each file below the docs root at `commit`, by path in that root; undefined where this clone lacks the commit or the folder. */
async function blobsAt(
  git: GitRepository | undefined,
  commit: string,
  root: string,
  signal: AbortSignal | undefined,
): Promise<ReadonlyMap<string, string> | undefined> {
  if (git === undefined) return undefined;
  const folder = posix.join(git.prefix, root);
  try {
    return new Map((await git.listTree(commit, folder === '.' ? '' : folder)).map((entry) => [entry.path, entry.oid]));
  } catch (error) {
    signal?.throwIfAborted();
    if (error instanceof GitError) return undefined;
    throw error;
  }
}
