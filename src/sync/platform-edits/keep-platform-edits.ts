import { firstMarkerLine } from './first-marker-line.js';
import path from 'node:path';
import { gitBlobOid } from '../../content/git/git-blob-oid.js';
import { GitPushRejectedError } from '../../content/errors/git-push-rejected-error.js';
import type { FileChange, GitRepository } from '../../content/git/git-repository.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import type { PreparedContent } from '../prepared-content.js';
import type { DetectedEdits, PageTexts } from './detected-edits.js';
import { branchRecords } from './branch-records.js';
import { editSummary, relinked, renamedUnderTheirOwn, type AddedPage, type MovedPage } from './edit-summary.js';
import { summaryAsBundled } from './summary-as-bundled.js';
import { openLine, outcomeLine, stillMains, syncedLine, type KeptOutcome, type OpenChangeRequest } from './outcome-line.js';
import { platformEditsBranch } from './platform-edits-branch.js';
import { PlatformEditsBranchCheckedOutError } from './platform-edits-branch-checked-out-error.js';
import { PlatformEditsPushError } from './platform-edits-push-error.js';
import { PlatformEditsUnkeptError } from './platform-edits-unkept-error.js';
import { ontoBranch, type BranchChange } from './onto-branch.js';
import { heldInConflict, removedConflict } from './removed-conflict.js';
import { standingConflicts, type UnresolvedConflict } from './unresolved-conflicts.js';
import { fetchBranchTip } from './fetch-branch-tip.js';
import { platformFilesToGit } from './platform-files-to-git.js';
import type { Download } from '../../http/url-downloader.js';

/** What became of one page the platform changed. */
export interface KeptPage {
  /** Path in the repository (from the top of the work tree). */
  readonly file: string;
  /**
   * `edited`: changed only in the platform; `merged`: both sides, apart; `conflict`: both, overlapping;
   * `removed`: deleted in the platform; `moved`: placed elsewhere in the platform (`SUMMARY.md` follows).
   */
  readonly outcome: KeptOutcome;
  /** `conflict`: the line of the first conflict marker in the committed file. */
  readonly line?: number;
}

export interface KeptEdits {
  readonly branch: string;
  readonly remote: string;
  /** The branch's commit holding these versions; undefined in a dry run, or when the synced commit holds them already. */
  readonly commit: string | undefined;
  /** What became of each page new to the branch: pages left live as they are that it holds so already are not. */
  readonly pages: readonly KeptPage[];
  /**
   * Files that go live with other content than git's (a clean merge; under `adopt`, the platform's,
   * with `SUMMARY.md` listing the pages it added and not those it removed), by path in the docs root;
   * `null` for a page left out.
   */
  readonly live: ReadonlyMap<string, string | null>;
  /** Of those, the pages left live as they are (`adopt`): the platform's own version. */
  readonly adopted: ReadonlySet<string>;
  /** This run pushed `commit` (it was not on the branch before). */
  readonly pushed: boolean;
  /**
   * Under `adopt`, pages the platform moved under a page git moved under them, which go live at
   * git's place instead (`SUMMARY.md`'s nesting is git's there): by page id, the path each keeps.
   */
  readonly placedAsGit?: ReadonlyMap<string, string>;
  /** Conflicts earlier commits left that still stand at `commit`, beside this commit's pages. */
  readonly standing?: readonly UnresolvedConflict[];
}

const SIGNATURE = { name: 'docsync', email: 'docsync@users.noreply.invalid' };
const LABELS = { ours: 'git', base: 'base', theirs: 'platform' };

/**
 * Commits the platform's version of every page it changed (a three-way merge where git changed it
 * too) to the target's platform-edits branch, on top of the branch's tip (or of the synced commit
 * when the branch is merged or absent), and pushes it, before anything is overwritten. The work
 * tree and its index are never touched. Idempotent: the commit's date is the platform revision's,
 * so a run killed between commit and push makes the same commit again, and one whose versions are
 * already on the branch makes none. Pages left live as they are (`adopt`) that an earlier run kept
 * so are not reported again (nor are merges that went live): the next runs find pages added or removed in the platform changed again.
 * `gitBlobs`: git's blob of each page, by path in the docs root, which the commit's message names.
 * Throws `PlatformEditsUnkeptError` without a git repository or remote, `PlatformEditsPushError`
 * when the push is refused.
 */
