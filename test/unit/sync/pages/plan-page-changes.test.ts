import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchChanges } from '../../../../src/sync/pages/batch-changes.js';
import type { DesiredGroup, DesiredPage, LivePage, PlannedChange } from '../../../../src/sync/pages/page-plan.js';
import { pageSlugs } from '../../../../src/sync/pages/page-slugs.js';
import { planPageChanges } from '../../../../src/sync/pages/plan-page-changes.js';
import { applyBatches, withModelHashes, type ModelPage } from '../../../support/page-tree-model.js';

const content = (path: string): string => `content of ${path}`;
const page = (path: string, children: DesiredPage[] = [], title = path): DesiredPage => ({ path, title, hash: content(path), children });
const root = (...pages: DesiredPage[]): DesiredGroup[] => [{ title: undefined, pages }];

/** A live page as docsync last left it: keyed and hashed, with the slug and title it set. */
function live(id: string, path: string, children: LivePage[] = [], overrides: Partial<LivePage> = {}): LivePage {
  const slug = pageSlugs(root(page(path))).get(path);
  return { id, type: 'document', title: path, slug, key: path, hash: content(path), children, ...overrides };
}

const kinds = (changes: readonly PlannedChange[]): string[] =>
  changes.map((change) => `${change.kind} ${'path' in change ? change.path : change.kind === 'delete-page' ? change.id : ''}`);

