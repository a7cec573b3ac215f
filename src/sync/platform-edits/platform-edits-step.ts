import type { ExpectedPage } from '../../content/bundle/content-expectation.js';
import type { Download } from '../../http/url-downloader.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import type { Delivered, TargetState } from '../../state/state-store.js';
import type { KnownRevisions } from '../known-revisions.js';
import type { PreparedContent } from '../prepared-content.js';
import type { KeptEdits, KeptPage } from './keep-platform-edits.js';
import type { Titlings } from './page-titlings.js';
import { isHeadingKey } from '../pages/page-plan.js';
import type { OpenChangeRequest } from './outcome-line.js';
import { settlePlatformEdits, type PlatformEditsApi, type SettledEdits } from './settle-platform-edits.js';

/** Where the platform's versions of pages went, and what became of each. */
export interface PlatformEditsResult {
  /** `preserve`: git's version went live; `adopt`: pages changed only in the platform stayed live. */
  mode: 'preserve' | 'adopt';
  branch: string;
  remote: string;
  /** The branch's commit holding them; absent in a dry run, or when git holds them already. */
  commit?: string;
  pages: readonly KeptPage[];
  /** Pages both sides changed in the same lines: committed with conflict markers. */
  conflicts: number;
  /** This sync pushed `commit` to the branch; false when the branch (or git) had it already. */
  pushed: boolean;
  /** Conflicts earlier commits left on the branch that still stand at `commit`: the state's record names them until resolved. */
  standing?: readonly { readonly file: string; readonly line: number }[];
}

export interface PlatformEditsStepInput {
  readonly target: SpaceTarget;
  readonly content: PreparedContent;
  readonly state: TargetState | undefined;
  /** Every page git holds, by path and blob id. */
  readonly expected: () => Promise<readonly ExpectedPage[]>;
  /** The live files (assets) differ from git's: something is to write whatever the pages say. */
  readonly filesDiffer: boolean;
  /**
   * The live content was compared with git's by page content alone (an import's check): pages that
   * mean what git holds leave nothing to write. Page batches also plan places and titles.
   */
  readonly byContent: boolean;
  /** How the platform titles each page of git's docs. */
  readonly titlings: Titlings;
  /** Without state: live pages the sync's plan found holding git's version, path by page id. */
  readonly holdingGit?: Readonly<Record<string, string>> | undefined;
  readonly dryRun?: boolean | undefined;
  readonly signal?: AbortSignal | undefined;
  /** A long-lived process's revisions and bases found before (see {@link KnownRevisions}). */
  readonly known?: Pick<KnownRevisions, 'syncedBase'> | undefined;
  /** Downloads the files uploaded in the platform that kept pages link to, into git. */
  readonly download?: Download | undefined;
  /** docsync's change request open in the space, if any. */
  readonly open?: OpenChangeRequest | undefined;
}

export interface PlatformEditsStep {
  readonly settled: SettledEdits;
  /** The live content is git's, or what this sync keeps: the sync has nothing to write. */
  readonly nothingToWrite: boolean;
  /** What the sync's result says of them. */
  readonly reported: { platformEdits?: PlatformEditsResult };
}

/**
 * The step of a sync before it overwrites live pages (`platformEdits` other than `overwrite`):
 * pages edited in the platform go to git first, or stay live (`adopt`).
 */
export async function platformEditsStep(api: PlatformEditsApi, input: PlatformEditsStepInput): Promise<PlatformEditsStep> {
  const { target, content, state } = input;
  const settled = await settlePlatformEdits(
    api,
    target,
    content,
    await input.expected(),
    { base: state?.base, ...deliveredToMain(state), deliveredFiles: state?.delivered?.files, holdingGit: input.holdingGit, titlings: input.titlings },
    {
      dryRun: input.dryRun,
      signal: input.signal,
      known: input.known,
      lastKept: state?.platformEdits,
      download: input.download,
      open: input.open,
    },
  );
  const nothing = settled.nothingToWrite || (input.byContent && settled.sameMeaning);
  return { settled, nothingToWrite: nothing && !input.filesDiffer, reported: reportOf(settled, target.platformEdits) };
}

/**
 * The pages the state's record says were delivered that main holds as delivered. While docsync's
 * change request is open the record is the change request's, and its base is main's: main holds a
 * page there only at a path of that base (a page the change request moved is at its old place in main;
 * the others are named apart, by id).
 */
function deliveredToMain(state: TargetState | undefined): {
  delivered: Delivered['pages'] | undefined;
  changeRequestOpen?: boolean;
  movedInChangeRequest?: ReadonlyMap<string, string>;
} {
  const pages = state?.delivered?.pages;
  if (pages === undefined || state?.changeRequest === undefined) return { delivered: pages };
  const base = state.base?.pages;
  const inMain = (path: string): boolean => isHeadingKey(path) || base?.has(path) === true;
  return {
    delivered: new Map([...pages].filter(([path]) => inMain(path))),
    changeRequestOpen: true,
    movedInChangeRequest: new Map([...pages].flatMap(([path, page]) => (inMain(path) ? [] : [[page.id, path] as const]))),
  };
}

