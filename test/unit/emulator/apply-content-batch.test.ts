import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyContentBatch } from '../../../src/emulator/content/apply-content-batch.js';
import type { ContentChange } from '../../../src/emulator/content/content-batch-body.js';
import { EmulatorError } from '../../../src/emulator/emulator-error.js';
import { EmulatorState } from '../../../src/emulator/state/emulator-state.js';
import { Random } from '../../../src/emulator/state/random.js';
import type { PageRecord, RevisionRecord } from '../../../src/emulator/state/records.js';
import { buildPages, createRevision, walkPages } from '../../../src/emulator/state/revisions.js';

function fixture(): { state: EmulatorState; revision: RevisionRecord } {
  const state = new EmulatorState(new Random(7), () => new Date('2026-01-01T00:00:00Z'));
  const pages = buildPages(state, [
    { title: 'Intro', markdown: '# Intro\n' },
    { title: 'Guides', pages: [{ title: 'Install' }, { title: 'Upgrade', pages: [{ title: 'From v1' }] }] },
    { title: 'Reference' },
  ]);
  // A group, as imports make them: not in its children's paths.
  pages.push({ ...pages[2]!, id: 'group_1', type: 'group', title: 'More', slug: 'more', path: 'more', pages: [] });
  return { state, revision: createRevision(state, 'space', { pages, files: [] }, []) };
}

/** What must hold of any page tree: ids unique, document paths unique and made of the slugs above them. */
function checkTree(pages: readonly PageRecord[]): void {
  const ids = new Set<string>();
  const paths = new Set<string>();
  const visit = (list: readonly PageRecord[], base: string): void => {
    for (const page of list) {
      expect(ids.has(page.id)).toBe(false);
      ids.add(page.id);
      expect(page.path).toBe(base === '' ? page.slug : `${base}/${page.slug}`);
      if (page.type === 'document') {
        expect(paths.has(page.path)).toBe(false);
        paths.add(page.path);
      }
      visit(page.pages, page.type === 'group' ? base : page.path);
    }
  };
  visit(pages, '');
}

describe('applyContentBatch', () => {
  const { state, revision } = fixture();
  const ids = [...walkPages(revision.pages)].map((page) => page.id);
  const pageId = fc.constantFrom(...ids, 'page_missing');
  const slug = fc.constantFrom('intro', 'guides', 'install', 'new', 'other', 'from-v1');
  const change: fc.Arbitrary<ContentChange> = fc.oneof(
    fc.record(
      {
        operation: fc.constant('insert_page' as const),
        into: fc.option(pageId, { nil: undefined }),
        at: fc.option(fc.nat(4), { nil: undefined }),
        slug,
        document: fc.constant({ markdown: '# New\n' }),
      },
      { requiredKeys: ['operation', 'document'] },
    ),
    fc.record(
      {
        operation: fc.constant('update_page' as const),
        page: pageId,
        into: fc.option(fc.option(pageId, { nil: null }), { nil: undefined }),
        at: fc.option(fc.nat(4), { nil: undefined }),
        slug: fc.option(slug, { nil: undefined }),
      },
      { requiredKeys: ['operation', 'page'] },
    ),
    fc.record({ operation: fc.constant('delete_page' as const), page: pageId }),
    fc.record({ operation: fc.constant('revert_page' as const), page: pageId }),
  );

  it('leaves the revision it started from untouched, and either applies whole or refuses with a 400', () => {
    const before = structuredClone(revision.pages);
    fc.assert(
      fc.property(fc.array(change, { minLength: 1, maxLength: 12 }), (changes) => {
        const target = { current: revision, base: revision, revisionOf: () => undefined };
        try {
          const result = applyContentBatch(state, target, changes, new Map());
          checkTree(result.pages);
          const touched = new Set(result.outcomes.map((outcome) => outcome.page));
          expect(touched.size).toBe(result.outcomes.length);
        } catch (error) {
          expect(error).toBeInstanceOf(EmulatorError);
          expect((error as EmulatorError).status).toBe(400);
          expect((error as Error).message).toMatch(/^Invalid body field "changes\.\d+\./);
        }
        expect(revision.pages).toEqual(before);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a moved page’s id and record fields, and puts a group’s children at the group’s level', () => {
    const [intro, guides] = revision.pages;
    const result = applyContentBatch(
      state,
      { current: revision, base: revision, revisionOf: () => undefined },
      [
        { operation: 'update_page', page: intro!.id, into: 'group_1' },
        { operation: 'update_page', page: guides!.id, into: intro!.id, at: 0 },
      ],
      new Map(),
    );
    const more = result.pages.find((page) => page.id === 'group_1')!;
    expect(more.pages.map((page) => [page.id, page.path])).toEqual([[intro!.id, 'intro']]);
    expect(more.pages[0]!.pages[0]).toMatchObject({ id: guides!.id, path: 'intro/guides', title: 'Guides', createdAt: guides!.createdAt });
    expect([...walkPages(more.pages)].map((page) => page.path)).toEqual([
      'intro',
      'intro/guides',
      'intro/guides/install',
      'intro/guides/upgrade',
      'intro/guides/upgrade/from-v1',
    ]);
    expect(result.outcomes.map((outcome) => [outcome.kind, outcome.page])).toEqual([
      ['updated', intro!.id],
      ['updated', guides!.id],
    ]);
  });

  it('edits the revision a batch made, and still the one before it, each as it stands', () => {
    const { state: own, revision: first } = fixture();
    const on = (current: RevisionRecord, changes: ContentChange[]) => {
      const result = applyContentBatch(own, { current, base: first, revisionOf: () => undefined }, changes, new Map());
      return createRevision(own, 'space', { pages: result.pages, files: result.files }, [current.id]);
    };
    const second = on(first, [{ operation: 'insert_page', slug: 'new', document: { markdown: '# New\n' } }]);
    const added = second.pages.find((page) => page.slug === 'new')!;
    // The next batch finds the page the last one inserted, by id and by path.
    const third = on(second, [{ operation: 'update_page', page: added.id, slug: 'renamed' }]);
    expect(third.pages.find((page) => page.id === added.id)?.path).toBe('renamed');
    expect(() => on(third, [{ operation: 'insert_page', slug: 'renamed', document: { markdown: '# Again\n' } }])).toThrow(/already has the path "renamed"/);
    // The revisions before hold what they held: "new" is free in the first, taken in the second.
    expect(() => on(second, [{ operation: 'insert_page', slug: 'new', document: { markdown: '# Again\n' } }])).toThrow(/already has the path "new"/);
    const again = on(first, [{ operation: 'insert_page', slug: 'new', document: { markdown: '# Again\n' } }]);
    expect(again.pages.filter((page) => page.slug === 'new')).toHaveLength(1);
    expect(() => on(first, [{ operation: 'update_page', page: added.id, slug: 'other' }])).toThrow(/no page/);
    checkTree(third.pages);
    checkTree(again.pages);
  });
});
