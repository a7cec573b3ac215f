import { describe, expect, it } from 'vitest';
import type { PageGroup, PageNode } from '../../../src/content/gitbook/docs-snapshot.js';
import { layoutKey } from '../../../src/content/gitbook/layout-key.js';
import type { DesiredPage } from '../../../src/sync/pages/page-plan.js';
import { pageSlugs } from '../../../src/sync/pages/page-slugs.js';

const page = (path: string, title: string, children: PageNode[] = []): PageNode => ({ path, title, children });

const TREE: PageGroup[] = [
  { title: undefined, pages: [page('README.md', 'Welcome'), page('alpha.md', 'Alpha', [page('alpha/one.md', 'One')])] },
  { title: 'Guides', pages: [page('guides/README.md', 'Guides home'), page('guides/beta.md', 'Beta')] },
];

/** The tree with the page at `path` changed by `change`. */
function changed(path: string, change: (node: PageNode) => PageNode): PageGroup[] {
  const visit = (nodes: readonly PageNode[]): PageNode[] =>
    nodes.map((node) => (node.path === path ? change(node) : { ...node, children: visit(node.children) }));
  return TREE.map((group) => ({ ...group, pages: visit(group.pages) }));
}

/** Git Sync's slugs of a tree, as docsync gives pages theirs. */
const desired = (node: PageNode): DesiredPage => ({ path: node.path, title: node.title, hash: '', children: node.children.map(desired) });
const slugsOf = (groups: readonly PageGroup[]): Map<string, string> =>
  pageSlugs(groups.map((group) => ({ title: group.title, pages: group.pages.map(desired) })));

describe('layoutKey', () => {
  it('stays when a page whose slug is its file’s name is retitled: it moves nowhere', () => {
    for (const path of ['alpha.md', 'alpha/one.md', 'guides/README.md', 'guides/beta.md']) {
      const retitled = changed(path, (node) => ({ ...node, title: `${node.title}, renamed` }));
      expect(slugsOf(retitled), path).toEqual(slugsOf(TREE));
      expect(layoutKey(retitled), path).toBe(layoutKey(TREE));
    }
  });

  it('changes when the docs root’s README is retitled: its title is its slug', () => {
    const retitled = changed('README.md', (node) => ({ ...node, title: 'Start here' }));
    expect(slugsOf(retitled)).not.toEqual(slugsOf(TREE));
    expect(layoutKey(retitled)).not.toBe(layoutKey(TREE));
  });

  it('changes when a page moves, a group is retitled or a label changes', () => {
    expect(layoutKey(changed('alpha/one.md', (node) => ({ ...node, path: 'alpha/first.md' })))).not.toBe(layoutKey(TREE));
    expect(layoutKey(TREE.map((group) => ({ ...group, title: group.title === undefined ? undefined : 'Tutorials' })))).not.toBe(layoutKey(TREE));
    expect(layoutKey(changed('guides/beta.md', (node) => ({ ...node, label: 'new' })))).not.toBe(layoutKey(TREE));
    // An unlinked item of SUMMARY.md is a page titled (and so slugged) by it.
    const under = changed('guides/beta.md', (node) => ({ ...node, under: [{ title: 'Advanced', line: 7 }] }));
    expect(layoutKey(under)).not.toBe(layoutKey(TREE));
    expect(layoutKey(changed('guides/beta.md', (node) => ({ ...node, under: [{ title: 'Expert', line: 7 }] })))).not.toBe(layoutKey(under));
    expect(layoutKey(changed('guides/beta.md', (node) => ({ ...node, under: [{ title: 'Advanced', line: 9 }] })))).toBe(layoutKey(under));
    const nested = TREE.map((group, index) => (index === 0 ? { ...group, pages: group.pages.slice(0, 1) } : group));
    expect(layoutKey(nested)).not.toBe(layoutKey(TREE));
  });
});