describe('planPageChanges', () => {
  it('plans nothing when every page is live where and as the repo has it', () => {
    const plan = planPageChanges({
      desired: root(page('README.md'), page('guide.md', [page('guide/install.md')])),
      live: [live('a', 'README.md'), live('b', 'guide.md', [live('c', 'guide/install.md')])],
    });
    expect(plan.changes).toEqual([]);
    expect(plan.unchanged).toBe(3);
  });

  it('touches only the edited page, with its document alone', () => {
    const plan = planPageChanges({
      desired: root(page('README.md'), page('guide.md')),
      live: [live('a', 'README.md'), live('b', 'guide.md', [], { hash: 'older' })],
    });
    expect(plan.changes).toEqual([{ kind: 'update-page', id: 'b', path: 'guide.md', document: true, title: 'guide.md' }]);
    expect(plan.unchanged).toBe(1);
  });

  it('moves a renamed page (same content, new path) instead of deleting and inserting it', () => {
    const plan = planPageChanges({
      desired: root(page('README.md'), page('setup.md', [], 'Setup')),
      live: [live('a', 'README.md'), live('b', 'install.md', [], { hash: content('setup.md'), title: 'Setup' })],
    });
    expect(plan.changes).toEqual([{ kind: 'update-page', id: 'b', path: 'setup.md', document: false, slug: 'setup' }]);
  });

  it('moves a page to its new parent and index, keeping its id', () => {
    const plan = planPageChanges({
      desired: root(page('a.md', [page('c.md')]), page('b.md')),
      live: [live('A', 'a.md'), live('B', 'b.md', [live('C', 'c.md')])],
    });
    expect(plan.changes).toEqual([{ kind: 'update-page', id: 'C', path: 'c.md', move: { parent: { id: 'A' }, at: 0 }, document: false }]);
  });

  it('deletes what the repo dropped before placing pages, so indexes are final', () => {
    const plan = planPageChanges({ desired: root(page('b.md'), page('c.md')), live: [live('A', 'a.md'), live('B', 'b.md'), live('C', 'c.md')] });
    expect(plan.changes).toEqual([{ kind: 'delete-page', id: 'A', title: 'a.md', key: 'a.md' }]);
  });

  it('inserts new pages under new parents level by level, and batches wait for the parent ids', () => {
    const plan = planPageChanges({ desired: root(page('a.md', [page('a/b.md', [page('a/b/c.md')])])), live: [] });
    expect(kinds(plan.changes)).toEqual(['insert-page a.md', 'insert-page a/b.md', 'insert-page a/b/c.md']);
    expect(batchChanges(plan.changes).map((batch) => batch.length)).toEqual([1, 1, 1]);
  });

  it('keeps a page that holds kept pages until they have moved out, then deletes it', () => {
    const plan = planPageChanges({ desired: root(page('b.md')), live: [live('A', 'a.md', [live('B', 'b.md')])] });
    expect(kinds(plan.changes)).toEqual(['update-page b.md', 'delete-page A']);
  });

  it('keeps a page moved in the platform to the place a repo page goes (its parent, its slug), with its id, and its subpages under it', () => {
    // The platform moved `b.md` (with `b/c.md`) under `a.md`, edited since (no hash); the repo now lists it there as `a/b.md`.
    const plan = planPageChanges({
      desired: root(page('a.md', [page('a/b.md', [page('a/b/c.md')])])),
      live: [live('A', 'a.md', [live('B', 'b.md', [live('C', 'c.md', [], { hash: content('a/b/c.md') })], { hash: undefined, slug: 'b' })])],
    });
    expect(kinds(plan.changes)).toEqual(['update-page a/b.md']);
    expect(plan.changes[0]).toMatchObject({ id: 'B', document: true });
    expect(plan.unchanged).toBe(2);
  });

  it('sends files the space does not hold with that content, and re-sends the pages linking them', () => {
    const desired = root({ ...page('a.md'), files: ['img/x.png'] }, page('b.md'));
    const plan = planPageChanges({
      desired,
      live: [live('A', 'a.md'), live('B', 'b.md')],
      files: {
        desired: [
          { path: 'img/x.png', hash: 'x2', size: 10 },
          { path: 'img/y.png', hash: 'y', size: 10 },
        ],
        live: [
          { id: 'f1', key: 'img/x.png', hash: 'x1' },
          { id: 'f2', key: 'img/y.png', hash: 'y' },
        ],
      },
    });
    expect(plan.changes).toEqual([
      { kind: 'insert-files', files: [{ path: 'img/x.png', hash: 'x2', size: 10, ref: 'docsync-file-1' }] },
      { kind: 'update-page', id: 'A', path: 'a.md', document: true, title: 'a.md' },
    ]);
  });

  it('puts the pages of a group the space lacks at the root, and says so', () => {
    const plan = planPageChanges({ desired: [{ title: 'Guides', pages: [page('a.md')] }], live: [] });
    expect(plan.warnings).toEqual([
      'the group "Guides" is not in the space and the API cannot create groups: their pages go to the root (create the groups once in the editor and the next sync places the pages in them)',
    ]);
    expect(plan.changes).toMatchObject([{ kind: 'insert-page', parent: null, at: 0 }]);
  });

  it('names every missing group in one warning', () => {
    const plan = planPageChanges({
      desired: [
        { title: 'Guides', pages: [page('a.md')] },
        { title: 'Reference', pages: [page('b.md')] },
        { title: 'Here', pages: [page('c.md')] },
      ],
      live: [{ id: 'H', type: 'group', title: 'Here', children: [] }],
    });
    expect(plan.warnings).toHaveLength(1);
    expect(plan.warnings[0]).toMatch(/^the groups "Guides", "Reference" are not in the space/);
    expect(plan.changes).toMatchObject([
      { kind: 'insert-page', parent: null, at: 0 },
      { kind: 'insert-page', parent: null, at: 1 },
      { kind: 'insert-page', parent: { id: 'H' }, at: 0 },
    ]);
  });

  it('moves root pages into a group once the editor has created it', () => {
    const plan = planPageChanges({
      desired: [{ title: 'Guides', pages: [page('a.md')] }],
      live: [live('A', 'a.md'), { id: 'G', type: 'group', title: 'Guides', children: [] }],
    });
    expect(plan.warnings).toEqual([]);
    expect(plan.changes).toMatchObject([{ kind: 'update-page', id: 'A', move: { parent: { id: 'G' }, at: 0 } }]);
  });

  it('places pages into the live group of the same title', () => {
    const plan = planPageChanges({ desired: [{ title: 'Guides', pages: [page('a.md')] }], live: [{ id: 'G', type: 'group', title: 'Guides', children: [] }] });
    expect(plan.changes).toMatchObject([{ kind: 'insert-page', parent: { id: 'G' }, at: 0 }]);
  });
});

