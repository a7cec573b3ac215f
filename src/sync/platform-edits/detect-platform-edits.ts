import { posix } from 'node:path';
import type { ContentApi } from '../../api/resources/content.js';
import type { File, Page, Revision } from '../../api/schemas/content.js';
import { isHeadingKey } from '../pages/page-plan.js';
import { comparePaths } from '../../content/compare-paths.js';
import type { ExpectedPage } from '../../content/bundle/content-expectation.js';
import type { TargetState } from '../../state/state-store.js';
import type { PreparedContent } from '../prepared-content.js';
import { classifyPages, type PageChange } from './classify-pages.js';
import { findBaseRevision } from './find-base-revision.js';
import type { SyncedBase } from './find-synced-base.js';
import { fileFingerprint } from '../../content/gitbook/page-meaning.js';
import { documentTitle } from '../../content/gitbook/document-title.js';
import { parsePageMeta } from '../../content/gitbook/parse-page-meta.js';
import { liveTitle } from '../../content/gitbook/page-titling.js';
import { fingerprintsCurrent } from './base-version.js';
import type { Titlings } from './page-titlings.js';
import { snapshotAssets } from '../../content/gitbook/snapshot-assets.js';
import { filePathsById, withFileLinksAsPaths } from './file-links-as-paths.js';
import { uploadedFilePaths } from './platform-files-to-git.js';
import type { LeftLivePage } from './branch-left-live.js';
import { renamedPlaces, type LivePlace } from './live-places.js';
import { livePathsOf } from '../pages/live-pages.js';
import { placesInGit } from './places-in-git.js';
import { fromGitMoves, movedAndEdited, renamedAndEdited, renamedInGit, renamedInPlatform } from './renamed-pages.js';
import type { TakenInPage } from './taken-in-left-live.js';
import { lacksGitPage } from './lacks-git-page.js';
import { importedInPlatform } from './imported-in-platform.js';
import { desiredPages } from '../pages/desired-pages.js';
import { documentPages, hasEditedPages, liveDocuments, liveTextOf, retitledLive, type LiveDocument, type LiveText } from './live-documents.js';
import { Fingerprints, withFileLinksAsSent } from './blob-fingerprints.js';
import { movedDelivered, movedSince, pathTree, platformMoves, renamedTree } from './page-moves.js';

export type TargetBase = NonNullable<TargetState['base']>;

/** The three versions of a page as files of the repo; undefined where the page does not exist. */
export interface PageTexts {
  readonly base: string | undefined;
  readonly git: string | undefined;
  readonly platform: string | undefined;
  /** The title the platform changed the page to, where `SUMMARY.md` gives the page link text: that text becomes it. */
  readonly title?: string | undefined;
}

export interface DetectedEdits {
  /** The space's main revision that was compared. */
  readonly revision: Pick<Revision, 'id' | 'createdAt'>;
  /** Every page a side changed since the base, by path in the docs root. */
  readonly changes: readonly PageChange[];
  /** The versions of each page the platform changed (kinds `platform` and `both`), and of each `held` one. */
  readonly texts: ReadonlyMap<string, PageTexts>;
  /** Titles of the platform's pages, by path: SUMMARY.md entries for pages made there. */
  readonly titles: ReadonlyMap<string, string>;
  /** The ids of the live pages neither git nor the base has (made in the platform), by path: the branch names them by it. */
  readonly addedIds: ReadonlyMap<string, string>;
  /** A base was found to compare with: false for a space docsync never synced. */
  readonly based: boolean;
  /** The space's files in that revision: those the platform's pages link to go to git with them. */
  readonly files: readonly File[];
  /** Where each live page is in the page tree, by path: a page made there keeps its place in `SUMMARY.md`. */
  readonly places: ReadonlyMap<string, LivePlace>;
  /** Pages the platform moved to another place (same path), by path: `SUMMARY.md` follows. */
  readonly moved: readonly string[];
  /** Pages the platform holds at another path than git's (a new slug, a move), by git's path: see {@link renamedInPlatform}. */
  readonly renamed: ReadonlyMap<string, string>;
  /** Of those, pages the platform added that a sync left live, given a new slug there since, by the branch's path: its `SUMMARY.md` links the new one. */
  readonly renamedAdded: ReadonlyMap<string, string>;
  /**
   * Pages git moved (renamed, edited or not) that the platform changed at their base path, or placed
   * a page under or beside, by base path: git's path, where their change is, and the live page's id,
   * which goes there.
   */
  readonly renamedInGit: ReadonlyMap<string, { readonly path: string; readonly id: string }>;
}

