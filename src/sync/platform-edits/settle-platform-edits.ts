import { posix } from 'node:path';
import type { ChangeRequestsApi } from '../../api/resources/change-requests.js';
import type { ContentApi } from '../../api/resources/content.js';
import type { Revision } from '../../api/schemas/content.js';
import type { ExpectedPage } from '../../content/bundle/content-expectation.js';
import type { GitRepository } from '../../content/git/git-repository.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import type { TargetState } from '../../state/state-store.js';
import type { KnownRevisions } from '../known-revisions.js';
import type { PreparedContent } from '../prepared-content.js';
import type { PageChange } from './classify-pages.js';
import { branchLeftLive, type LeftLivePage } from './branch-left-live.js';
import { detectPlatformEdits } from './detect-platform-edits.js';
import type { DetectInput } from './detect-input.js';
import type { DetectedEdits } from './detected-edits.js';
import { findSyncedBase, lastSyncedCommit, type SyncedBase } from './find-synced-base.js';
import { takenInLeftLive, type TakenInPage } from './taken-in-left-live.js';
import { lastImportedRevision } from './last-imported-revision.js';
import { mergedFromBranch } from './merged-from-branch.js';
import { editSummary } from './edit-summary.js';
import { summaryAsBundled } from './summary-as-bundled.js';
import { keepPlatformEdits, type KeptEdits } from './keep-platform-edits.js';
import type { OpenChangeRequest } from './outcome-line.js';
import type { Download } from '../../http/url-downloader.js';

/** Commits of a page's history looked through for a version the platform holds again. */
const HISTORY_DEPTH = 20;

/** What reading the platform's edits calls: the content, and the change requests docsync merged. */
export interface PlatformEditsApi {
  readonly content: Pick<ContentApi, 'getRevision' | 'getPage'>;
  readonly changeRequests: Pick<ChangeRequestsApi, 'list'>;
}

export interface SettledEdits {
  /** Every page a side changed since the base. */
  readonly changes: readonly PageChange[];
  /** Where the platform's versions went; undefined when the platform changed no page. */
  readonly kept: KeptEdits | undefined;
  /**
   * Files that go live with other content than git's, by path in the docs root, `null` for a page
   * left out: a clean merge, a page the platform changed, added or removed kept as it is (`adopt`,
   * `SUMMARY.md` following), and pages an earlier sync left so (`held`).
   */
  readonly live: ReadonlyMap<string, string | null>;
  /**
   * The live pages are what this sync would make them (the platform's edits were git's changes
   * synced back, or are adopted as they are): nothing to import.
   */
  readonly nothingToWrite: boolean;
  /** Every page means what the base says on both sides: they differ from git's in bytes only. */
  readonly sameMeaning: boolean;
  /**
   * Live pages git moved that the platform changed where they were, and pages placed at git's place
   * under `adopt` ({@link KeptEdits.placedAsGit}): the path of each, by page id (the page goes there, keeping its id).
   */
  readonly movedInGit: ReadonlyMap<string, string>;
  /** The revision the check compared: main's, or that of docsync's open change request. */
  readonly revision: string;
}

/** What the state knows of the pages delivered and their base, for telling platform edits apart. */
type KnownPages = Pick<
  DetectInput,
  'base' | 'delivered' | 'changeRequestOpen' | 'movedInChangeRequest' | 'deliveredFiles' | 'holdingGit' | 'titlings' | 'changeRequest' | 'laidOut' | 'texts'
>;

interface DetectOptions {
  signal?: AbortSignal | undefined;
  known?: Pick<KnownRevisions, 'syncedBase'> | undefined;
  lastKept?: TargetState['platformEdits'];
  /** docsync's change request open in the space (see {@link keepPlatformEdits}). */
  open?: OpenChangeRequest | undefined;
}

/**
 * Before a sync overwrites live pages: which ones the platform changed since the base, and their
 * versions committed and pushed to the platform-edits branch (`preserve`, `adopt`). Work in the
 * platform is never lost: a push that fails throws before anything is overwritten.
 */
export async function settlePlatformEdits(
  api: PlatformEditsApi,
  target: SpaceTarget,
  content: Pick<PreparedContent, 'snapshot' | 'readMany' | 'commit' | 'repository'>,
  expected: readonly ExpectedPage[],
  known: KnownPages,
  options: DetectOptions & {
    dryRun?: boolean | undefined;
    /** Downloads the files uploaded in the platform that kept pages link to. */
    download?: Download | undefined;
  } = {},
): Promise<SettledEdits> {
  const detected = await detectEdits(api, target, content, expected, known, options);
  const edited = detected.changes.some((change) => change.kind === 'platform' || change.kind === 'both') || detected.moved.length > 0;
  const kept = edited ? await keepPlatformEdits(target, content, detected, new Map(expected.map((page) => [page.path, page.oid])), options) : undefined;
  const live = new Map(kept?.live);
  const heldTitles: { title: string; path: string }[] = [];
  for (const change of detected.changes) {
    const texts = change.kind === 'held' ? detected.texts.get(change.path) : undefined;
    if (texts?.platform !== undefined) live.set(change.path, texts.platform);
    if (texts?.title !== undefined) heldTitles.push({ title: texts.title, path: change.path });
  }
  // A page left live retitled, where `SUMMARY.md` gives its title: what goes live keeps that title.
  const summary = content.snapshot.summary;
  if (summary !== undefined && heldTitles.length > 0) {
    const text = live.get(summary) ?? (await summaryAsBundled(content, summary));
    live.set(summary, editSummary(text, summary, { add: [], remove: [], retitle: heldTitles }));
  }
  // Pages left live as they are (`adopt`, `held`) and pages both sides changed to the same need no write;
  // git's change of a page does (one the platform moved keeps the platform's place under `adopt`, not its text).
  // A page moved in the platform goes back to git's place unless it is adopted; one git moved goes to git's place.
  const adoptedAsIs = (change: PageChange): boolean => change.kind !== 'git' && kept?.adopted.has(change.path) === true;
  const overwrites =
    detected.changes.some((change) => change.kind !== 'converged' && change.kind !== 'held' && !adoptedAsIs(change)) ||
    detected.moved.some((path) => kept?.adopted.has(path) !== true) ||
    detected.renamedInGit.size > 0;
  // No change found at all means no base to compare with (never synced), not that the live pages are git's.
  return {
    changes: detected.changes,
    kept,
    live,
    nothingToWrite: (detected.changes.length > 0 || detected.moved.length > 0) && !overwrites,
    sameMeaning: detected.based && detected.changes.length === 0 && detected.moved.length === 0,
    movedInGit: new Map([...[...detected.renamedInGit.values()].map((to) => [to.id, to.path] as const), ...(kept?.placedAsGit ?? [])]),
    revision: detected.revision.id,
  };
}

