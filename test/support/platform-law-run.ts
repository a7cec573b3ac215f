import { expect } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/start-emulator.js';
import { applyOp, LawModel, type LawOp, type ModelPage } from './platform-law-ops.js';
import { summaryPages, type LawRepo } from './platform-law-repo.js';
import {
  branchTip,
  filesAt,
  flatLive,
  hasMarkers,
  inEveryWorld,
  isAncestor,
  liveShape,
  liveSpace,
  openChangeRequest,
  openWorld,
  pathsAt,
  syncWorld,
  type LawSync,
  type LawWorld,
} from './platform-law-world.js';
import { git } from './temp-tree.js';

/**
 * Runs one sequence of the law on two emulators, a runner with state and one without: syncs first,
 * then each step, then syncs last, checking after every sync everything the law asks.
 */
export async function runLaw(
  repo: LawRepo,
  ops: readonly LawOp[],
  emulators: readonly RunningEmulator[],
  contract: 'current' | 'seed',
  target: Record<string, unknown>,
  { readmeEdits = target.platformEdits !== 'adopt' }: { readmeEdits?: boolean } = {},
): Promise<void> {
  const worlds: LawWorld[] = [];
  for (const [index, emulator] of emulators.entries()) worlds.push(await openWorld(emulator, repo, target, index === 1));
  const model = new LawModel(repo, { readmeEdits });
  const story: string[] = [];
  // The id each page had live after the last sync, by runner: a page that stays live keeps it.
  const ids = worlds.map(() => new Map<number, string>());
  const synced = async (held = false): Promise<void> => {
    story.push(held ? 'sync, its change request left open for review' : 'sync');
    const tips = worlds.map(branchTip);
    const results = await inEveryWorld(worlds, (world) => syncWorld(world, held));
    // A page git moved whose text the platform edited is one page: under adopt it keeps its id.
    const keepsId = new Set([...model.movedSinceSync].filter((key) => model.platformTextSinceSync.has(key)));
    model.movedSinceSync.clear();
    model.platformTextSinceSync.clear();
    try {
      await checkSync(worlds, model, tips, results, held);
      if (contract === 'current' && target.platformEdits === 'adopt' && !held)
        for (const [index, world] of worlds.entries()) await checkIds(world, model, ids[index] ?? new Map(), keepsId);
    } catch (error) {
      throw new Error(`after: ${story.join('; ')}\n${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  };
  await synced();
  for (const op of [...ops, { kind: 'sync' } as const]) {
    if (op.kind === 'sync' || op.kind === 'sync-held') await synced(op.kind === 'sync-held');
    else story.push(await applyOp(op, model, worlds, contract));
  }
}

/**
 * Under `adopt` on today's API, a page live before the sync and after it is the same page, with its
 * id: one the platform moved or renamed and git edited too is updated in place, never removed and
 * added again. Not asked of a page git gave another file (unless the platform edited its text since
 * the last sync, `keepsId`: one page, moved by git), or one under such a page (it goes with it as a
 * page of its own), nor of one the sync took out of the space.
 */
async function checkIds(world: LawWorld, model: LawModel, ids: Map<number, string>, keepsId: ReadonlySet<number>): Promise<void> {
  const flat = flatLive(await liveSpace(world));
  const parentOf = new Map(flat.map(({ page, parent }) => [page.title, parent]));
  const underMoved = (title: string | undefined): boolean =>
    title !== undefined && (model.byTitle(title)?.movedInGit === true || underMoved(parentOf.get(title)));
  for (const page of model.pages) {
    const asked = !page.movedInGit || keepsId.has(page.key);
    const found = page.deleted === undefined && asked ? flat.find(({ page: live }) => page.titles.includes(live.title)) : undefined;
    const before = ids.get(page.key);
    if (found === undefined || underMoved(found.parent)) ids.delete(page.key);
    else if (before !== undefined) expect(found.page.id, `the page ${page.titles.join(' / ')} keeps its id`).toBe(before);
    else ids.set(page.key, found.page.id);
  }
}

/**
 * Everything the law asks after a sync, of the runner with state, and of the one without against it.
 * After a sync that left its change request open for review (`held`), what is live is that change
 * request's content, what its merge makes live; after any other, no change request is left open.
 */
async function checkSync(
  worlds: readonly LawWorld[],
  model: LawModel,
  tipsBefore: readonly (string | undefined)[],
  results: readonly LawSync[],
  held: boolean,
): Promise<void> {
  const [world, stateless] = worlds;
  const [result, statelessResult] = results;
  if (world === undefined || stateless === undefined || result === undefined || statelessResult === undefined) throw new Error('two runners');
  // A sync fails only with conflicts to resolve.
  expect(result.failures.filter((failure) => !failure.startsWith('E_PLATFORM_EDITS_CONFLICT'))).toEqual([]);

  // The branch only moves forward: the previous tip and every person's commit are ancestors of the tip.
  worlds.forEach((each, index) => {
    const before = tipsBefore[index];
    const after = branchTip(each);
    if (before !== undefined) expect(after !== undefined && isAncestor(each, before, after), `the branch moved forward from ${before}`).toBe(true);
  });
  const tip = branchTip(world);
  for (const commit of model.humanCommits) expect(tip !== undefined && isAncestor(world, commit, tip), `a person's commit ${commit} is kept`).toBe(true);

  const reviewed = async (each: LawWorld): Promise<string | undefined> => {
    const open = await openChangeRequest(each);
    if (!held) expect(open, 'no change request is left open once the sync merged').toBeUndefined();
    return open;
  };
  const live = await liveSpace(world, await reviewed(world));
  const flat = flatLive(live);
  const liveText = flat.map(({ page }) => `${page.title}\n${page.description}\n${page.markdown}`).join('\n');
  const branch = tip === undefined ? new Map<string, string>() : filesAt(world.remote, tip);
  const branchText = [...branch.values()].join('\n');
  const head = summaryPages(git(world.dir, 'show', 'HEAD:docs/SUMMARY.md'), pathsAt(world.dir, 'HEAD'));

  for (const obligation of model.obligations) {
    if (obligation.kind === 'platform') {
      const kept = liveText.includes(obligation.token) || branchText.includes(obligation.token);
      expect(kept, `the platform's edit ${obligation.token} is live or on the branch's tip`).toBe(true);
      if (obligation.asset !== undefined && !liveText.includes(obligation.token))
        expect(branch.has(`.gitbook/assets/${obligation.asset}`), `the platform's image ${obligation.asset} is on the branch`).toBe(true);
    } else if (obligation.kind === 'git') {
      const inConflict = [...branch.values()].some((text) => text.includes(obligation.token) && hasMarkers(text));
      expect(liveText.includes(obligation.token) || inConflict, `git's edit ${obligation.token} is live or in a conflict on the branch`).toBe(true);
    } else if (obligation.kind === 'platform-place') {
      const titles = model.pages[obligation.page]?.titles ?? [];
      const parentTitles = obligation.parent === undefined ? undefined : (model.pages[obligation.parent]?.titles ?? []);
      const under = (parent: string | undefined) => (parentTitles === undefined ? parent === undefined : parent !== undefined && parentTitles.includes(parent));
      const isLive = flat.some(({ page, parent }) => titles.includes(page.title) && under(parent));
      const listed = summaryPages(branch.get('SUMMARY.md') ?? '');
      const onBranch = listed.some((entry) => titles.includes(entry.title) && under(listed.find((item) => item.path === entry.parent)?.title));
      expect(isLive || onBranch, `the platform's move of ${titles.join(' / ')} is live or on the branch`).toBe(true);
    } else if (obligation.kind === 'platform-slug') {
      const titles = model.pages[obligation.page]?.titles ?? [];
      const isLive = flat.some(({ page }) => titles.includes(page.title) && page.path.split('/').pop() === obligation.slug);
      // A page that became the first one is the readme, whose file (`.gitbook.yaml` names it) no slug names.
      const readme = summaryPages(branch.get('SUMMARY.md') ?? '').some((entry) => entry.path === 'README.md' && titles.includes(entry.title));
      expect(
        isLive || readme || [...branch.keys()].some((path) => path.includes(obligation.slug)),
        `the platform's slug ${obligation.slug} is live or on the branch`,
      ).toBe(true);
    } else if (obligation.kind === 'platform-layout') {
      const titles = model.pages[obligation.page]?.titles ?? [];
      const isLive = flat.some(({ page }) => titles.includes(page.title) && page.hidden.split(',').includes('outline'));
      const onBranch = summaryPages(branch.get('SUMMARY.md') ?? '').some(
        (entry) => titles.includes(entry.title) && /outline:\n\s+visible: false/.test(branch.get(entry.path) ?? ''),
      );
      expect(isLive || onBranch, `the platform's layout of ${titles.join(' / ')} is live or on the branch`).toBe(true);
    } else {
      const titles = model.pages[obligation.page]?.titles ?? [];
      const isLive = flat.some(({ page }) => titles.includes(page.title));
      // Unless the platform changed it (moved a page under it) and it stands in conflict on the branch: under adopt it stays live until resolved.
      const path = model.pages[obligation.page]?.path;
      const inConflict = path !== undefined && (branch.get(path) ?? '').startsWith('<<<<<<< git removed this page');
      if (obligation.kind === 'git-delete') expect(isLive && !inConflict, `the page ${titles.join(' / ')} git removed is not live`).toBe(false);
      else {
        // Or, where git changed it too, in conflict on the branch as removed in the platform.
        const removedInConflict = (branch.get(obligation.path) ?? '').startsWith('<<<<<<< the platform removed this page');
        expect(
          !isLive || !branch.has(obligation.path) || removedInConflict,
          `the page ${obligation.path} removed in the platform is gone live or from the branch, or in conflict there`,
        ).toBe(true);
      }
    }
  }

  // One page is live once: a page git edited that the platform moved is that page, not two.
  for (const page of model.pages) {
    const copies = flat.filter((item) => page.titles.includes(item.page.title)).length;
    expect(copies, `the page ${page.titles.join(' / ')} is live once at most`).toBeLessThanOrEqual(1);
  }
  // A conflict only where the platform changed the page's text too: a place or slug it gave the page merges with git's edit.
  for (const [path, text] of branch) {
    if (path === 'SUMMARY.md' || !hasMarkers(text)) continue;
    // Removed in git only where git removed the page: one git moved is that page, at git's path.
    if (text.startsWith('<<<<<<< git removed this page'))
      for (const obligation of model.obligations)
        if (obligation.kind === 'platform' && text.includes(obligation.token))
          expect(model.pages[obligation.page]?.deleted, `${path}, in conflict as removed in git, is a page git removed`).toBe('git');
    for (const obligation of model.obligations) {
      const page = obligation.kind === 'git' && text.includes(obligation.token) ? model.pages[obligation.page] : undefined;
      if (page !== undefined) expect(page.platformText || page.deleted === 'platform', `${path}, in conflict, holds text the platform changed`).toBe(true);
    }
  }

  // Git's tree goes live: each of git's pages is live under the page git lists it under.
  for (const entry of head) {
    const page = model.byPath(entry.path);
    // A page the platform moved is where the platform put it (checked above) or where git has it.
    if (page === undefined || model.obligations.some((o) => o.kind === 'platform-place' && o.page === page.key)) continue;
    const found = flat.find((item) => page.titles.includes(item.page.title));
    expect(found, `git's page ${entry.path} is live`).toBeDefined();
    // Under a page the platform removed, where that removal stands live (`adopt`), at its place: under its parent.
    const listedUnder = (path: string | undefined): ModelPage | undefined => {
      if (path === undefined) return undefined;
      const removed = model.pages.find((each) => each.path === path && each.deleted === 'platform');
      const live = flat.some((item) => removed?.titles.includes(item.page.title));
      return model.byPath(path) ?? (live ? removed : listedUnder(head.find((each) => each.path === path)?.parent));
    };
    const parent = listedUnder(entry.parent);
    const liveParent = found?.parent === undefined ? undefined : model.byTitle(found.parent);
    expect(liveParent?.key, `git's page ${entry.path} is live under ${entry.parent ?? 'the top'}`).toBe(parent?.key);
  }

  // The runner without state decided what the runner with state decided.
  const code = (sync: LawSync) => ({ ...sync, failures: sync.failures.map((failure) => failure.split(':')[0]) });
  expect(code(statelessResult), 'the runner without state reports alike').toEqual(code(result));
  expect(liveShape(await liveSpace(stateless, await reviewed(stateless))), 'the runner without state leaves the same live tree').toEqual(liveShape(live));
  const statelessTip = branchTip(stateless);
  expect(statelessTip === undefined ? new Map() : filesAt(stateless.remote, statelessTip), 'the runner without state leaves the same branch').toEqual(branch);
}