export interface DetectInput {
  readonly spaceId: string;
  readonly content: Pick<PreparedContent, 'snapshot' | 'readMany'>;
  /** What git holds: every page of the table of contents and its blob id. */
  readonly expected: readonly ExpectedPage[];
  /** The base kept in the state, if any. */
  readonly base: TargetBase | undefined;
  /** How the platform titles each page of git's docs (by path in the docs root). */
  readonly titlings: Titlings;
  /** Today's API: the pages docsync delivered in batches (which carry no git source), by path: id and `updatedAt` read back. */
  readonly delivered?: ReadonlyMap<string, { readonly id: string; readonly updatedAt?: string | undefined }> | undefined;
  /**
   * With state, docsync's change request is open: `delivered` names only the pages main holds as the
   * change request has them. A page it moved or replaced there is at its old place in main, found as
   * a runner without state finds it: by the base's layout.
   */
  readonly changeRequestOpen?: boolean | undefined;
  /** With state, the pages docsync's open change request holds at a path main's base lacks (git's moves), by id: that path. */
  readonly movedInChangeRequest?: ReadonlyMap<string, string> | undefined;
  /** Today's API: the files docsync delivered, by path: their ids, which pages link as `/files/<id>`. */
  readonly deliveredFiles?: ReadonlyMap<string, { readonly id: string }> | undefined;
  /** Without state: live pages found holding git's version of their page when the sync planned (by meaning), path by page id; not read again. */
  readonly holdingGit?: Readonly<Record<string, string>> | undefined;
  /** A blob of the docs' repository (the base's pages), undefined when git does not have it. */
  readonly readBlob?: ((oid: string) => Promise<Uint8Array | undefined>) | undefined;
  /** The blob ids a page (by path in the docs root) had in git's recent history, newest first. */
  readonly pastBlobs?: ((path: string) => Promise<readonly string[]>) | undefined;
  /** The base rebuilt from git at the commit docsync last merged: asked only when neither the state nor a past revision gives one. */
  readonly syncedBase?: ((main: Pick<Revision, 'id' | 'pages'>) => Promise<SyncedBase | undefined>) | undefined;
  /**
   * Without state: of these pages (live other than git's, or not live), those a sync left live
   * (`adopt`, a clean merge) or left out (`adopt`), by path: the blob id the platform-edits branch
   * holds for them, and git's then.
   */
  readonly leftLive?: ((paths: readonly string[]) => Promise<ReadonlyMap<string, LeftLivePage>>) | undefined;
  /**
   * docsync's open change request, compared instead of main: its pages a reviewer changed since
   * docsync delivered them (`delivered`), against `base`, what docsync delivered.
   */
  readonly changeRequest?: string | undefined;
  /**
   * Main's revision docsync's open change request was made from (its merged ancestor, else its
   * initial revision): what the platform moved since, it moved after git's changes it holds.
   */
  readonly openedFrom?: string | undefined;
  /** Texts of the base's blobs git does not hold (the platform's side of a conflict laid over a change request), by blob id. */
  readonly texts?: ReadonlyMap<string, string> | undefined;
  /** In docsync's change request: where this sync lays git's pages out in a page tree, repo path (or heading key) by live path. */
  readonly laidOut?: ((tree: readonly Page[]) => ReadonlyMap<string, string>) | undefined;
  /** Pages carrying their git source (the seed's API): the main revision docsync's last merge made. */
  readonly importedRevision?: (() => Promise<string | undefined>) | undefined;
  /** Pages left live whose platform-edits commit git's synced commit has merged (a conflict resolved in git). */
  readonly takenIn?: (() => Promise<ReadonlySet<string>>) | undefined;
  /**
   * Without state, once git has merged the platform-edits branch: of these pages (live other than
   * git's), those a sync left live as its merged commits say, with what it left and git's blob then.
   */
  readonly takenInLive?: ((paths: readonly string[]) => Promise<ReadonlyMap<string, TakenInPage>>) | undefined;
  /**
   * Of these pages (git's version other than the base's and the live one, by path: git's blob id),
   * those whose git version a platform-edits commit wrote since the base: the platform's own,
   * merged into git (see merged-from-branch.ts).
   */
  readonly mergedFromBranch?:
    ((changed: ReadonlyMap<string, string>, base: { since: string | undefined; based: (path: string) => boolean }) => Promise<ReadonlySet<string>>) | undefined;
  readonly signal?: AbortSignal | undefined;
}

/**
 * Which pages git and the platform changed since docsync last synced them. Reads the space's main
 * content (one call); a page edited in the platform has lost its git source, and only then are past
 * revisions read to find what docsync last synced (so a runner without state decides the same) and
 * the page's markdown read. Work follows the edits: pages whose blob ids agree on every side are
 * never read.
 */