export async function keepPlatformEdits(
  target: SpaceTarget,
  content: Pick<PreparedContent, 'snapshot' | 'readMany' | 'commit' | 'repository'>,
  detected: DetectedEdits,
  gitBlobs: ReadonlyMap<string, string>,
  options: {
    dryRun?: boolean | undefined;
    signal?: AbortSignal | undefined;
    download?: Download | undefined;
    /** docsync's change request open in the space: while it waits, the platform's versions an earlier sync kept stay main's. */
    open?: OpenChangeRequest | undefined;
  } = {},
): Promise<KeptEdits> {
  const branch = platformEditsBranch(target);
  const remote = target.platformEditsRemote;
  const edited = detected.changes.filter((change) => change.kind === 'platform' || change.kind === 'both');
  const repository = await openRepository(
    target,
    content,
    edited.map((change) => change.path),
    remote,
  );
  if ((await repository.currentBranch()) === branch) throw new PlatformEditsBranchCheckedOutError(target.name, branch);
  const { root, summary } = content.snapshot;
  const folder = path.posix.join(repository.prefix, root).replace(/^\.$/, '');
  const fileOf = (docPath: string): string => path.posix.join(folder, docPath);

  // Files uploaded in the platform go to git beside the pages linking them; what goes live links them as the platform does.
  const platformFiles = platformFilesToGit(detected.files, {
    taken: content.snapshot.files.map((file) => file.path),
    download: options.dryRun === true ? undefined : options.download,
    maxBytes: target.import.maxBytes,
    signal: options.signal,
  });
  const toGit = async (docPath: string, text: string): Promise<Uint8Array> => encode(await platformFiles.linkedAsPaths(text, docPath));
  const pages: KeptPage[] = [];
  const changes: FileChange[] = [];
  const live = new Map<string, string | null>();
  const adopted = new Set<string>();
  const adopt = (docPath: string, text: string | null): void => {
    live.set(docPath, text);
    adopted.add(docPath);
  };
  const summaryEdits = { add: [] as AddedPage[], remove: [] as string[], retitle: [] as { title: string; path: string }[], move: [] as MovedPage[] };
  // Titles that go live with a merged page under `preserve`, where git's table of contents otherwise does.
  const liveTitles: { title: string; path: string }[] = [];
  // Pages the platform moved to another path that git edited: merged at the platform's path, listed
  // where the platform has them; under `preserve` git's version goes live at git's place.
  const movedTo = new Set(detected.renamed.values());
  // Pages git moved that the platform changed where they were: kept at git's path, where under
  // `preserve` git's version goes live, merged or not.
  const movedInGit = new Set([...detected.renamedInGit.values()].map((to) => to.path));
  // Pages the platform moved a page under.
  const givenChild = new Set([...detected.renamed.values(), ...detected.moved].flatMap((docPath) => detected.places.get(docPath)?.parent ?? []));
  for (const change of edited) {
    const texts: PageTexts = detected.texts.get(change.path) ?? { base: undefined, git: undefined, platform: undefined };
    const file = fileOf(change.path);
    // A title the platform changed: the table of contents says it too, as Git Sync writes it.
    const retitle = texts.title === undefined ? undefined : { title: texts.title, path: change.path };
    if (retitle !== undefined) summaryEdits.retitle.push(retitle);
    if (change.kind === 'platform') {
      if (texts.platform === undefined) {
        pages.push({ file, outcome: 'removed' });
        changes.push({ path: file, bytes: null });
        summaryEdits.remove.push(change.path);
        if (target.platformEdits === 'adopt') adopt(change.path, null);
        continue;
      }
      pages.push({ file, outcome: 'edited' });
      changes.push({ path: file, bytes: await toGit(change.path, texts.platform) });
      if (texts.base === undefined && texts.git === undefined)
        summaryEdits.add.push({ title: detected.titles.get(change.path) ?? change.path, path: change.path, ...detected.places.get(change.path) });
      if (target.platformEdits === 'adopt') adopt(change.path, texts.platform);
      continue;
    }
    const merged = await mergeSides(repository, texts);
    const moved = movedTo.has(change.path);
    if (moved) summaryEdits.add.push({ title: detected.titles.get(change.path) ?? change.path, path: change.path, ...detected.places.get(change.path) });
    if (merged.conflicts === 0) {
      pages.push({ file, outcome: 'merged' });
      const gitsLive = moved || movedInGit.has(change.path);
      if (!gitsLive || target.platformEdits === 'adopt') live.set(change.path, merged.text);
      if (retitle !== undefined && !gitsLive) liveTitles.push(retitle);
    } else {
      pages.push({ file, outcome: 'conflict', line: firstMarkerLine(merged.text) ?? 1 });
      const adopted = target.platformEdits === 'adopt' && texts.platform !== undefined;
      if (adopted) adopt(change.path, texts.platform);
      // git removed the page (not moved it: no page of git's holds the base's blob): it stays listed
      // where the platform has it, as it stays live; under `preserve` too when the platform moved a page under it.
      const baseBlob = texts.base === undefined ? undefined : gitBlobOid(encode(texts.base));
      const removedInGit = !moved && texts.git === undefined && texts.platform !== undefined && ![...gitBlobs.values()].some((oid) => oid === baseBlob);
      if (removedInGit && (adopted || givenChild.has(change.path)))
        summaryEdits.add.push({ title: detected.titles.get(change.path) ?? change.path, path: change.path, ...detected.places.get(change.path) });
    }
    changes.push({ path: file, bytes: await toGit(change.path, merged.text) });
  }
  // Pages moved in the platform: their bullets go where the platform has them (under `adopt`, live too).
  for (const path of detected.moved) {
    summaryEdits.move.push({ path, ...detected.places.get(path) });
    if (edited.some((change) => change.path === path)) continue;
    pages.push({ file: fileOf(path), outcome: 'moved' });
    if (target.platformEdits === 'adopt') adopted.add(path);
  }
  let placedAsGit = new Map<string, string>();
  const summaryEdited = [summaryEdits.add, summaryEdits.remove, summaryEdits.retitle, summaryEdits.move].some((list) => list.length > 0);
  if (summary !== undefined && summaryEdited) {
    // git's pages listed under a page the platform renamed go with it.
    const renamed = new Map([...detected.renamed].filter(([from]) => summaryEdits.remove.includes(from)));
    const text = await summaryAsBundled(content, summary);
    // Pages an earlier run left live retitled (`held`) keep their titles here, as the branch's
    // `SUMMARY.md` has them: a moved page is told as kept already by that file, as without state.
    const heldTitles = detected.changes.flatMap((change) => {
      const title = change.kind === 'held' ? detected.texts.get(change.path)?.title : undefined;
      return title === undefined ? [] : [{ title, path: change.path }];
    });
    const edits = { ...summaryEdits, retitle: [...summaryEdits.retitle, ...heldTitles], renamed };
    const listed = editSummary(text, summary, edits);
    if (listed !== text) changes.push({ path: fileOf(summary), bytes: encode(listed) });
    // Pages added, removed or retitled in the platform and kept so live: the table of contents goes with them.
    // Under `adopt` as the branch lists them, but for a page the platform moved under one git moved under it: git's nesting goes live.
    const adopting = target.platformEdits === 'adopt';
    const shown = adopting
      ? editSummary(text, summary, { ...edits, nesting: 'git' })
      : editSummary(text, summary, { add: [], remove: [], retitle: liveTitles });
    if (adopting)
      placedAsGit = new Map(
        [...renamedUnderTheirOwn(text, summary, edits)].flatMap((path) => {
          const id = detected.addedIds.get(path);
          return id === undefined ? [] : [[id, path] as const];
        }),
      );
    if (shown !== text) live.set(summary, shown);
  }
  const docPaths = new Map([...edited.map((change) => change.path), ...detected.moved].map((docPath) => [fileOf(docPath), docPath]));
  const docPathOf = (page: KeptPage): string => docPaths.get(page.file) ?? '';
  const gitBlobOf = (page: KeptPage): string | undefined => gitBlobs.get(docPathOf(page));
  if (options.dryRun === true) return { branch, remote, commit: undefined, pages, live, adopted, placedAsGit, pushed: false };

  const synced = content.commit?.oid ?? (await repository.resolveCommit('HEAD'));
  const tip = await fetchBranchTip(repository, target);
  // A branch already merged into the synced commit starts again from it (still a fast-forward).
  const parent = tip !== undefined && !(await repository.isAncestor(tip, synced)) ? tip : synced;
  // Pages left live as they are, and merges that go live: a runner without state finds them again.
  const leftAsIs = (page: KeptPage): boolean => adopted.has(docPathOf(page)) || (page.outcome === 'merged' && live.has(docPathOf(page)));
  const fresh =
    parent === tip ? await notKeptYet(repository, { tip, synced, folder }, { pages, changes, gitBlobOf }, leftAsIs, summary && fileOf(summary)) : pages;
  // The branch only moves forward: what its commits hold (earlier edits, a person's) is merged with, never overwritten.
  const laid: readonly BranchChange[] =
    parent === tip
      ? await ontoBranch(
          repository,
          { tip, synced, folder },
          changes,
          (outcome) => outcome === 'merged' || (target.platformEdits === 'adopt' && outcome !== 'conflict'),
          new Map([...detected.renamed].map(([from, to]) => [fileOf(from), fileOf(to)])),
          (message) => stillMains(message, options.open),
          (file, text) => (summary !== undefined && file === fileOf(summary) ? relinked(text, summary, detected.renamedAdded) : text),
        )
      : changes.map((change) => ({ change }));
  // The files as downloaded: a binary file is never merged.
  const assets = [...platformFiles.written].map(([docPath, bytes]) => ({ path: fileOf(docPath), bytes }));
  const conflictLines = new Map(laid.flatMap((entry) => (entry.conflictLine === undefined ? [] : [[entry.change.path, entry.conflictLine] as const])));
  for (const [index, page] of fresh.entries()) {
    const line = conflictLines.get(page.file);
    if (line !== undefined) fresh[index] = { file: page.file, outcome: 'conflict', line };
  }
  // Every page is left live as an earlier run kept it: nothing new to commit or report.
  if (fresh.length === 0) return { branch, remote, commit: tip, pages: fresh, live, adopted, placedAsGit, pushed: false };
  // The branch's listing and the platform's changed the same lines of SUMMARY.md: a conflict to resolve too.
  const summaryLine = summary === undefined ? undefined : conflictLines.get(fileOf(summary));
  if (summary !== undefined && summaryLine !== undefined) fresh.push({ file: fileOf(summary), outcome: 'conflict', line: summaryLine });
  const message = commitMessage(target, detected, fresh, { gitBlobOf, docPathOf, synced, open: options.open });
  const commit = await repository.commitFiles(parent, [...laid.map((entry) => entry.change), ...assets], message, {
    ...SIGNATURE,
    date: new Date(detected.revision.createdAt),
  });
  // Already there: on the branch's tip, or in the synced commit itself.
  if (commit === undefined) return { branch, remote, commit: parent === tip ? tip : undefined, pages: fresh, live, adopted, placedAsGit, pushed: false };
  // What the record of kept edits names until resolved: this commit's conflicts, and earlier ones that still stand.
  const standing = (await standingConflicts(repository, commit, synced)).filter((conflict) => !fresh.some((page) => page.file === conflict.file));
  try {
    await repository.push(remote, commit, branch);
  } catch (error) {
    if (error instanceof GitPushRejectedError) throw new PlatformEditsPushError(target.name, error);
    throw error;
  }
  return { branch, remote, commit, pages: fresh, live, adopted, placedAsGit, pushed: true, standing };
}