/**
 * Which pages git and the platform changed since the base (see {@link detectPlatformEdits}), with
 * what the repository and the platform-edits branch say: nothing is kept.
 */
export async function detectEdits(
  api: PlatformEditsApi,
  target: SpaceTarget,
  content: Pick<PreparedContent, 'snapshot' | 'readMany' | 'commit' | 'repository'>,
  expected: readonly ExpectedPage[],
  known: KnownPages,
  options: DetectOptions = {},
): Promise<DetectedEdits> {
  const opened = (): Promise<GitRepository | undefined> => content.repository().catch(() => undefined);
  const readBlob = async (oid: string): Promise<Uint8Array | undefined> => (await opened())?.readBlob(oid).catch(() => undefined);
  const synced = content.commit?.oid ?? 'HEAD';
  const pastBlobs = async (docPath: string): Promise<readonly string[]> => {
    const git = await opened();
    if (git === undefined) return [];
    return git.pastBlobs(synced, posix.join(git.prefix, content.snapshot.root, docPath), HISTORY_DEPTH);
  };
  const syncedBase = (main: Pick<Revision, 'id' | 'pages'>): Promise<SyncedBase | undefined> => {
    const find = (): Promise<SyncedBase | undefined> => findSyncedBase(api, target, main.pages, options.signal);
    return options.known ? options.known.syncedBase(target.name, main.id, find) : find();
  };
  let lastMerged: Promise<string | undefined> | undefined;
  const since = (): Promise<string | undefined> => (lastMerged ??= lastSyncedCommit(api, target, options.signal));
  const leftLive = async (paths: readonly string[]): Promise<ReadonlyMap<string, LeftLivePage>> => {
    const git = await opened();
    if (git === undefined) return new Map();
    // A commit docsync merged, or one before it; any, when no merged change request records one.
    const landed = async (commit: string): Promise<boolean> => {
      const merged = await since();
      return merged === undefined || (await git.isAncestor(commit, merged));
    };
    return branchLeftLive(git, target, content.snapshot.root, synced, paths, landed);
  };
  // Without state: pages an `adopt` sync left live whose platform-edits commit git's synced commit has merged.
  const takenInLive = async (paths: readonly string[]): Promise<ReadonlyMap<string, TakenInPage>> => {
    const git = await opened();
    return git === undefined ? new Map() : takenInLeftLive(git, target, content.snapshot.root, { synced, since }, paths);
  };
  // The pages of the last platform-edits commit, once git's synced commit has merged it.
  const takenIn = async (): Promise<ReadonlySet<string>> => {
    const git = await opened();
    const kept = options.lastKept;
    if (git === undefined || kept?.commit === undefined || !(await git.isAncestor(kept.commit, synced))) return new Set();
    const folder = posix.join(git.prefix, content.snapshot.root);
    return new Set(kept.pages.map((page) => posix.relative(folder, page.file)));
  };
  // Pages git holds as a platform-edits commit wrote them, since the base's commit (without state, the one docsync last merged).
  const mergedBack = async (
    changed: ReadonlyMap<string, string>,
    { since: base, based }: { since: string | undefined; based: (path: string) => boolean },
  ): Promise<ReadonlySet<string>> => {
    const git = await opened();
    const platformEdits = target.platformEdits === 'adopt' ? 'adopt' : 'preserve';
    const from = base ?? (await since());
    return git === undefined || from === undefined
      ? new Set()
      : mergedFromBranch(git, { root: content.snapshot.root, platformEdits }, { synced, since: from }, changed, based);
  };
  // Under `overwrite` no branch holds what a sync left live: it is not read.
  const branch = target.platformEdits === 'overwrite' ? {} : { leftLive, takenIn, takenInLive, mergedFromBranch: mergedBack };
  return detectPlatformEdits(api.content, {
    spaceId: target.spaceId,
    content,
    expected,
    ...known,
    readBlob,
    pastBlobs,
    syncedBase,
    importedRevision: () => lastImportedRevision(api, target, options.signal),
    ...branch,
    openedFrom: options.open && (options.open.revisionMergedAncestor ?? options.open.revisionInitial),
    signal: options.signal,
  });
}
