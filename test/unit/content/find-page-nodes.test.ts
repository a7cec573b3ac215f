import { describe, expect, it } from 'vitest';
import type { PageGroup, PageNode } from '../../../src/content/docs-snapshot.js';
import { findPageNodes } from '../../../src/content/find-page-nodes.js';

const page = (path: string, children: PageNode[] = []): PageNode => ({ title: path, path, children });

describe('findPageNodes', () => {
  const groups: PageGroup[] = [
    { title: undefined, pages: [page('README.md')] },
    { title: 'Part', pages: [page('a.md', [page('a/one.md', [page('a/one/deep.md')]), page('a/two.md')]), page('b.md')] },
  ];

  it('finds pages at any depth of any group, by path', () => {
    const found = findPageNodes(groups, ['a/one/deep.md', 'b.md', 'README.md']);
    expect([...found.keys()].sort()).toEqual(['README.md', 'a/one/deep.md', 'b.md']);
    expect(found.get('a/one/deep.md')?.title).toBe('a/one/deep.md');
  });

  it('leaves out paths the tree does not hold, and finds nothing for none', () => {
    expect([...findPageNodes(groups, ['a/two.md', 'missing.md']).keys()]).toEqual(['a/two.md']);
    expect(findPageNodes(groups, []).size).toBe(0);
  });
});
