import { afterAll, describe, expect, it } from 'vitest';
import { DocsRootNotFoundError } from '../../../src/content/errors/docs-root-not-found-error.js';
import { SourceNotFoundError } from '../../../src/content/errors/source-not-found-error.js';
import { WorktreeSource } from '../../../src/content/git/worktree-source.js';
import type { PageNode } from '../../../src/content/gitbook/docs-snapshot.js';
import { readDocsRepo } from '../../../src/content/read-docs-repo.js';
import { parseSummary } from '../../../src/content/gitbook/parse-summary.js';
import { summaryStructure } from '../../../src/content/gitbook/summary-structure.js';
import { structureNotices, summaryNotices } from '../../../src/sync/structure-notices.js';
import { removeTempDirs, tempTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

/** Pages as nested [path] / [path, children] arrays. */
const paths = (pages: readonly PageNode[]): unknown[] => pages.map((page) => (page.children.length === 0 ? page.path : [page.path, paths(page.children)]));

const read = async (files: Record<string, string | Uint8Array>, directory?: string) =>
  readDocsRepo(new WorktreeSource(await tempTree(files)), directory === undefined ? {} : { directory });

describe('readDocsRepo with SUMMARY.md', () => {
  it('skips a missing file with a warning naming the line, moving its children up', async () => {
    const snapshot = await read({
      'README.md': '# Home',
      'SUMMARY.md': '* [Home](README.md)\n* [Gone](gone.md)\n  * [Child](child.md)\n',
      'child.md': '# Child',
    });
    expect(snapshot.pages.map((group) => paths(group.pages))).toEqual([['README.md', 'child.md']]);
    expect(snapshot.warnings).toEqual(['SUMMARY.md:2: "gone.md" not found (looked for gone.md); entry skipped']);
    expect(snapshot.files.map((file) => file.path)).toEqual(['README.md', 'SUMMARY.md', 'child.md']);
  });

  it("keeps what the bundle's SUMMARY.md holds beyond pages, by its lines, and a sync's notices come from it", async () => {
    const summary = '# Contents\n\n* [A](a.md)\n* Tools\n  * [B](b.md)\n  * [Status](https://status.example)\n';
    const listed = await read({ 'README.md': '# Home', 'SUMMARY.md': summary.replace('* [A]', '* [Home](README.md)\n* [A]'), 'a.md': '# A', 'b.md': '# B' });
    expect(listed.summaryStructure).toEqual({
      groups: [],
      linkEntries: [{ title: 'Status', target: 'https://status.example', line: 7 }],
      unlinkedItems: [{ title: 'Tools', line: 5 }],
    });
    // The readme left out is listed in the bundle's SUMMARY.md: the lines are that file's.
    const added = await read({ 'README.md': '# Home', 'SUMMARY.md': summary, 'a.md': '# A', 'b.md': '# B' });
    const bundled = added.files.find((file) => file.path === 'SUMMARY.md')?.bytes;
    expect(bundled).toBeDefined();
    expect(added.summaryStructure).toEqual(summaryStructure(parseSummary(new TextDecoder().decode(bundled))));
    expect(added.summaryStructure?.linkEntries.map((entry) => entry.line)).not.toEqual([6]);
    expect(summaryNotices({ snapshot: added }, 'changes')).toEqual(
      structureNotices(summaryStructure(parseSummary(new TextDecoder().decode(bundled))), 'changes', 'SUMMARY.md'),
    );
    expect(summaryNotices({ snapshot: added }, 'changes')).toHaveLength(2);
    expect((await read({ 'README.md': '# Home', 'a.md': '# A' })).summaryStructure).toBeUndefined();
  });

  it('keeps the first of a file listed twice, with a warning', async () => {
    const snapshot = await read({
      'README.md': '# Home',
      'SUMMARY.md': '* [Home](README.md)\n* [A](a.md)\n  * [A again](./a.md)\n* [Also A](/a.md)\n',
      'a.md': '# A',
    });
    expect(paths(snapshot.pages[0]!.pages)).toEqual(['README.md', 'a.md']);
    expect(snapshot.pages[0]!.pages[1]!.title).toBe('A');
    expect(snapshot.warnings).toEqual([
      'SUMMARY.md:3: "./a.md" is already listed at line 2; duplicate entry skipped',
      'SUMMARY.md:4: "/a.md" is already listed at line 2; duplicate entry skipped',
    ]);
  });

  it('resolves rooted, URL-encoded, spaced, folder and extensionless links', async () => {
    const snapshot = await read({
      'README.md': '# Home',
      'SUMMARY.md': [
        '# Table of Contents',
        '* [Home](README.md)',
        '* [Rooted](/contents/9/Page.md)',
        '* [Encoded](my%20page.md)',
        '* [Spaced](<other page.md>)',
        '* [Folder](guide/)',
        '* [Bare](guide/setup)',
      ].join('\n'),
      'contents/9/Page.md': '# P',
      'my page.md': '# M',
      'other page.md': '# O',
      'guide/README.md': '# G',
      'guide/setup.md': '# S',
    });
    expect(snapshot.warnings).toEqual([]);
    expect(paths(snapshot.pages[0]!.pages)).toEqual(['README.md', 'contents/9/Page.md', 'my page.md', 'other page.md', 'guide/README.md', 'guide/setup.md']);
  });

  it('makes a folder README the parent of its children, five levels deep and more', async () => {
    const files: Record<string, string> = { 'README.md': '# Home' };
    const lines = ['* [Home](README.md)'];
    let folder = '';
    for (let depth = 0; depth < 6; depth++) {
      folder += `level${depth}/`;
      files[`${folder}README.md`] = `# Level ${depth}`;
      lines.push(`${'    '.repeat(depth)}* [Level ${depth}](${folder}README.md)`);
    }
    files['SUMMARY.md'] = lines.join('\n');
    const snapshot = await read(files);
    let node = snapshot.pages[0]!.pages[1]!;
    for (let depth = 1; depth < 6; depth++) node = node.children[0]!;
    expect(node.path).toBe('level0/level1/level2/level3/level4/level5/README.md');
    expect(node.title).toBe('Level 5');
  });

  it('titles pages from SUMMARY text, else the first heading, else the file name', async () => {
    const snapshot = await read({
      'README.md': 'no heading',
      'SUMMARY.md': '* [](README.md)\n* [Given](a.md)\n* [](b.md)\n* [](c.md)\n* [](sub/README.md)\n',
      'a.md': '# Heading A',
      'b.md': '---\ndescription: Only a description\n---\n# Heading B',
      'c.md': 'text only',
      'sub/README.md': 'text only',
    });
    const pages = snapshot.pages[0]!.pages;
    expect(pages.map((page) => page.title)).toEqual(['README', 'Given', 'Heading B', 'c', 'sub']);
    expect(pages[2]!.description).toBe('Only a description');
  });

  it('finds a readme spelled in another case', async () => {
    const snapshot = await read({ 'readme.md': '# Home', 'SUMMARY.md': '* [Home](readme.md)\n' });
    expect(snapshot.readme).toBe('readme.md');
    expect(snapshot.warnings).toEqual([]);
  });

  it('puts the readme first when SUMMARY.md leaves it out', async () => {
    const snapshot = await read({ 'README.md': '# Home', 'SUMMARY.md': '## Group\n* [A](a.md)\n', 'a.md': '# A' });
    expect(snapshot.pages.map((group) => [group.title, paths(group.pages)])).toEqual([
      [undefined, ['README.md']],
      ['Group', ['a.md']],
    ]);
  });

  it('warns about links that match only ignoring case, and about markdown files left out', async () => {
    const snapshot = await read({
      'README.md': '# Home',
      'SUMMARY.md': '* [Home](README.md)\n* [Setup](Setup.md)\n',
      'setup.md': '# Setup',
      'orphan.md': '# Orphan',
      'drafts/x.md': '# X',
    });
    expect(paths(snapshot.pages[0]!.pages)).toEqual(['README.md', 'setup.md']);
    expect(snapshot.warnings).toEqual([
      'SUMMARY.md:2: "Setup.md" matched "setup.md" ignoring case; fix the link\'s case',
      'SUMMARY.md: 2 files are not listed, so not bundled: drafts/x.md, orphan.md (add them to SUMMARY.md to publish them)',
    ]);
  });
});

describe('readDocsRepo without SUMMARY.md', () => {
  it('infers the structure from folders: readme first, folder README as parent, alphabetical', async () => {
    const snapshot = await read({
      'README.md': '# Home',
      'zeta.md': '# Zeta',
      'Alpha.md': '# Alpha',
      'guide/README.md': '# Guide',
      'guide/b.md': '# B',
      'guide/a.md': '# A',
      'guide/deep/one.md': '# One',
      'guide/deep/two.md': '# Two',
      'empty/nested/only.md': '# Only',
      '.gitbook/assets/x.md': 'not a page',
    });
    expect(snapshot.summary).toBeUndefined();
    expect(snapshot.files.map((file) => file.path)).not.toContain('.gitbook/assets/x.md');
    expect(paths(snapshot.pages[0]!.pages)).toEqual([
      'README.md',
      'Alpha.md',
      'empty/nested/only.md',
      ['guide/README.md', ['guide/a.md', 'guide/b.md', ['guide/deep/one.md', ['guide/deep/two.md']]]],
      'zeta.md',
    ]);
    expect(snapshot.warnings).toEqual([
      ".gitbook/assets: 1 file referenced by no page, so not bundled: .gitbook/assets/x.md (add a pattern to the target's assets.include to bundle them)",
    ]);
  });
});

describe('readDocsRepo roots, assets and errors', () => {
  it('reads the root .gitbook.yaml names, with bundle paths relative to it and a normalised .gitbook.yaml', async () => {
    const snapshot = await read({
      '.gitbook.yaml': 'root: ./docs/\nstructure:\n  readme: intro.md\nredirects:\n  old: intro.md\n',
      'package.json': '{}',
      'docs/intro.md': '# Intro\n![](.gitbook/assets/a%20b.png)\n',
      'docs/SUMMARY.md': '* [Intro](intro.md)\n',
      'docs/.gitbook/assets/a b.png': new Uint8Array([1, 2, 3]),
      'docs/.gitbook/assets/unused.gif': new Uint8Array([4]),
    });
    expect(snapshot.root).toBe('docs');
    expect(snapshot.readme).toBe('intro.md');
    expect(snapshot.files.map((file) => [file.path, file.sourcePath])).toEqual([
      ['.gitbook.yaml', undefined],
      ['.gitbook/assets/a b.png', 'docs/.gitbook/assets/a b.png'],
      ['SUMMARY.md', 'docs/SUMMARY.md'],
      ['intro.md', 'docs/intro.md'],
    ]);
    const config = snapshot.files[0]!;
    expect(new TextDecoder().decode(config.bytes)).toBe('root: ./\nstructure:\n  readme: intro.md\n  summary: SUMMARY.md\nredirects:\n  old: intro.md\n');
  });

  it('bundles only referenced files (links, images, {% file %}, cover, file icons, SUMMARY links), naming the rest in one warning', async () => {
    const files: Record<string, string | Uint8Array> = {
      'README.md':
        '---\ncover: .gitbook/assets/cover.jpg\ncoverY: 12\nicon: .gitbook/assets/icon.svg\n---\n# Home\n\n{% file src=".gitbook/assets/guide.pdf" %}\n[Sheet](.gitbook/assets/data.csv)\n',
      'SUMMARY.md': '* [Home](README.md)\n* [Spec](openapi.yaml)\n* [A](a.md)\n',
      'a.md': '# A\n<img src="../docs/.gitbook/assets/shot.png">\n',
      'openapi.yaml': 'openapi: 3.1.0\n',
    };
    for (const name of ['cover.jpg', 'icon.svg', 'guide.pdf', 'data.csv', 'unused-1.png', 'unused-2.png', 'big.mov'])
      files[`.gitbook/assets/${name}`] = new Uint8Array([1]);
    const snapshot = await read(files);
    expect(snapshot.files.map((file) => file.path)).toEqual([
      '.gitbook/assets/cover.jpg',
      '.gitbook/assets/data.csv',
      '.gitbook/assets/guide.pdf',
      '.gitbook/assets/icon.svg',
      'README.md',
      'SUMMARY.md',
      'a.md',
      'openapi.yaml',
    ]);
    expect(snapshot.pages[0]!.pages[0]).toMatchObject({ path: 'README.md' });
    expect(snapshot.warnings.filter((w) => w.startsWith('.gitbook/assets'))).toEqual([
      ".gitbook/assets: 3 files referenced by no page, so not bundled: .gitbook/assets/big.mov, .gitbook/assets/unused-1.png, .gitbook/assets/unused-2.png (add a pattern to the target's assets.include to bundle them)",
    ]);

    const dir = await tempTree(files);
    const withRules = await readDocsRepo(new WorktreeSource(dir), { assets: { include: ['.gitbook/assets/unused-*'], exclude: ['*.pdf'] } });
    const bundled = withRules.files.map((file) => file.path).filter((path) => path.startsWith('.gitbook/'));
    expect(bundled).toEqual([
      '.gitbook/assets/cover.jpg',
      '.gitbook/assets/data.csv',
      '.gitbook/assets/icon.svg',
      '.gitbook/assets/unused-1.png',
      '.gitbook/assets/unused-2.png',
    ]);
    expect(withRules.warnings.join('\n')).toContain('2 files referenced by no page, so not bundled: .gitbook/assets/big.mov, .gitbook/assets/guide.pdf');
  });

  it('names at most 20 unreferenced files and counts the rest', async () => {
    const files: Record<string, string> = { 'README.md': '# Home\n' };
    for (let i = 0; i < 25; i++) files[`.gitbook/assets/f${String(i).padStart(2, '0')}.png`] = 'x';
    const warning = (await read(files)).warnings.at(-1)!;
    expect(warning).toContain('25 files referenced by no page');
    expect(warning).toContain('.gitbook/assets/f19.png and 5 more');
    expect(warning).not.toContain('f20');
  });

  it('bundles images referenced outside .gitbook/assets and warns about missing ones', async () => {
    const snapshot = await read({
      'README.md': '# Home\n\n![](images/diagram.svg)\n<img src="images/missing.png">\n![](../outside.png)\n',
      'images/diagram.svg': '<svg/>',
    });
    expect(snapshot.files.map((file) => file.path)).toEqual(['README.md', 'images/diagram.svg']);
    expect(snapshot.warnings).toEqual([
      'README.md:4: image "images/missing.png" not found (looked for images/missing.png); not bundled',
      'README.md:5: image "../outside.png" is outside the docs root; not bundled',
    ]);
  });

  it('reads a project directory inside the source', async () => {
    const snapshot = await read(
      { 'site/docs/.gitbook.yaml': 'root: ./content\n', 'site/docs/content/README.md': '# In content', 'README.md': '# Repo readme' },
      'site/docs',
    );
    expect(snapshot.root).toBe('site/docs/content');
    expect(snapshot.pages[0]!.pages[0]!.title).toBe('In content');
  });

  it('fails with DocsRootNotFoundError naming the directory and the config line', async () => {
    const error = await read({ '.gitbook.yaml': '# docs\n\nroot: ./nowhere/\n', 'README.md': '#' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocsRootNotFoundError);
    expect((error as Error).message).toMatch(/Docs root nowhere\/ not found in .+: it holds no files\. check "root" in \.gitbook\.yaml:3/);
  });

  it('fails with SourceNotFoundError for a directory that does not exist', async () => {
    await expect(readDocsRepo(new WorktreeSource('/definitely/not/here'))).rejects.toBeInstanceOf(SourceNotFoundError);
  });

  it('carries a broken .gitbook.yaml as a warning and reads with defaults', async () => {
    const snapshot = await read({ '.gitbook.yaml': 'root: ./\nstructure:\n  readme: a: b\n', 'README.md': '# Home' });
    expect(snapshot.warnings).toEqual([expect.stringMatching(/^\.gitbook\.yaml:3: not valid YAML/)]);
    expect(snapshot.readme).toBe('README.md');
    const config = snapshot.files.find((file) => file.path === '.gitbook.yaml')!;
    expect(config.sourcePath).toBeUndefined(); // the bundle gets what docsync understood
    expect(new TextDecoder().decode(config.bytes)).toBe('root: ./\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n');
  });

  it('copies a clean .gitbook.yaml verbatim when the root is the top', async () => {
    const snapshot = await read({ '.gitbook.yaml': '# comment kept\nroot: ./\n', 'README.md': '# Home' });
    expect(snapshot.files.find((file) => file.path === '.gitbook.yaml')?.sourcePath).toBe('.gitbook.yaml');
  });
});

describe('readDocsRepo with a SUMMARY.md that is hostile or mis-encoded', () => {
  it('reads 3,000 levels of nesting in linear time, keeping 50 levels and saying so', async () => {
    const files: Record<string, string> = { 'README.md': '# Home\n' };
    const lines = ['# Summary', '', '* [Home](README.md)'];
    for (let i = 0; i < 3000; i++) {
      lines.push(`${'  '.repeat(i + 1)}* [P${i}](p${i}.md)`);
      files[`p${i}.md`] = `# P${i}\n`;
    }
    files['SUMMARY.md'] = `${lines.join('\n')}\n`;
    const snapshot = await read(files);
    let depth = 0;
    for (let level = snapshot.pages[0]!.pages; level.length > 0; level = level[0]!.children) depth++;
    expect(depth).toBe(50);
    const count = (pages: readonly PageNode[]): number => pages.reduce((n, page) => n + 1 + count(page.children), 0);
    expect(count(snapshot.pages[0]!.pages)).toBe(3001);
    expect(snapshot.warnings).toEqual(['SUMMARY.md:53: nested deeper than 50 levels; deeper pages are kept at level 50']);
    // About 3 s alone; three forks on two cores share the machine with the other tiers.
  }, 30_000);

  it('warns about a SUMMARY.md that is not UTF-8, naming the line', async () => {
    const latin1 = Uint8Array.from([...Buffer.from('* [Home](README.md)\n* [Caf'), 0xe9, ...Buffer.from('](cafe.md)\n')]);
    const snapshot = await read({ 'README.md': '# Home\n', 'cafe.md': '# Cafe\n', 'SUMMARY.md': latin1 });
    expect(snapshot.warnings).toEqual(['SUMMARY.md:2: not UTF-8 (an unreadable byte became "\uFFFD"); titles may be garbled: save the file as UTF-8']);
  });

  it('warns about a page that is not UTF-8, naming the page and the line', async () => {
    const latin1 = Uint8Array.from([...Buffer.from('# Page\n\nCaf'), 0xe9, ...Buffer.from(' au lait\n')]);
    const snapshot = await read({ 'README.md': '# Home\n', 'cafe.md': latin1, 'SUMMARY.md': '* [Home](README.md)\n* [Cafe](cafe.md)\n' });
    expect(snapshot.warnings).toEqual(['cafe.md:3: not UTF-8 (an unreadable byte became "\uFFFD"); the page may be garbled: save the file as UTF-8']);
  });
});