/**
 * Of `pages`, all but those left live as they are (`leftAsIs`) that the branch's own commits hold
 * already: the same content (or the file removed), from a commit saying the same of them (or, of a
 * page now edited, that it went live merged); for a page moved, the same `SUMMARY.md` (`summaryFile`).
 */
async function notKeptYet(
  repository: GitRepository,
  branch: { tip: string; synced: string; folder: string },
  { pages, changes, gitBlobOf }: { pages: readonly KeptPage[]; changes: readonly FileChange[]; gitBlobOf: (page: KeptPage) => string | undefined },
  leftAsIs: (page: KeptPage) => boolean,
  summaryFile: string | undefined,
): Promise<KeptPage[]> {
  if (!pages.some(leftAsIs)) return [...pages];
  const records = await branchRecords(repository, branch.tip, branch.synced, branch.folder);
  const bytes = new Map(changes.map((change) => [change.path, change.bytes]));
  return pages.filter((page) => {
    const file = page.outcome === 'moved' ? (summaryFile ?? page.file) : page.file;
    const record = records.get(file);
    const content = bytes.get(file);
    if (page.outcome === 'moved') return !leftAsIs(page) || content === undefined || content === null || record?.blob !== gitBlobOid(content);
    // A page left live merged (moved in the platform, edited in git) reads as the platform's own next time;
    // so does one git removed, left live in conflict (`adopt`): the branch holds that same text between markers.
    if (record?.outcome === 'conflict' && page.outcome === 'edited' && content != null && heldInConflict(content) === record.blob) return false;
    const sameOutcome = record?.outcome === page.outcome || (record?.outcome === 'merged' && page.outcome === 'edited');
    if (!leftAsIs(page) || record === undefined || content === undefined || !sameOutcome) return true;
    // git changed the page since that commit (one the platform moved away, git's edit merged at its new place):
    // named again with git's blob now, so a runner without state bases it there.
    if (record.gitBlob !== undefined && record.gitBlob !== gitBlobOf(page)) return true;
    return record.blob !== (content === null ? undefined : gitBlobOid(content));
  });
}

