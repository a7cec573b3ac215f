import { readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DocsyncConfigSchema, type SpaceTarget } from '../../../src/config/config-schema.js';
import { readDocsRepo } from '../../../src/content/read-docs-repo.js';
import { WorktreeSource } from '../../../src/content/git/worktree-source.js';
import { createContentPreparer, type PrepareContent } from '../../../src/sync/prepare-content.js';
import type { PreparedContent } from '../../../src/sync/prepared-content.js';
import { derivedRead } from '../../support/derived-read.js';
import { git, makeTempDir, removeTempDirs, tempTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

const DOCS = {
  'docs/README.md': '# Home\n',
  'docs/SUMMARY.md': '* [Home](README.md)\n* [A](a.md)\n* [B](b.md)\n* [Draft](drafts/draft.md)\n',
  'docs/a.md': '# A\n\nFirst.\n',
  'docs/b.md': '# B\n\nSecond.\n',
  // Git ignores it by a .gitignore below the docs root, which docsync does not read: docsync bundles it.
  'docs/drafts/draft.md': '# Draft\n\nThird.\n',
  'docs/drafts/.gitignore': '*.md\n',
  // A folder git ignores, named by its status as a folder: what it holds is not read again.
  'docs/build/out.md': '# Built\n',
  '.gitignore': '.docsync/\ndocs/build/\n',
};

let tick = 0;
/** Writes `text` with an mtime long past (each write another), as a checkout leaves: a token the read trusts. */
async function writeOld(file: string, text: string): Promise<void> {
  await writeFile(file, text);
  tick += 1;
  const at = new Date(Date.UTC(2020, 0, 1, 0, 0, tick));
  await utimes(file, at, at);
}

/** A git repository of `dir`, its files committed. */
function commitAll(dir: string): void {
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'docs');
}

function worktreeTarget(docs: string): SpaceTarget {
  return DocsyncConfigSchema.parse({ spaces: [{ name: 'docs', directory: docs, spaceId: 'space', source: 'worktree' }] }).spaces[0]!;
}

/** One run's read, checked against a whole read of the files now, then kept for the next. */
async function checkedRead(prepare: PrepareContent, target: SpaceTarget, docs: string): Promise<PreparedContent> {
  const content = await prepare(target);
  expect(derivedRead(content)).toEqual(derivedRead({ snapshot: await readDocsRepo(new WorktreeSource(docs)) }));
  await content.keep();
  return content;
}