function reportOf(settled: SettledEdits, mode: SpaceTarget['platformEdits']): { platformEdits?: PlatformEditsResult } {
  const kept = settled.kept;
  // No page new to the branch (all left live as an earlier run kept them): nothing to report.
  if (kept === undefined || kept.pages.length === 0) return {};
  const conflicts = kept.pages.filter((page) => page.outcome === 'conflict').length;
  return {
    platformEdits: {
      mode: mode === 'adopt' ? 'adopt' : 'preserve',
      branch: kept.branch,
      remote: kept.remote,
      ...(kept.commit === undefined ? {} : { commit: kept.commit }),
      pages: kept.pages,
      conflicts,
      pushed: kept.pushed,
      ...(kept.standing === undefined || kept.standing.length === 0 ? {} : { standing: kept.standing }),
    },
  };
}

/**
 * The step's outcome with the edits found in docsync's own change request (`reviewed`, kept after
 * it): their pages go live as they were settled too, unless main's edits settle the same page with
 * a version the change request did not hold already, and the report names both. The change request
 * then holds content to write whatever main says.
 */
export function withReviewed(step: PlatformEditsStep, reviewed: SettledEdits | undefined, mode: SpaceTarget['platformEdits']): PlatformEditsStep {
  if (reviewed?.kept === undefined || reviewed.kept.pages.length === 0) return step;
  // A reviewer's fix of a page whose main version docsync had laid over the change request: that fix holds main's edit.
  const mainVersion = new Map(step.settled.changes.map((change) => [change.path, change.platform]));
  const ontoMain = new Set(
    reviewed.changes.flatMap((change) => (change.base !== undefined && mainVersion.get(change.path) === change.base ? [change.path] : [])),
  );
  const live = new Map([...reviewed.live, ...[...step.settled.live].filter(([path]) => !ontoMain.has(path))]);
  return withOtherKept(step, reviewed.kept, live, reviewed.kept.commit ?? step.settled.kept?.commit, mode);
}

/**
 * A pass after docsync archived its change request because main moved under it: this pass's check of
 * main, which keeps what the platform wrote since (the edit the change request conflicted with), with
 * what the pass before kept from that change request (a reviewer's edits there, on the branch already)
 * where this check says nothing of a page.
 */
export function afterArchived(step: PlatformEditsStep, before: PlatformEditsStep, mode: SpaceTarget['platformEdits']): PlatformEditsStep {
  const earlier = before.settled.kept;
  if (earlier === undefined || earlier.pages.length === 0) return step;
  const mine = step.settled.kept;
  return withOtherKept(step, earlier, new Map([...before.settled.live, ...step.settled.live]), mine === undefined ? earlier.commit : mine.commit, mode);
}

/**
 * `step` with what another check kept (`other`) beside what it kept: its pages where `step` kept no
 * version of the same file, the files going live as `live`, the branch at `commit`.
 */
function withOtherKept(
  step: PlatformEditsStep,
  other: KeptEdits,
  live: ReadonlyMap<string, string | null>,
  commit: string | undefined,
  mode: SpaceTarget['platformEdits'],
): PlatformEditsStep {
  const mine = step.settled.kept;
  const files = new Set(mine?.pages.map((page) => page.file));
  const pages = [...other.pages.filter((page) => !files.has(page.file)), ...(mine?.pages ?? [])];
  const kept = {
    ...other,
    ...(mine ?? {}),
    pages,
    commit,
    pushed: other.pushed || (mine?.pushed ?? false),
    adopted: new Set([...other.adopted, ...(mine?.adopted ?? [])]),
    live,
  };
  const settled = { ...step.settled, kept, live, nothingToWrite: false };
  return { settled, nothingToWrite: false, reported: reportOf(settled, mode) };
}

/** The state's record of the platform edits a sync kept (what `status` shows): the previous one when it kept none. */
export function rememberEdits(state: TargetState, reported: { platformEdits?: PlatformEditsResult }, at: Date): TargetState {
  const kept = reported.platformEdits;
  if (kept === undefined) return state;
  const pages = [
    ...kept.pages.map((page) => ({ file: page.file, outcome: page.outcome, ...(page.line === undefined ? {} : { line: page.line }) })),
    ...(kept.standing ?? []).map((conflict) => ({ file: conflict.file, outcome: 'conflict' as const, line: conflict.line })),
  ];
  return { ...state, platformEdits: { branch: kept.branch, ...(kept.commit === undefined ? {} : { commit: kept.commit }), pages, at: at.toISOString() } };
}