/** A remote given as a URL, shown without its password (`https://user:***@host/repo.git`). */
function withoutPassword(remote: string): string {
  if (!URL.canParse(remote)) return remote;
  const url = new URL(remote);
  if (url.password === '') return remote;
  url.password = '***';
  return url.href;
}

async function openRepository(
  target: SpaceTarget,
  content: Pick<PreparedContent, 'repository'>,
  pages: readonly string[],
  remote: string,
): Promise<GitRepository> {
  let repository: GitRepository;
  try {
    repository = await content.repository();
  } catch (error) {
    throw new PlatformEditsUnkeptError(target.name, pages, `${target.directory} is not in a git repository`, error);
  }
  if (!(await repository.hasRemote(remote)))
    throw new PlatformEditsUnkeptError(target.name, pages, `its repository has no remote named "${withoutPassword(remote)}"`);
  return repository;
}

/** git's and the platform's changes since the base together; a side that removed the page conflicts with one that changed it. */
async function mergeSides(repository: GitRepository, texts: PageTexts): Promise<{ text: string; conflicts: number }> {
  if (texts.git === undefined || texts.platform === undefined) {
    const kept = texts.platform ?? texts.git ?? '';
    return { text: removedConflict(kept, texts.platform === undefined ? 'platform' : 'git'), conflicts: 1 };
  }
  return repository.mergeFile({ ours: texts.git, base: texts.base ?? '', theirs: texts.platform }, LABELS);
}

