import { cp, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { createBundle } from '../../../src/content/bundle/create-bundle.js';
import { SnapshotStaleError } from '../../../src/content/errors/snapshot-stale-error.js';
import { GitRefSource } from '../../../src/content/git/git-ref-source.js';
import { WorktreeSource } from '../../../src/content/git/worktree-source.js';
import { readDocsRepo } from '../../../src/content/read-docs-repo.js';
import { git, makeTempDir, removeTempDirs, tempTree } from '../../support/temp-tree.js';

const EXAMPLE = path.resolve(import.meta.dirname, '../../../examples/docs');

afterAll(removeTempDirs);

const bundleOf = async (directory: string) => {
  const source = new WorktreeSource(directory);
  return createBundle(await readDocsRepo(source), source);
};

const copyOfExample = async (): Promise<string> => {
  const dir = await makeTempDir();
  await cp(EXAMPLE, dir, { recursive: true });
  return dir;
};

/** Every file and folder under `dir`, recursively. */
const allPaths = async (dir: string): Promise<string[]> => (await readdir(dir, { recursive: true })).map((entry) => path.join(dir, entry));

describe('createBundle', () => {
  it('gives identical bytes for the same tree, built twice', async () => {
    const [first, second] = [await bundleOf(EXAMPLE), await bundleOf(EXAMPLE)];
    expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    expect(second.bytesHash).toBe(first.bytesHash);
    expect(second.contentHash).toBe(first.contentHash);
  });

  it('gives identical bytes after every mtime changed', async () => {
    const original = await bundleOf(EXAMPLE);
    const copy = await copyOfExample();
    const when = new Date('2031-05-06T07:08:09Z');
    for (const entry of await allPaths(copy)) await utimes(entry, when, when);
    const touched = await bundleOf(copy);
    expect(Buffer.from(touched.bytes).equals(Buffer.from(original.bytes))).toBe(true);
  });

  it('changes hash and bytes when one byte changes', async () => {
    const original = await bundleOf(EXAMPLE);
    const copy = await copyOfExample();
    const page = path.join(copy, 'reference/cli.md');
    await writeFile(page, (await readFile(page, 'utf8')).replace('Exit', 'exit'));
    const changed = await bundleOf(copy);
    expect(changed.contentHash).not.toBe(original.contentHash);
    expect(changed.bytesHash).not.toBe(original.bytesHash);
  });

  it('writes sorted entries with the files verbatim, a fixed 1980-01-01 mtime and no extra fields', async () => {
    const bundle = await bundleOf(EXAMPLE);
    const unzipped = unzipSync(bundle.bytes);
    const names = Object.keys(unzipped);
    expect(names).toEqual(bundle.entries.map((entry) => entry.path));
    expect(names).toEqual([...names].sort());
    expect(new TextDecoder().decode(unzipped['getting-started/quickstart.md'])).toContain('{% tabs %}\n{% tab title="npm" %}');
    const png = unzipped['.gitbook/assets/Sync flow (1).png']!;
    expect([...png.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);

    const view = new DataView(bundle.bytes.buffer, bundle.bytes.byteOffset, bundle.bytes.byteLength);
    let offset = 0;
    for (let i = 0; i < names.length; i++) {
      expect(view.getUint32(offset, true)).toBe(0x04034b50); // local file header
      expect(view.getUint16(offset + 10, true)).toBe(0); // DOS time 00:00:00
      expect(view.getUint16(offset + 12, true)).toBe((0 << 9) | (1 << 5) | 1); // DOS date 1980-01-01
      expect(view.getUint16(offset + 28, true)).toBe(0); // extra field length
      const nameLength = view.getUint16(offset + 26, true);
      offset += 30 + nameLength + view.getUint32(offset + 18, true);
    }
  });

  it('bundles the docs root as the top, with .gitbook.yaml normalised to root ./', async () => {
    const dir = await tempTree({
      '.gitbook.yaml': 'root: ./docs/\u200B  \r\nredirects:\r\n  old: page.md\r\n',
      'docs/README.md': '# Home',
      'docs/page.md': '# Page',
      'docs/SUMMARY.md': '* [Home](README.md)\n* [Page](page.md)\n',
      'src/app.ts': 'code that stays out',
    });
    const unzipped = unzipSync((await bundleOf(dir)).bytes);
    expect(Object.keys(unzipped)).toEqual(['.gitbook.yaml', 'README.md', 'SUMMARY.md', 'page.md']);
    expect(new TextDecoder().decode(unzipped['.gitbook.yaml'])).toBe(
      'root: ./\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\nredirects:\n  old: page.md\n',
    );
  });

  it('refuses to bundle a file that changed after the read', async () => {
    const copy = await copyOfExample();
    const source = new WorktreeSource(copy);
    const snapshot = await readDocsRepo(source);
    await writeFile(path.join(copy, 'README.md'), '# Changed meanwhile\n');
    await expect(createBundle(snapshot, source)).rejects.toBeInstanceOf(SnapshotStaleError);
  });

  it('gives the same bytes from a git commit as from a clean worktree of it', async () => {
    const repo = await copyOfExample();
    git(repo, 'init', '-q');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'Docs');
    await writeFile(path.join(repo, 'README.md'), '# Uncommitted\n');
    const source = await GitRefSource.open(repo);
    const fromGit = await createBundle(await readDocsRepo(source), source);
    expect(fromGit.bytesHash).toBe((await bundleOf(EXAMPLE)).bytesHash);
  });
});