export async function detectPlatformEdits(api: Pick<ContentApi, 'getRevision' | 'getPage'>, input: DetectInput): Promise<DetectedEdits> {
  const { spaceId, signal } = input;
  const inChangeRequest = input.changeRequest !== undefined;
  const location = input.changeRequest === undefined ? { spaceId } : { spaceId, changeRequest: input.changeRequest };
  const main = await api.getRevision(location, { signal });
  // Pages delivered in batches are known by id, and unchanged while their `updatedAt` is the one read back.
  const delivered = new Map([...(input.delivered ?? [])].map(([path, page]) => [page.id, { path, updatedAt: page.updatedAt }]));
  const untouched = (page: Page): boolean => {
    const known = delivered.get(page.id);
    return known !== undefined && known.updatedAt !== undefined && known.updatedAt === page.updatedAt;
  };
  const gitOids = new Map(input.expected.map((page) => [page.path, page.oid]));
  const batched = !documentPages(main.pages).some((page) => page.git !== undefined);
  const stateOids = new Map([...(input.base?.pages ?? [])].map(([path, entry]) => [path, entry.oid]));
  // Pages a sync left live with other content than git's: by path, that content's blob id.
  const heldOids = new Map([...(input.base?.pages ?? [])].flatMap(([path, entry]) => (entry.live === undefined ? [] : [[path, entry.live.oid] as const])));
  let importedId: Promise<string | undefined> | undefined;
  const imported = (): Promise<string | undefined> => (importedId ??= input.importedRevision?.() ?? Promise.resolve(undefined));
  // Pages whose content a zip import made in the platform brought: edited there, though their git source stays.
  const importedThere =
    batched || inChangeRequest
      ? new Set<string>()
      : await importedInPlatform(api, spaceId, main, { git: gitOids, base: stateOids, held: heldOids }, imported, signal);
  // The base rebuilt from git at the commit docsync last merged, asked at most once: its table of
  // contents only when the live pages are not where git's puts them.
  let lastSynced: Promise<SyncedBase | undefined> | undefined;
  const syncedOnce = (): Promise<SyncedBase | undefined> => (lastSynced ??= input.syncedBase?.(main) ?? Promise.resolve(undefined));
  const gitGroups = desiredPages(input.content.snapshot).groups;
  // The seed's API: a page keeps its git source wherever the platform moves it (`git.path` is its
  // blob's path in git's tree, not its place). One whose live path the platform changed (a new slug,
  // a move under another page) is read by its place, as a page written in batches is below.
  const carried = new Map(documentPages(main.pages).flatMap((page) => (page.git === undefined ? [] : [[page.id, page.git.path] as const])));
  const relocated = carried.size === 0 || inChangeRequest ? new Set<string>() : await movedDelivered(main.pages, carried, gitGroups, syncedOnce);
  const pages = relocated.size === 0 ? main.pages : withoutGitSource(main.pages, relocated);
  // A page of git's the space lacks (removed there, or new in git): the base tells.
  const edited = hasEditedPages(pages, untouched) || lacksGitPage(pages, gitOids) || importedThere.size > 0;
  // Pages written in batches carry no git source, nor any past revision's: without state, the commit
  // docsync last merged is the base, asked first when no live page has one (no revision walk).
  const rebuild = async (): Promise<SyncedBase | undefined> => (edited && input.base === undefined && !inChangeRequest ? syncedOnce() : undefined);
  let synced = batched ? await rebuild() : undefined;
  // A change request's base is what docsync delivered to it: no past revision of main says more.
  const baseRevision =
    edited && synced === undefined && !inChangeRequest
      ? await findBaseRevision(api, spaceId, main, { imported: batched || input.base !== undefined ? undefined : imported, signal })
      : undefined;
  if (!batched && baseRevision === undefined) synced = await rebuild();

  // The base, path → blob id: the state's, else the last revision docsync imported, which also
  // says which page each edited one was.
  const baseOids = new Map<string, string>([...(input.base?.pages ?? [])].map(([path, entry]) => [path, entry.oid]));
  const pathById = new Map([...delivered].map(([id, page]) => [id, page.path]));
  // Heading pages (a group or an item without a link made a page) are docsync's own, and no file.
  const headings = new Set([...delivered].flatMap(([id, page]) => (isHeadingKey(page.path) ? [id] : [])));
  for (const page of baseRevision?.pages ?? []) {
    pathById.set(page.pageId, page.path);
    if (input.base === undefined) baseOids.set(page.path, page.oid);
  }
  // A page delivered, or of the base revision (its git source dropped by an edit), that the platform
  // moved or renamed is read as a runner without state reads it: by its place.
  for (const id of await movedDelivered(main.pages, pathById, gitGroups, syncedOnce)) pathById.delete(id);
  if (synced !== undefined) for (const page of synced.pages) baseOids.set(page.path, page.oid);
  for (const id of relocated) pathById.delete(id);
  // A page is the base's page docsync put at its place; in its change request, one a batch whose answer was lost put there.
  const placed = synced?.livePaths ?? (inChangeRequest ? input.laidOut?.(main.pages) : undefined);
  if (placed !== undefined) {
    for (const page of documentPages(pages)) {
      const path = page.git === undefined && page.path !== undefined && !pathById.has(page.id) ? placed.get(page.path) : undefined;
      if (path !== undefined && isHeadingKey(path)) headings.add(page.id);
      else if (path !== undefined) pathById.set(page.id, path);
    }
  }
  const unnamed = input.changeRequestOpen === true ? documentPages(pages).filter((page) => page.git === undefined && !pathById.has(page.id)) : [];
  const heldThere = unnamed.length === 0 || placed !== undefined ? undefined : (await syncedOnce())?.livePaths;
  for (const page of unnamed) {
    const path = page.path === undefined ? undefined : heldThere?.get(page.path);
    if (path !== undefined && !isHeadingKey(path)) pathById.set(page.id, path);
  }
  // One still unnamed at the place git's table of contents gives a page the base lacks (git added or
  // moved it there, or took it from the branch) is that page, as the plan takes it. Without a base, none is.
  const unnamedPages = baseOids.size === 0 ? [] : documentPages(pages).filter((page) => page.git === undefined && !pathById.has(page.id));
  const gitPlaces = unnamedPages.length === 0 ? new Map<string, string>() : livePathsOf(gitGroups);
  const named = new Set(unnamedPages.length === 0 ? [] : pathById.values());
  for (const page of unnamedPages) {
    const path = page.path === undefined ? undefined : gitPlaces.get(page.path);
    if (path === undefined || baseOids.has(path) || named.has(path) || isHeadingKey(path)) continue;
    pathById.set(page.id, path);
    named.add(path);
  }
  const { docs, tree, ...laidOut } = liveDocuments(pages, pathById, headings, input.content.snapshot);
  let livePlaces: ReadonlyMap<string, LivePlace> = laidOut.places;
  const gitTree = pathTree(gitGroups);
  // Live pages placed otherwise than git's table of contents has them: the base says which side moved them.
  const baseTree = movedSince(gitTree, tree).size > 0 ? (await syncedOnce())?.tree : undefined;
  const moved = baseTree === undefined ? [] : platformMoves(tree, baseTree, gitTree);
  let live = docs.map((doc): LiveDocument => {
    // A page imported with another title than git's table of contents gives it (one a sync left live): read as edited.
    // So is one whose content a zip import made in the platform brought.
    if (doc.oid !== undefined) return retitledLive(doc, input.titlings(doc.path)) || importedThere.has(doc.page.id) ? { ...doc, oid: undefined } : doc;
    // Delivered and not edited since: as the base has it (or as it was left live).
    if (untouched(doc.page) && baseOids.has(doc.path)) return { ...doc, oid: heldOids.get(doc.path) ?? baseOids.get(doc.path) };
    // Found holding git's version: as git has it.
    return input.holdingGit?.[doc.page.id] === doc.path && gitOids.has(doc.path) ? { ...doc, oid: gitOids.get(doc.path) } : doc;
  });
  // Without state, the platform-edits branch says which of the pages not live as git has them (edited,
  // removed, added, or with another base) a sync left so. Asked only when there is one.
  const liveOids = new Map(live.map((doc) => [doc.path, doc.oid]));
  const differing = [...new Set([...baseOids.keys(), ...gitOids.keys(), ...liveOids.keys()])].filter(
    (path) => liveOids.get(path) === undefined || liveOids.get(path) !== gitOids.get(path) || baseOids.get(path) !== gitOids.get(path),
  );
  const branchLive = input.base === undefined && differing.length > 0 ? await input.leftLive?.(differing) : undefined;
  // A page the platform added that a sync left live is named on the branch by its id, as a runner
  // with state knows it by the id it delivered; one that delivered none (an import) asks the branch
  // too, for the live pages nothing else names.
  const unnamedLive = input.base === undefined ? [] : live.filter((doc) => !baseOids.has(doc.path) && !gitOids.has(doc.path) && !delivered.has(doc.page.id));
  const addedOnBranch = branchLive ?? (unnamedLive.length > 0 ? await input.leftLive?.(unnamedLive.map((doc) => doc.path)) : undefined);
  const addedAt = new Map(
    [...(addedOnBranch ?? [])].flatMap(([path, page]) => (page.pageId === undefined || page.live === undefined ? [] : [[page.pageId, path] as const])),
  );
  // Placed elsewhere since under its own slug (under a page the platform moved, say), it is the
  // branch's page at the branch's path. Given a new slug, the platform renamed it: its file goes to
  // the new path on the branch, as a page of git's the platform renames does.
  const movedAdded = new Map<string, string>();
  const renamedAdded = new Map<string, string>();
  for (const doc of live) {
    const at = addedAt.get(doc.page.id);
    if (at === undefined || at === doc.path || liveOids.has(at)) continue;
    if (slugOf(at) === slugOf(doc.path)) movedAdded.set(doc.path, at);
    else renamedAdded.set(at, doc.path);
  }
  if (movedAdded.size > 0) {
    live = live.map((doc) => ({ ...doc, path: movedAdded.get(doc.path) ?? doc.path }));
    livePlaces = renamedPlaces(livePlaces, movedAdded);
  }
  // A page the platform added that a sync left live is no base's page (not even when an import sent
  // it again, its git source then naming it), nor held: a runner with state finds it new again and
  // keeps it (its place in `SUMMARY.md` with it), and so does this one.
  const addedInPlatform = (path: string, page: LeftLivePage): boolean => page.gitBlob === undefined && !gitOids.has(path) && page.live !== undefined;
  const addedLive = new Set([...(branchLive ?? [])].flatMap(([path, page]) => (addedInPlatform(path, page) ? [path] : [])));
  for (const path of addedLive) baseOids.delete(path);
  const leftLive = [...(branchLive ?? [])].filter(([path]) => !addedLive.has(path));
  const leftLivePaths = new Set(leftLive.map(([path]) => path));
  // Once git has merged the branch, it says none: its merged commits say which live pages were left so.
  const unsaid = branchLive?.size === 0 ? differing.filter((path) => liveOids.has(path)) : [];
  const mergedLive = unsaid.length > 0 ? await input.takenInLive?.(unsaid) : undefined;
  for (const [path, page] of mergedLive ?? []) {
    const baseOid = page.gitBlob ?? gitOids.get(path);
    if (baseOid !== undefined) baseOids.set(path, baseOid);
  }
  for (const [path, page] of leftLive) {
    if (page.live !== undefined) heldOids.set(path, page.live);
    // Against git's version when it was left so, as the state holds it (a past revision's would be
    // what went live): git changed the page since when it is no longer that; none for a page added
    // in the platform.
    const baseOid = page.gitBlob ?? gitOids.get(path);
    if (baseOid === undefined) baseOids.delete(path);
    else baseOids.set(path, baseOid);
  }
  // A page still carrying its git source is as docsync synced it: that is its base, whatever the
  // state says; unless it is what a sync left live instead of git's version, or a page the platform
  // added that a sync left live (neither git nor the state's base has it).
  const addedLeftLive = (path: string): boolean => addedLive.has(path) || (input.base !== undefined && !input.base.pages.has(path) && !gitOids.has(path));
  for (const doc of live)
    if (doc.page.git !== undefined && doc.oid !== undefined && heldOids.get(doc.path) !== doc.oid && !addedLeftLive(doc.path)) baseOids.set(doc.path, doc.oid);
  // A page git holds as a platform-edits commit wrote it (git merged the branch) is based on that
  // version: what the platform did to it since is its edit alone, not one against git's.
  // Asked only when the platform changed a page; not of one live as the base has it (what docsync
  // put live, unchanged since: git's version under `preserve`, the branch holding the merge).
  const known = (path: string): boolean => liveOids.get(path) !== undefined && liveOids.get(path) === baseOids.get(path);
  const fromPlatform = new Map(edited ? [...gitOids].filter(([path, oid]) => baseOids.get(path) !== oid && liveOids.get(path) !== oid && !known(path)) : []);
  const mergedBack =
    fromPlatform.size === 0
      ? new Set<string>()
      : await (input.mergedFromBranch?.(fromPlatform, { since: input.base?.commit, based: (path) => baseOids.has(path) }) ?? new Set<string>());
  for (const [path, oid] of fromPlatform) {
    if (!mergedBack.has(path)) continue;
    baseOids.set(path, oid);
    heldOids.delete(path);
  }

  // Never synced: no base to tell edits from, and the first sync replaces pages written by hand.
  if (baseOids.size === 0)
    return {
      revision: { id: main.id, createdAt: main.createdAt },
      changes: [],
      texts: new Map(),
      titles: new Map(),
      addedIds: new Map(),
      based: false,
      files: main.files,
      places: livePlaces,
      moved: [],
      renamed: new Map(),
      renamedAdded: new Map(),
      renamedInGit: new Map(),
    };
  const livePaths = new Map(live.map((doc) => [doc.path, doc]));
  const fingerprints = new Fingerprints(input, gitOids);
  for (const [oid, text] of input.texts ?? []) fingerprints.know(oid, text);
  for (const [, page] of leftLive) if (page.live !== undefined && page.text !== undefined) fingerprints.know(page.live, page.text);
  const assets = snapshotAssets(input.content.snapshot).map((file) => file.path);
  const filePaths = filePathsById(main.files, input.deliveredFiles, assets);
  // Without state: pages a sync left live as the branch holds them, whose links to files uploaded in
  // the platform the branch writes as paths of its assets folder.
  const branchHeld = new Map(leftLive.flatMap(([path, page]) => (page.live === undefined ? [] : [[path, page.live] as const])));
  let uploaded: Map<string, string> | undefined;
  const asOnBranch = (text: string, path: string): string =>
    withFileLinksAsPaths(text, path, (uploaded ??= new Map([...filePaths, ...uploadedFilePaths(main.files, filePaths, assets)])));
  const liveText = (doc: LiveDocument): Promise<LiveText> => liveTextOf(api, location, doc, filePaths, input.titlings(doc.path), signal);
  // Without state, a page of the base revision is titled as its import titled it then: git's
  // `SUMMARY.md` may give it another title now (the platform's title merged into git, say).
  const baseTitles = new Map(input.base === undefined ? (baseRevision?.pages ?? []).map((page) => [page.path, page] as const) : []);
  const baseFingerprint = async (path: string, oid: string): Promise<string> => {
    const page = baseTitles.get(path);
    const text = page?.oid === oid && !leftLivePaths.has(path) ? await fingerprints.textOf(oid) : undefined;
    return text === undefined || page === undefined ? fingerprints.ofOid(oid, path) : fileFingerprint(text, input.titlings(path), page.title);
  };
  const sides = { base: new Map<string, string>(), git: new Map<string, string>(), platform: new Map<string, string>() };
  const markdown = new Map<string, string>();
  const retitled = new Map<string, string>();
  for (const path of new Set([...baseOids.keys(), ...gitOids.keys(), ...livePaths.keys()])) {
    const [baseOid, gitOid, doc] = [baseOids.get(path), gitOids.get(path), livePaths.get(path)];
    const oids = [baseOid, gitOid, doc?.oid].filter((oid) => oid !== undefined);
    const agree = (doc === undefined || doc.oid !== undefined) && oids.every((oid) => oid === oids[0]);
    if (agree) {
      // Same blob wherever the page exists: compared by blob id, nothing read.
      if (baseOid !== undefined) sides.base.set(path, `oid:${baseOid}`);
      if (gitOid !== undefined) sides.git.set(path, `oid:${gitOid}`);
      if (doc?.oid !== undefined) sides.platform.set(path, `oid:${doc.oid}`);
      continue;
    }
    if (baseOid !== undefined) sides.base.set(path, await baseFingerprint(path, baseOid));
    if (gitOid !== undefined) sides.git.set(path, await fingerprints.ofOid(gitOid, path));
    if (doc?.oid !== undefined) sides.platform.set(path, await fingerprints.ofOid(doc.oid, path));
    else if (doc !== undefined) {
      const { text, title, retitled: changedTitle } = await liveText(doc);
      const titling = input.titlings(path);
      const fingerprint = fileFingerprint(text, titling, title);
      const [baseSide, gitSide] = [sides.base.get(path), sides.git.get(path)];
      // A version docsync sent (its file links as the API names them), or one git had before (a paused
      // worker's late write, say), is not the platform's: git holds it already.
      const asSent = fileFingerprint(withFileLinksAsSent(text, path), titling, title);
      const sent = async (oid: string | undefined): Promise<boolean> => oid !== undefined && (await fingerprints.sentAs(oid, path)) === asSent;
      let platformSide: string | undefined = fingerprint;
      if (fingerprint !== baseSide && fingerprint !== gitSide) {
        if (await sent(gitOid)) platformSide = gitSide;
        else if ((await sent(baseOid)) || (await fingerprints.inHistory(path, fingerprint, asSent))) platformSide = baseSide;
      }
      const keptOid = platformSide === fingerprint ? branchHeld.get(path) : undefined;
      if (keptOid !== undefined) {
        const kept = await fingerprints.ofOid(keptOid, path);
        if (kept !== fingerprint && fileFingerprint(asOnBranch(text, path), titling, title) === kept) platformSide = kept;
      }
      if (platformSide === fingerprint) markdown.set(path, text);
      // The table of contents says it too where it gives the page link text: a title changed in the
      // platform, or another page's at this path (a page moved in to become the readme).
      if (platformSide === fingerprint && titling.summaryTitle !== undefined && title !== titling.summaryTitle) {
        const gitText = gitOid === undefined ? undefined : await fingerprints.textOf(gitOid);
        const gitTitle = gitText === undefined ? undefined : liveTitle(titling, documentTitle(gitText), parsePageMeta(gitText).heading);
        if (changedTitle || (gitTitle !== undefined && gitTitle !== title)) retitled.set(path, title);
      }
      if (platformSide !== undefined) sides.platform.set(path, platformSide);
    }
  }

  // A page is told across a move by its id: the base revision's (the seed's API, with state or
  // without: an import delivers no ids), and the one docsync delivered at a base path (with state);
  // else, without state, the one at the base's live path in the revision docsync's last merge made
  // (asked only when a page of the base is not at its path).
  const layout = synced;
  let basePaths: Promise<ReadonlyMap<string, string>> | undefined;
  const readBasePaths = async (): Promise<ReadonlyMap<string, string>> => {
    const deliveredPaths = new Map([...delivered].map(([id, page]) => [id, page.path]));
    if (baseRevision !== undefined) return new Map([...deliveredPaths, ...baseRevision.pages.map((page) => [page.pageId, page.path] as const)]);
    if (inChangeRequest) return deliveredPaths;
    if (input.base !== undefined) {
      // A page docsync's open change request moved as git did is the base's page at its old path.
      const leftByGit = new Set([...baseOids.keys()].filter((path) => !gitOids.has(path)));
      const moves = (): Promise<ReadonlyMap<string, string>> =>
        renamedInGit({ base: baseOids, git: gitOids }, leftByGit, new Set(livePaths.keys()), (oid) => fingerprints.textOf(oid));
      return new Map([...deliveredPaths, ...(await fromGitMoves(input.movedInChangeRequest, moves))]);
    }
    // A page the branch says the platform removed at its path, giving it another, is named there by its id.
    const renamedThere = [...(branchLive ?? [])].flatMap(([path, page]) =>
      page.pageId === undefined || page.live !== undefined ? [] : [[page.pageId, path] as const],
    );
    const revision = layout === undefined ? undefined : await imported();
    if (layout === undefined || revision === undefined) return new Map(renamedThere);
    const pages = revision === main.id ? main.pages : (await api.getRevision({ spaceId, revision }, { signal })).pages;
    return new Map([
      ...documentPages(pages).flatMap((page) => {
        const path = page.path === undefined ? undefined : layout.livePaths.get(page.path);
        return path === undefined ? [] : [[page.id, path] as const];
      }),
      ...renamedThere,
    ]);
  };
  // Asked at most once: without state it may read a past revision.
  const basePathById = (): Promise<ReadonlyMap<string, string>> => (basePaths ??= readBasePaths());
  // A page the platform moved or gave a new slug (itself or an ancestor) that git moved or removed as
  // well: git's move or removal wins. The platform's page at its new place, as the base had it, is no
  // page of its own: it is the base's page, still held by the platform, which git changed.
  const gone = [...baseOids].filter(([path]) => !gitOids.has(path) && !livePaths.has(path));
  const placedElsewhere = new Map<string, string>();
  for (const [path, side] of gone.length === 0 ? [] : sides.platform) {
    if (sides.base.has(path) || gitOids.has(path)) continue;
    for (const [from, oid] of gone)
      if (!placedElsewhere.has(from) && (await fingerprints.ofOid(oid, path)) === side) {
        placedElsewhere.set(from, path);
        break;
      }
  }
  // One the platform edited too is told by its id: the base's page, which both sides changed.
  const editedElsewhere = new Map<string, string>();
  if (gone.some(([from]) => !placedElsewhere.has(from))) {
    const liveById = new Map(live.map((doc) => [doc.page.id, doc.path]));
    const taken = new Set(placedElsewhere.values());
    for (const [id, from] of await basePathById()) {
      const path = liveById.get(id);
      if (path === undefined || placedElsewhere.has(from) || taken.has(path) || !gone.some(([each]) => each === from)) continue;
      if (sides.base.has(path) || gitOids.has(path) || !sides.platform.has(path)) continue;
      placedElsewhere.set(from, path);
      editedElsewhere.set(from, path);
    }
  }
  // A page both sides moved to the same path (git took the platform's move from the branch, say):
  // the base's page, at that path on every side. Told by what it holds, or by its id.
  for (const [path, side] of gone.length === placedElsewhere.size ? [] : sides.platform) {
    if (sides.base.has(path) || !gitOids.has(path)) continue;
    const id = livePaths.get(path)?.page.id;
    for (const [from, oid] of gone) {
      if (placedElsewhere.has(from) || !baseOids.has(from)) continue;
      if ((await fingerprints.ofOid(oid, path)) !== side && (id === undefined || (await basePathById()).get(id) !== from)) continue;
      sides.base.set(path, await baseFingerprint(path, oid));
      sides.base.delete(from);
      baseOids.set(path, oid);
      baseOids.delete(from);
      break;
    }
  }
  for (const [from, path] of placedElsewhere) {
    const [side, text] = [sides.platform.get(path), markdown.get(path)];
    sides.platform.delete(path);
    markdown.delete(path);
    const base = sides.base.get(from);
    const kept = editedElsewhere.has(from) ? side : base;
    if (kept !== undefined) sides.platform.set(from, kept);
    if (editedElsewhere.has(from) && text !== undefined) markdown.set(from, text);
  }
  // Such a page is named by its base path where pages are placed around it: one the platform moved under it is its child.
  const heldAt = new Map([...placedElsewhere].map(([from, path]) => [path, from]));
  const places = renamedPlaces(livePlaces, heldAt);
  const livePathSet = new Set(livePaths.keys());
  const sameId = new Map<string, string>();
  if ([...baseOids.keys()].some((path) => gitOids.has(path) && !livePathSet.has(path))) {
    const liveById = new Map(live.map((doc) => [doc.page.id, doc.path]));
    for (const [id, path] of await basePathById()) {
      const now = liveById.get(id);
      if (now !== undefined && now !== path && !isHeadingKey(path)) sameId.set(path, now);
    }
  }
  // A page git moved (a rename, edited or not, as git's rename detection pairs it) that the platform
  // changed where the base has it: one page at git's path, its base and platform versions those of the
  // base path, git's that of its path. Titled as at the base path, as its other versions are.
  const changedThere = new Set([
    ...[...livePathSet].filter((path) => baseOids.has(path) && !gitOids.has(path) && sides.platform.get(path) !== sides.base.get(path)),
    ...editedElsewhere.keys(),
  ]);
  // The renames of the pages live pages are placed under or beside count too: a page the platform
  // placed there is listed by git's path of it.
  const placedBy = new Set([...places.values()].flatMap((place) => [place.parent, place.after, place.before]));
  // So do those the platform removed: git's move (and edit) of such a page meets the platform's removal at git's path.
  const removedThere = (path: string): boolean => !livePathSet.has(path) && !sides.platform.has(path);
  // docsync's change request, made from an earlier main, holds git's moves: a page the platform moved
  // in main since was moved after git's move was synced, so its place stands, at git's path.
  // (A page at a new place, `placedElsewhere`, is named by its base path on both sides.)
  const heldByGit = [...[...livePathSet].filter((path) => baseOids.has(path) && !gitOids.has(path)), ...placedElsewhere.keys()];
  const opened = input.openedFrom !== undefined && input.openedFrom !== main.id && heldByGit.length > 0 ? input.openedFrom : undefined;
  const movedSinceOpened =
    opened === undefined
      ? new Set<string>()
      : movedSince(
          liveDocuments((await api.getRevision({ spaceId, revision: opened }, { signal })).pages, pathById, headings, input.content.snapshot).tree,
          renamedTree(tree, heldAt),
        );
  const movedAfterGit = new Set(heldByGit.filter((path) => movedSinceOpened.has(path)));
  const goneInGit = new Set(
    [...baseOids.keys()].filter(
      (path) => !gitOids.has(path) && (changedThere.has(path) || placedBy.has(path) || removedThere(path) || movedAfterGit.has(path)),
    ),
  );
  const gitRenames =
    goneInGit.size === 0
      ? new Map<string, string>()
      : await renamedInGit({ base: baseOids, git: gitOids }, goneInGit, livePathSet, (oid) => fingerprints.textOf(oid));
  const movedToGitPath = new Map([...gitRenames].filter(([from]) => movedAfterGit.has(from)));
  const gitRenamed = new Map([...gitRenames].filter(([path]) => changedThere.has(path) || removedThere(path)));
  const atGitPath = new Map<string, PageChange>();
  for (const [from, to] of gitRenamed) {
    const [base, platform, gitOid] = [sides.base.get(from), sides.platform.get(from), gitOids.get(to)];
    const git = gitOid === undefined ? undefined : await fingerprints.ofOid(gitOid, from);
    const side = (fingerprint: string | undefined): Map<string, string> => new Map(fingerprint === undefined ? [] : [[to, fingerprint]]);
    const [change] = classifyPages(side(base), side(git), side(platform));
    if (change !== undefined) atGitPath.set(to, change);
  }
  const renamed = await renamedInPlatform({ base: baseOids, git: gitOids, platform: sides.platform }, livePathSet, sameId, (oid, path) =>
    fingerprints.ofOid(oid, path),
  );
  const held = new Map<string, string>();
  for (const [path, entry] of input.base?.pages ?? []) {
    if (entry.live !== undefined) held.set(path, fingerprintsCurrent(input.base) ? entry.live.fingerprint : await fingerprints.ofOid(entry.live.oid, path));
  }
  for (const [path, page] of leftLive) if (page.live !== undefined) held.set(path, await fingerprints.ofOid(page.live, path));
  for (const [path, page] of mergedLive ?? []) held.set(path, fileFingerprint(page.live, input.titlings(path)));
  for (const path of mergedBack) held.delete(path);
  const takenIn = held.size > 0 ? new Set([...((await input.takenIn?.()) ?? []), ...(mergedLive?.keys() ?? [])]) : undefined;
  const changes = givenChildren(
    renamedAndEdited(
      movedAndEdited(
        classifyPages(sides.base, sides.git, sides.platform, held, takenIn).filter((change) => change.kind !== 'unchanged'),
        renamed,
      ),
      gitRenamed,
      atGitPath,
    ),
    [...renamed.values(), ...moved].flatMap((path) => places.get(path)?.parent ?? []).filter((path) => !gitRenames.has(path)),
  );
  // Such a page renamed is removed at the branch's path.
  for (const [from] of renamedAdded) {
    const live = addedOnBranch?.get(from)?.live;
    changes.push({ path: from, kind: 'platform', base: live === undefined ? undefined : `oid:${live}`, git: undefined, platform: undefined });
  }
  changes.sort((a, b) => comparePaths(a.path, b.path));
  // A page moved in the platform and edited in git: its base and git versions are those of its base
  // path. One git moved: its base and platform versions are those of its base path.
  const movedFrom = new Map([...renamed].map(([from, to]) => [to, from]));
  const gitMovedFrom = new Map([...gitRenamed].map(([from, to]) => [to, from]));
  const texts = new Map<string, PageTexts>();
  for (const change of changes) {
    if (change.kind !== 'platform' && change.kind !== 'both' && change.kind !== 'held') continue;
    const source = change.kind === 'both' ? (movedFrom.get(change.path) ?? change.path) : change.path;
    const platformAt = gitMovedFrom.get(change.path) ?? placedElsewhere.get(change.path) ?? change.path;
    const [baseOid, gitOid, doc] = [baseOids.get(gitMovedFrom.get(change.path) ?? source), gitOids.get(source), livePaths.get(platformAt)];
    let platform = markdown.get(platformAt) ?? (doc?.oid === undefined ? undefined : await fingerprints.textOf(doc.oid));
    // What was left live, when git has no copy of it here: as the platform holds it.
    // So is a page git removed that the platform gave a child, unchanged itself.
    if (platform === undefined && doc !== undefined && (change.kind === 'held' || (change.kind === 'both' && change.git === undefined)))
      platform = (await liveText(doc)).text;
    const title = retitled.get(platformAt);
    texts.set(change.path, {
      base: baseOid === undefined ? undefined : await fingerprints.textOf(baseOid),
      git: gitOid === undefined ? undefined : await fingerprints.textOf(gitOid),
      platform,
      ...(title === undefined ? {} : { title }),
    });
  }
  return {
    revision: { id: main.id, createdAt: main.createdAt },
    changes,
    texts,
    titles: new Map(live.map((doc) => [heldAt.get(doc.path) ?? doc.path, doc.page.title])),
    addedIds: new Map(live.flatMap((doc) => (baseOids.has(doc.path) || gitOids.has(doc.path) ? [] : [[doc.path, doc.page.id] as const]))),
    based: true,
    files: main.files,
    places: placesInGit(places, baseOids, gitOids, gitTree, gitRenames),
    moved: [...moved.filter((path) => !movedToGitPath.has(path)), ...movedToGitPath.values()],
    renamed: new Map([...renamed, ...renamedAdded]),
    renamedAdded,
    // With those a page the platform placed a page under or beside: it goes to git's path with its id, and its child with it.
    renamedInGit: new Map(
      [...gitRenames].flatMap(([from, to]) => {
        if (!gitRenamed.has(from) && !placedBy.has(from)) return [];
        const id = livePaths.get(placedElsewhere.get(from) ?? from)?.page.id;
        return id === undefined ? [] : [[from, { path: to, id }] as const];
      }),
    ),
  };
}

/**
 * `changes` with each page git removed (not moved) that the platform left as it was but placed a
 * page it moved under (`parents`) changed on both sides: the platform changed it by giving it that child, which
 * would go with it otherwise.
 */
function givenChildren(changes: readonly PageChange[], parents: readonly string[]): PageChange[] {
  const given = new Set(parents);
  return changes.map((change) =>
    change.kind === 'git' && change.git === undefined && change.platform !== undefined && given.has(change.path) ? { ...change, kind: 'both' } : change,
  );
}

/** A page's own slug, as its file names it: `a/b.md` and `a/b/README.md` (a page given children) are both `b`. */
function slugOf(path: string): string {
  return posix.basename(path.replace(/\/README\.md$/i, '').replace(/\.md$/i, ''));
}

/** The page tree with the git source of the pages of `ids` left out. */
function withoutGitSource(tree: readonly Page[], ids: ReadonlySet<string>): Page[] {
  return tree.map((page) => {
    const { git: _source, ...rest } = page;
    return { ...(ids.has(page.id) ? rest : page), pages: withoutGitSource(page.pages ?? [], ids) };
  });
}