// Random trees over a small pool of paths and titles, so live and desired overlap, collide and move.
const PATHS = ['README.md', 'a.md', 'b.md', 'a/README.md', 'a/c.md', 'd/e.md', 'd/README.md', 'f.md', 'g/h.md', 'i.md'];
const TITLES = ['Intro', 'Guide', 'API'];

const desiredArb: fc.Arbitrary<DesiredGroup[]> = fc
  .record({
    paths: fc.shuffledSubarray(PATHS),
    parents: fc.array(fc.nat(), { minLength: PATHS.length, maxLength: PATHS.length }),
    groups: fc.array(fc.option(fc.constantFrom(...TITLES), { nil: undefined }), { minLength: PATHS.length, maxLength: PATHS.length }),
  })
  .map(({ paths, parents, groups }) => {
    type Mutable = { path: string; title: string; hash: string; children: Mutable[] };
    const made: Mutable[] = [];
    const roots: { group: string | undefined; page: Mutable }[] = [];
    paths.forEach((path, index) => {
      const node: Mutable = { path, title: path, hash: content(path), children: [] };
      const choice = parents[index] ?? 0;
      // About half the pages nest under an earlier one.
      if (made.length > 0 && choice % 2 === 1) made[(choice >> 1) % made.length]?.children.push(node);
      else roots.push({ group: groups[index], page: node });
      made.push(node);
    });
    const out: DesiredGroup[] = [];
    for (const { group, page: node } of roots) {
      const last = out.at(-1);
      if (last && last.title === group) (last.pages as DesiredPage[]).push(node);
      else out.push({ title: group, pages: [node] });
    }
    return out;
  });

let liveIds = 0;
/** Live trees: groups at the root, links as leaves, keys and contents from the same pools (or unknown). */
const liveArb: fc.Arbitrary<LivePage[]> = fc
  .array(
    fc.record({
      type: fc.constantFrom('document', 'document', 'document', 'group', 'link'),
      key: fc.option(fc.constantFrom(...PATHS), { nil: undefined }),
      hash: fc.option(fc.constantFrom(...PATHS.map(content), 'stale'), { nil: undefined }),
      title: fc.constantFrom(...TITLES, ...PATHS),
      parent: fc.nat(),
    }),
    { maxLength: 14 },
  )
  .map((records) => {
    type Mutable = LivePage & { children: Mutable[] };
    const roots: Mutable[] = [];
    const containers: Mutable[] = [];
    for (const { parent, ...fields } of records) {
      const node: Mutable = { ...fields, id: `live-${++liveIds}`, children: [] };
      const under = fields.type === 'group' || parent % 3 === 0 || containers.length === 0 ? undefined : containers[parent % containers.length];
      (under ? under.children : roots).push(node);
      if (fields.type !== 'link') containers.push(node);
    }
    return roots;
  });

/** The result as containers of (path, slug, content; the title goes with the content), groups by title. */
function shape(pages: readonly ModelPage[]): unknown[] {
  return pages.map((node) =>
    node.type === 'group'
      ? { group: node.title, pages: shape(node.children) }
      : { key: node.key, slug: node.slug, hash: node.hash, pages: shape(node.children) },
  );
}

/**
 * The repo tree as it should come out: each `##` group in a live group of its title (the first not
 * claimed by an earlier group), else its pages at the root; live groups keep their order.
 */
function expectedShape(desired: readonly DesiredGroup[], live: readonly LivePage[]): unknown[] {
  const slugs = pageSlugs(desired);
  const pages = (list: readonly DesiredPage[]): unknown[] =>
    list.map((node) => ({ key: node.path, slug: slugs.get(node.path), hash: node.hash, pages: pages(node.children) }));
  const atRoot: unknown[] = [];
  const claimed = new Map<string, unknown[]>();
  for (const group of desired) {
    if (group.pages.length === 0) continue;
    const found = live.find((node) => node.type === 'group' && node.title === group.title && !claimed.has(node.id));
    if (found) claimed.set(found.id, pages(group.pages));
    else atRoot.push(...pages(group.pages));
  }
  return [...atRoot, ...live.flatMap((node) => (claimed.has(node.id) ? [{ group: node.title, pages: claimed.get(node.id) }] : []))];
}

