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
});
