import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type DocsSnapshot, HashCache, readDocsRepo, ReadMemo, WorktreeSource } from '../../../src/content/index.js';
import { removeTempDirs, tempTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

/** A snapshot without its read statistics, which differ by design between a cached and a fresh read. */
const content = ({ stats: _stats, ...rest }: DocsSnapshot) => rest;

describe('ReadMemo', () => {
  it('gives the same snapshot as a fresh read after every kind of edit, and keeps unchanged pages', async () => {
    const dir = await tempTree({
      'README.md': '# Home\n',
      'SUMMARY.md': '* [Home](README.md)\n* [Guide](guide/README.md)\n  * [Setup](guide/setup.md)\n* [Other](other.md)\n',
      'guide/README.md': '# Guide\n',
      'guide/setup.md': '# Setup\n![shot](../.gitbook/assets/shot.png)\n',
      'other.md': '# Other\n',
      '.gitbook/assets/shot.png': 'png',
    });
    const memo = new ReadMemo();
    const cache = HashCache.inMemory();
    // Tokens are trusted at once (no racy window), so unchanged pages come from the cache as the same objects.
    const source = () => new WorktreeSource(dir, { racyWindowMs: 0 });
    const readBoth = async () => {
      const remembered = await readDocsRepo(source(), { cache, memo });
      const fresh = await readDocsRepo(source());
      expect(content(remembered)).toEqual(content(fresh));
      return remembered;
    };
    const write = (file: string, text: string) => writeFile(path.join(dir, file), text);

    const first = await readBoth();
    const again = await readBoth();
    expect(again.pages[0]!.pages[1]).toBe(first.pages[0]!.pages[1]); // the Guide subtree, unchanged

    await write('other.md', '---\ndescription: changed\n---\n# Other, renamed\n');
    const edited = await readBoth();
    expect(edited.pages[0]!.pages[1]).toBe(first.pages[0]!.pages[1]);
    expect(edited.pages[0]!.pages[2]!.description).toBe('changed');

    await write('guide/setup.md', '# Setup\n![shot](../.gitbook/assets/shot.png)\n![gone](missing.png)\n');
    const withMissingImage = await readBoth();
    expect(withMissingImage.pages[0]!.pages[1]).not.toBe(first.pages[0]!.pages[1]);
    expect(withMissingImage.warnings.some((warning) => warning.includes('missing.png'))).toBe(true);

    await write('guide/missing.png', 'now here');
    expect((await readBoth()).files.map((file) => file.path)).toContain('guide/missing.png');

    await write('SUMMARY.md', '* [Home](README.md)\n* [Other first](other.md)\n* [Guide](guide/README.md)\n');
    expect((await readBoth()).pages[0]!.pages.map((page) => page.title)).toEqual(['Home', 'Other first', 'Guide']);

    await rm(path.join(dir, 'other.md'));
    await readBoth();
    await write('.gitbook.yaml', 'root: ./guide/\n');
    expect((await readBoth()).root).toBe('guide');
  });

  it('sorts by path keeping the last item of a path, and reuses the order for the same paths only', () => {
    const memo = new ReadMemo();
    const items = (tag: string, paths: string[]) => paths.map((path) => ({ path, tag }));
    const byPath = (list: { path: string; tag: string }[]) => list.map((item) => `${item.path}:${item.tag}`);
    const first = items('1', ['b.md', 'a/z.md', 'B.md', 'a.md', 'b.md']);
    first[4] = { path: 'b.md', tag: 'last' };
    expect(byPath(memo.sortedByPath(first))).toEqual(['B.md:1', 'a.md:1', 'a/z.md:1', 'b.md:last']);
    // Same paths, same order, new items (an edited page): last time's order, today's items.
    expect(byPath(memo.sortedByPath(items('2', ['b.md', 'a/z.md', 'B.md', 'a.md', 'b.md'])))).toEqual(['B.md:2', 'a.md:2', 'a/z.md:2', 'b.md:2']);
    // Another order or another path: sorted afresh.
    expect(byPath(memo.sortedByPath(items('3', ['a.md', 'b.md', 'a/z.md', 'B.md'])))).toEqual(['B.md:3', 'a.md:3', 'a/z.md:3', 'b.md:3']);
    expect(byPath(memo.sortedByPath(items('4', ['a.md', 'c.md', 'a/z.md', 'B.md'])))).toEqual(['B.md:4', 'a.md:4', 'a/z.md:4', 'c.md:4']);
  });
});
