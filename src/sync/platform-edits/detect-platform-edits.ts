import { posix } from 'node:path';
import type { ContentApi } from '../../api/resources/content.js';
import type { Page } from '../../api/schemas/content.js';
import { isHeadingKey } from '../pages/page-plan.js';
import { comparePaths } from '../../content/compare-paths.js';
import { classifyPages, type PageChange } from './classify-pages.js';
import { findBaseRevision } from './find-base-revision.js';
import type { SyncedBase } from './find-synced-base.js';
import { pageFileFingerprint } from './page-file-fingerprint.js';
import { fingerprintsCurrent } from './base-version.js';
import { snapshotAssets } from '../../content/gitbook/snapshot-assets.js';
import { filePathsById, withFileLinksAsPaths } from './file-links-as-paths.js';
import { uploadedFilePaths } from './platform-files-to-git.js';
import type { LeftLivePage } from './branch-left-live.js';
import { renamedPlaces, type LivePlace } from './live-places.js';
import { livePathsOf } from '../pages/live-pages.js';
import { placesInGit } from './places-in-git.js';
import { fromGitMoves, movedAndEdited, renamedAndEdited, renamedInGit, renamedInPlatform } from './renamed-pages.js';
import { lacksGitPage } from './lacks-git-page.js';
import { importedInPlatform } from './imported-in-platform.js';
import { desiredPages } from '../pages/desired-pages.js';
import { documentPages, hasEditedPages, liveDocuments, liveTextOf, retitledLive, type LiveDocument, type LiveText } from './live-documents.js';
import { Fingerprints } from './blob-fingerprints.js';
import { movedDelivered, movedSince, pathTree, platformMoves, renamedTree } from './page-moves.js';
import type { DetectInput } from './detect-input.js';
import { pageSides } from './page-sides.js';
import { pageTexts } from './page-texts.js';
import { placeElsewhere } from './place-elsewhere.js';
import { unbasedEdits, type DetectedEdits } from './detected-edits.js';

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
  if (baseOids.size === 0) return unbasedEdits(main, livePlaces);
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
    return text === undefined || page === undefined ? fingerprints.ofOid(oid, path) : pageFileFingerprint(text, path, input.titlings(path), page.title);
  };
  const { markdown, retitled, ...sides } = await pageSides({
    base: baseOids,
    git: gitOids,
    live: livePaths,
    fingerprints,
    baseFingerprint,
    liveText,
    titlings: input.titlings,
    branchHeld,
    asOnBranch,
  });

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
  const { placedElsewhere, editedElsewhere } = await placeElsewhere({
    base: baseOids,
    git: gitOids,
    live: livePaths,
    liveById: () => new Map(live.map((doc) => [doc.page.id, doc.path])),
    sides,
    markdown,
    fingerprints,
    baseFingerprint,
    basePathById,
  });
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
  for (const [path, page] of mergedLive ?? []) held.set(path, pageFileFingerprint(page.live, path, input.titlings(path)));
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
  const texts = await pageTexts(changes, {
    base: baseOids,
    git: gitOids,
    live: livePaths,
    markdown,
    retitled,
    renamed,
    gitRenamed,
    placedElsewhere,
    fingerprints,
    liveText,
  });
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
