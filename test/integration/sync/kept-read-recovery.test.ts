import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DocsyncConfigSchema } from '../../../src/config/config-schema.js';
import { GitRefSource } from '../../../src/content/git/git-ref-source.js';
import { WorktreeSource } from '../../../src/content/git/worktree-source.js';
import { readDocsRepo } from '../../../src/content/read-docs-repo.js';
import { createContentPreparer } from '../../../src/sync/prepare-content.js';
import { derivedRead } from '../../support/derived-read.js';
import { git, makeTempDir, removeTempDirs, tempTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

const DOCS = {
  'README.md': '# Home\n',
  'SUMMARY.md': '* [Home](README.md)\n* [Guide](guide.md)\n* [Plain](plain.md)\n',
  'guide.md': '---\ndescription: The guide\n---\n# Guide\n\n![diagram](.gitbook/assets/diagram.png)\n',
  'plain.md': 'No heading.\n',
  '.gitbook/assets/diagram.png': 'png bytes',
  '.gitignore': '.docsync/\n',
};

async function committedDocs(): Promise<string> {
  const dir = await tempTree(DOCS);
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'docs');
  return dir;
}

const targetFor = (directory: string, assets: { include: string[] } = { include: [] }) =>
  DocsyncConfigSchema.parse({ spaces: [{ name: 'docs', directory, spaceId: 'space', source: 'HEAD', assets }] }).spaces[0]!;

/** Reads the target as a new one-shot run does with `cacheDir` as it is; checks the read against a whole read from nothing. */
async function readWith(cacheDir: string, target: ReturnType<typeof targetFor>) {
  const content = await createContentPreparer({ cacheDir, bundleDir: await makeTempDir() })(target);
  const whole = await readDocsRepo(await GitRefSource.open(target.directory), { assets: target.assets });
  expect(derivedRead(content)).toEqual(derivedRead({ snapshot: whole }));
  return content;
}

describe('the kept read in .docsync/cache, the one cache a read keeps', () => {
  it('a hash cache an earlier docsync left beside it is ignored, whatever it says', async () => {
    const dir = await committedDocs();
    const cacheDir = await makeTempDir();
    // The JSON lines of the hash cache docsync kept before the kept read was the one cache, here lying
    // about a page under its very blob id: were it read, the page would have another title and hash.
    const oid = git(dir, 'rev-parse', 'HEAD:guide.md').trim();
    const lie = { token: oid, size: 3, sha256: '0'.repeat(64), page: { heading: 'Lie', refs: [], notes: [] } };
    await writeFile(path.join(cacheDir, 'docs.json'), `${JSON.stringify({ version: 5 })}\n${JSON.stringify(['guide.md', lie])}\n`);
    const content = await readWith(cacheDir, targetFor(dir));
    // Every file but the asset, which the tree names by its blob oid.
    expect(content.snapshot.stats.read).toBe(4);
  });

  it('a damaged one, or one of another version, is a whole read that reads every file it needs the text of; a good one spares the files', async () => {
    const dir = await committedDocs();
    const cacheDir = await makeTempDir();
    const target = targetFor(dir);
    await (await readWith(cacheDir, target)).keep();
    const file = path.join(cacheDir, 'docs.read');
    const good = await readFile(file);
    expect((await readWith(cacheDir, target)).changed).toEqual({ since: expect.any(String), files: [] });

    const newline = good.indexOf(10);
    const header = JSON.parse(good.subarray(0, newline).toString('utf8')) as { version: number };
    const damaged = [
      good.subarray(0, good.length - 7), // cut short: its last write is not committed
      Buffer.from(good.toString('utf8').replace('"path":"guide.md"', '"path":"guide.md""')), // a line altered
      Buffer.from(good.toString('utf8').replace(/"pageCount":\d+/, '"pageCount":-1')), // a field of another shape
      Buffer.concat([Buffer.from(JSON.stringify({ ...header, version: header.version + 1 })), good.subarray(newline)]), // another version
      Buffer.from('not a kept read\n'),
    ];
    for (const bytes of damaged) {
      await writeFile(file, bytes);
      const content = await readWith(cacheDir, target);
      expect(content.changed).toBeUndefined();
      expect(content.snapshot.stats.read).toBe(4);
    }
  });

  it('one kept under other options is a whole read that reads only what it did not derive', async () => {
    const dir = await committedDocs();
    const cacheDir = await makeTempDir();
    await (await readWith(cacheDir, targetFor(dir))).keep();
    await writeFile(path.join(dir, 'extra.txt'), 'bundled by the rule\n');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'extra');
    const content = await readWith(cacheDir, targetFor(dir, { include: ['*.txt'] }));
    expect(content.changed).toBeUndefined();
    // The table of contents (its text is not kept); the file the new rule bundles is named by the tree, not read.
    expect(content.snapshot.stats.read).toBe(1);
    expect(content.snapshot.files.map((file) => file.path)).toContain('extra.txt');
  });

  it("a long-lived process's, written once and left behind many edits, still gives the next process the read of what is there now", async () => {
    const dir = await committedDocs();
    // Old mtimes, as after a checkout: a file written this instant is read again until its mtime can be trusted.
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && !entry.parentPath.includes('.git'))
        await utimes(path.join(entry.parentPath, entry.name), new Date('2020-01-01'), new Date('2020-01-01'));
    }
    const cacheDir = await makeTempDir();
    const target = DocsyncConfigSchema.parse({ spaces: [{ name: 'docs', directory: dir, spaceId: 'space', source: 'worktree' }] }).spaces[0]!;
    const daemon = createContentPreparer({ cacheDir, bundleDir: await makeTempDir(), longLived: true });
    await (await daemon(target)).keep();
    const file = path.join(cacheDir, 'docs.read');
    const written = (await stat(file)).mtimeMs;
    // Edited, committed, edited again and left uncommitted: each read kept in memory only.
    await writeFile(path.join(dir, 'plain.md'), 'No heading, edited.\n');
    await (await daemon(target)).keep();
    git(dir, 'commit', '-q', '-am', 'edit');
    await writeFile(path.join(dir, 'guide.md'), DOCS['guide.md'].replace('# Guide', '# Guide, edited'));
    await writeFile(path.join(dir, 'README.md'), '# Home, edited\n');
    await (await daemon(target)).keep();
    expect((await stat(file)).mtimeMs).toBe(written);

    const next = await createContentPreparer({ cacheDir, bundleDir: await makeTempDir() })(target);
    expect(derivedRead(next)).toEqual(derivedRead({ snapshot: await readDocsRepo(new WorktreeSource(dir)) }));
    expect(next.changed?.files.map((changed) => changed.path).sort()).toEqual(['README.md', 'guide.md', 'plain.md']);
  });
});
