import { describe, expect, it } from 'vitest';
import type { DocsSnapshot, PageNode } from '../../../../src/content/gitbook/docs-snapshot.js';
import { desiredPages } from '../../../../src/sync/pages/desired-pages.js';
import type { DesiredPage } from '../../../../src/sync/pages/page-plan.js';
import { placeGroups } from '../../../../src/sync/pages/place-groups.js';

const node = (path: string, under: string[] = []): PageNode => ({
  path,
  title: path,
  children: [],
  ...(under.length > 0 ? { under: under.map((title) => ({ title, line: title.length })) } : {}),
});

const snapshot: Pick<DocsSnapshot, 'pages' | 'files' | 'summary'> = {
  summary: 'SUMMARY.md',
  files: [],
  pages: [
    { title: undefined, pages: [node('README.md')] },
    { title: 'Guide', pages: [node('a.md'), node('b.md', ['Libs']), node('c.md', ['Libs']), node('d.md')] },
    { title: 'Reference', pages: [node('e.md')] },
  ],
};

const shape = (pages: readonly DesiredPage[]): unknown[] =>
  pages.map((page) =>
    page.heading ? [`${page.title} (${page.path})`, shape(page.children)] : page.children.length > 0 ? [page.path, shape(page.children)] : page.path,
  );

describe('desiredPages and placeGroups', () => {
  it('make groups the space lacks and items without a link heading pages holding their pages, in place', () => {
    const desired = desiredPages(snapshot, 'pages');
    const placed = placeGroups(desired.groups, [{ type: 'group', title: 'Reference' }], 'pages', 'SUMMARY.md');
    expect(placed.groups.map((group) => [group.title, shape(group.pages)])).toEqual([
      [undefined, ['README.md', ['Guide (SUMMARY.md#Guide)', ['a.md', ['Libs (SUMMARY.md#Libs)', ['b.md', 'c.md']], 'd.md']]]],
      ['Reference', ['e.md']],
    ]);
    expect(placed.warnings).toEqual([
      'the group "Guide" is not in the space and the API cannot create groups: each is a page of its title holding its pages (create the groups once in the editor and the next sync places the pages in them)',
    ]);
  });

  it('leave them to the planner with `flat`', () => {
    const desired = desiredPages(snapshot, 'flat');
    const placed = placeGroups(desired.groups, [], 'flat', 'SUMMARY.md');
    expect(placed.groups.map((group) => [group.title, shape(group.pages)])).toEqual([
      [undefined, ['README.md']],
      ['Guide', ['a.md', 'b.md', 'c.md', 'd.md']],
      ['Reference', ['e.md']],
    ]);
    expect(placed.warnings).toEqual([]);
  });
});