describe('a kept worktree read brought up to date from git status', () => {
  for (const [inGit, longLived] of [
    [true, false],
    [false, false],
    [true, true],
    [false, true],
  ] as const) {
    const kept = longLived ? 'kept in memory by a long-lived process' : 'kept in .docsync/';
    it(`${inGit ? 'in a git work tree' : 'outside git'}, ${kept}: sees every edit git's status or a move of HEAD names, and one git does not track`, async () => {
      const dir = await tempTree(DOCS);
      for (const file of Object.keys(DOCS)) await writeOld(path.join(dir, file), DOCS[file as keyof typeof DOCS]);
      if (inGit) commitAll(dir);
      const docs = path.join(dir, 'docs');
      const target = worktreeTarget(docs);
      const prepare = createContentPreparer(
        longLived ? { longLived, bundleDir: await makeTempDir() } : { cacheDir: await makeTempDir(), bundleDir: await makeTempDir() },
      );
      const read = (): Promise<PreparedContent> => checkedRead(prepare, target, docs);
      const first = await read();
      expect(first.changed).toBeUndefined();
      expect(first.checkedOut).toBe(inGit ? git(dir, 'rev-parse', 'HEAD').trim() : undefined);
      const original = await readFile(path.join(docs, 'a.md'), 'utf8');

      await writeOld(path.join(docs, 'a.md'), '# A\n\nFirst, edited.\n');
      const edited = await read();
      expect(edited.changed?.files.map((file) => file.path)).toEqual(['a.md']);
      expect(edited.snapshot.stats.read).toBe(1);
      // Back to what the commit holds: git's status no longer names it, the kept read's status did.
      await writeOld(path.join(docs, 'a.md'), original);
      expect((await read()).changed?.files.map((file) => file.path)).toEqual(['a.md']);
      expect((await read()).changed?.files.map((file) => file.path)).toEqual([]);
      // Committed: git's status names nothing, the move of HEAD names the file.
      await writeOld(path.join(docs, 'b.md'), '# B\n\nSecond, committed.\n');
      if (inGit) git(dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-am', 'edit b');
      const committed = await read();
      expect(committed.changed?.files.map((file) => file.path)).toEqual(['b.md']);
      if (inGit) expect(committed.checkedOut).toBe(git(dir, 'rev-parse', 'HEAD').trim());
      // Ignored by git, bundled by docsync: named by git's status as ignored, so stat'ed every time.
      await writeOld(path.join(docs, 'drafts', 'draft.md'), '# Draft\n\nThird, edited.\n');
      expect((await read()).changed?.files.map((file) => file.path)).toEqual(['drafts/draft.md']);
      // A new page: read whole, reading only what the kept read did not hold as it is now.
      await writeOld(path.join(docs, 'c.md'), '# C\n');
      await writeOld(path.join(docs, 'SUMMARY.md'), `${DOCS['docs/SUMMARY.md']}* [C](c.md)\n`);
      const added = await read();
      expect(added.changed).toBeUndefined();
      expect(added.snapshot.stats.read).toBe(2);
      expect((await read()).changed?.files.map((file) => file.path)).toEqual([]);
    });
  }

  for (const inGit of [true, false]) {
    it(`${inGit ? 'in a git work tree' : 'outside git'}, files written just now (SUMMARY.md too): the next runs are brought up to date, SUMMARY.md's bytes read to tell it unchanged`, async () => {
      // Written now, as a checkout or a pull leaves them: their mtimes too recent for the first read to trust.
      const dir = await tempTree(DOCS);
      if (inGit) commitAll(dir);
      const docs = path.join(dir, 'docs');
      const target = worktreeTarget(docs);
      const prepare = createContentPreparer({ cacheDir: await makeTempDir(), bundleDir: await makeTempDir() });
      const read = (): Promise<PreparedContent> => checkedRead(prepare, target, docs);
      expect((await read()).changed).toBeUndefined();
      // A page edited now, the others still as recent as the first read found them.
      await writeFile(path.join(docs, 'a.md'), '# A\n\nFirst, edited.\n');
      expect((await read()).changed?.files.map((file) => file.path)).toEqual(['a.md']);
      // SUMMARY.md touched, its bytes as they were: read, and found unchanged.
      await writeFile(path.join(docs, 'SUMMARY.md'), DOCS['docs/SUMMARY.md']);
      expect((await read()).changed?.files.map((file) => file.path)).toEqual([]);
      // Its bytes changed: only a whole read tells what that did.
      await writeFile(path.join(docs, 'SUMMARY.md'), DOCS['docs/SUMMARY.md'].replace('[B]', '[Bee]'));
      expect((await read()).changed).toBeUndefined();
    });
  }

  it('names unchanged files by the blob oids an earlier run hashed, without reading them again', async () => {
    const dir = await tempTree(DOCS);
    for (const file of Object.keys(DOCS)) await writeOld(path.join(dir, file), DOCS[file as keyof typeof DOCS]);
    const docs = path.join(dir, 'docs');
    const target = worktreeTarget(docs);
    const prepare = createContentPreparer({ cacheDir: await makeTempDir(), bundleDir: await makeTempDir() });
    const first = await prepare(target);
    const oidsOf = (content: typeof first) => content.snapshot.files.filter((file) => ['a.md', 'b.md'].includes(file.path)).map((file) => file.oid);
    const oids = oidsOf(first);
    expect(oids).toEqual([git(dir, 'hash-object', 'docs/a.md').trim(), git(dir, 'hash-object', 'docs/b.md').trim()]);
    await first.keep();
    // Other bytes of the same size and mtime: the kept read vouches for the old ones, and reading the
    // file again would find it changed since (a stale snapshot); its blob id comes from the kept read.
    const a = path.join(docs, 'a.md');
    const { mtime } = await stat(a);
    await writeFile(a, (await readFile(a, 'utf8')).replace('First', 'Fir5t'));
    await utimes(a, mtime, mtime);
    const again = await prepare(target);
    expect(again.changed?.files.map((file) => file.path)).toEqual([]);
    expect(oidsOf(again)).toEqual(oids);
  });
});