function ids(pages: readonly ModelPage[], into = new Map<string, string>()): Map<string, string> {
  for (const node of pages) {
    if (node.type === 'document' && node.key !== undefined) into.set(node.key, node.id);
    ids(node.children, into);
  }
  return into;
}

describe('planPageChanges on random trees', () => {
  it('applied batch by batch, always yields the repo tree; every batch is at most 50 changes and valid on its own', () => {
    fc.assert(
      fc.property(desiredArb, liveArb, (desired, live) => {
        const plan = planPageChanges({ desired: withModelHashes(desired), live });
        const batches = batchChanges(plan.changes);
        for (const batch of batches) expect(batch.length).toBeLessThanOrEqual(50);
        const result = applyBatches(live, batches);
        expect(shape(result)).toEqual(expectedShape(desired, live));
      }),
      { numRuns: 500 },
    );
  });

  it('plans nothing on its own result', () => {
    fc.assert(
      fc.property(desiredArb, liveArb, (desired, live) => {
        const first = applyBatches(live, batchChanges(planPageChanges({ desired, live }).changes));
        expect(planPageChanges({ desired, live: first }).changes).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the id of the live page holding each path the repo still has', () => {
    fc.assert(
      fc.property(desiredArb, liveArb, (desired, live) => {
        const wanted = new Set(desired.flatMap((group) => [...flattenDesired(group.pages)].map((node) => node.path)));
        const result = ids(applyBatches(live, batchChanges(planPageChanges({ desired, live }).changes)));
        const firstClaimant = new Map<string, string>();
        for (const node of flatten(live))
          if (node.type === 'document' && node.key !== undefined && !firstClaimant.has(node.key)) firstClaimant.set(node.key, node.id);
        for (const [path, id] of firstClaimant) if (wanted.has(path)) expect(result.get(path)).toBe(id);
      }),
      { numRuns: 300 },
    );
  });

  it('stays within 50 changes per batch on a thousand new pages', () => {
    const pages = Array.from({ length: 1000 }, (_, i) => page(`p${i}.md`, [page(`p${i}/child.md`)]));
    const batches = batchChanges(planPageChanges({ desired: root(...pages), live: [] }).changes);
    expect(batches.every((batch) => batch.length <= 50)).toBe(true);
    expect(batches).toHaveLength(40);
    expect(applyBatches([], batches)).toHaveLength(1000);
  });
  it('cuts batches by body size too: inline files split across batches (one change split if need be), files by URL count little', () => {
    const file = (n: number, size: number) => ({ path: `f${n}.png`, hash: `h${n}`, size, ref: `docsync-file-${n}` });
    const inline = Array.from({ length: 20 }, (_, n) => file(n, 700 * 1024));
    const batches = batchChanges(
      [
        { kind: 'insert-files', files: inline },
        { kind: 'insert-files', files: [file(20, 5 * 1024 * 1024)] },
      ],
      { maxBytes: 8 * 1024 * 1024 },
    );
    const perBatch = batches.map((batch) => batch.flatMap((change) => (change.kind === 'insert-files' ? change.files.map((f) => f.path) : [])));
    expect(perBatch.flat()).toEqual([...inline.map((f) => f.path), 'f20.png']);
    expect(perBatch.map((paths) => paths.length)).toEqual([8, 8, 5]);
    const big = batchChanges(
      [
        { kind: 'insert-page', ref: 'a', path: 'a.md', title: 'A', slug: 'a', parent: null, at: 0 },
        { kind: 'insert-page', ref: 'b', path: 'b.md', title: 'B', slug: 'b', parent: null, at: 1 },
      ],
      { maxBytes: 1024 * 1024, sizeOf: () => 600 * 1024 },
    );
    expect(big.map((batch) => batch.length)).toEqual([1, 1]);
  });
});

function* flattenDesired(pages: readonly DesiredPage[]): Iterable<DesiredPage> {
  for (const node of pages) {
    yield node;
    yield* flattenDesired(node.children);
  }
}

function* flatten(pages: readonly LivePage[]): Iterable<LivePage> {
  for (const node of pages) {
    yield node;
    yield* flatten(node.children);
  }
}