function commitMessage(
  target: SpaceTarget,
  detected: DetectedEdits,
  pages: readonly KeptPage[],
  {
    gitBlobOf,
    docPathOf,
    synced,
    open,
  }: { gitBlobOf: (page: KeptPage) => string | undefined; docPathOf: (page: KeptPage) => string; synced: string; open: OpenChangeRequest | undefined },
): string {
  // A page removed at its path because the platform gave it another is named by its id there, as the page added at that path is.
  const pageIdOf = (page: KeptPage): string | undefined => {
    const to = page.outcome === 'removed' ? detected.renamed.get(docPathOf(page)) : undefined;
    return detected.addedIds.get(docPathOf(page)) ?? (to === undefined ? undefined : detected.addedIds.get(to));
  };
  const lines = pages.map((page) => outcomeLine(page.file, page.outcome, gitBlobOf(page), pageIdOf(page)));
  return [
    `Platform edits of ${target.name} (${pages.length} ${pages.length === 1 ? 'page' : 'pages'})`,
    '',
    target.platformEdits === 'adopt'
      ? `The platform's versions of pages of space ${target.spaceId} (revision ${detected.revision.id}), kept by docsync: pages changed only in the platform stay live as they are, pages changed on both sides go live merged where they merge cleanly. Merge this branch to take them into git.`
      : `The platform's versions of pages of space ${target.spaceId} (revision ${detected.revision.id}), kept by docsync before syncing git's over them.`,
    '',
    ...lines,
    '',
    syncedLine(synced),
    ...(open === undefined ? [] : [openLine(open.number)]),
    '',
  ].join('\n');
}

function encode(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}
