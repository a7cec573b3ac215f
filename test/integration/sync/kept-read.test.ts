import { execFile } from 'node:child_process';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { DocsyncConfigSchema } from '../../../src/config/config-schema.js';
import { readDocsRepo } from '../../../src/content/read-docs-repo.js';
import { WorktreeSource } from '../../../src/content/git/worktree-source.js';
import { GitRefSource } from '../../../src/content/git/git-ref-source.js';
import { createContentPreparer } from '../../../src/sync/prepare-content.js';
import type { PreparedContent } from '../../../src/sync/prepared-content.js';
import { layoutKey } from '../../../src/content/gitbook/layout-key.js';
import type { PageNode } from '../../../src/content/gitbook/docs-snapshot.js';
import { pageTitlings } from '../../../src/sync/platform-edits/page-titlings.js';
import { derivedRead } from '../../support/derived-read.js';
import { makeTempDir, removeTempDirs, tempTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

const run = promisify(execFile);
const git = (dir: string, ...args: string[]): Promise<unknown> =>
  run('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd: dir,
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' },
  });

const targetFor = (directory: string, source: string) =>
  DocsyncConfigSchema.parse({ spaces: [{ name: 'docs', directory, spaceId: 'space', source }] }).spaces[0]!;

const DOCS = {
  'README.md': '# Home\n',
  'SUMMARY.md': '* [Home](README.md)\n* [Guide](guide.md)\n  * [Install](guide/install.md)\n  * [Plain again](plain.md)\n* [Plain](plain.md)\n',
  'guide.md': '---\ndescription: The guide\n---\n# Guide heading\n\n![diagram](.gitbook/assets/diagram.png)\n',
  'guide/install.md': '# Install\n\nRun it.\n',
  'plain.md': 'No heading.\n',
  '.gitbook/assets/diagram.png': 'png bytes',
  '.gitbook/assets/spare.png': 'png bytes no page shows',
};

/** Each page's `SUMMARY.md` link text and the tree's layout key, as the content looks them up (else from its page tree). */
function treeLookups(content: Pick<PreparedContent, 'snapshot' | 'summaryTitle' | 'layoutKey'>) {
  const paths: string[] = [];
  const walk = (pages: readonly PageNode[]): void => {
    for (const page of pages) {
      paths.push(page.path);
      walk(page.children);
    }
  };
  // The tree's paths, and one listed nowhere: the walk through the tree read once, before the lookups.
  content.snapshot.pages.forEach((group) => walk(group.pages));
  const titles = pageTitlings(content, 'import');
  return {
    titles: [...paths, 'nowhere.md'].map((path) => [path, titles(path).summaryTitle]),
    layout: content.layoutKey?.() ?? layoutKey(content.snapshot.pages),
  };
}

async function oldMtimes(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) await utimes(path.join(entry.parentPath, entry.name), new Date('2020-01-01'), new Date('2020-01-01'));
  }
}

/** `dir` as a repository of one commit holding its files, old enough for a work tree's listing to trust. */
async function committed(dir: string): Promise<void> {
  await writeFile(path.join(dir, '.gitignore'), '.docsync/\n');
  await git(dir, 'init', '-q');
  await oldMtimes(dir);
  await git(dir, 'add', '-A');
  await git(dir, 'commit', '-q', '-m', 'docs');
}

describe('a one-shot read kept in .docsync/', () => {
  for (const [source, longLived] of [
    ['worktree', false],
    ['HEAD', false],
    ['worktree', true],
    ['HEAD', true],
  ] as const) {
    const kept = longLived ? ', kept in memory by a long-lived process' : '';
    it(`${source}${kept}: reads only what changed since the kept read when the change is content alone, else reads it all; either way what a whole read gives`, async () => {
      const dir = await tempTree(DOCS);
      await committed(dir);
      const cacheDir = await makeTempDir();
      const target = targetFor(dir, source);
      const prepare = createContentPreparer(longLived ? { longLived, bundleDir: await makeTempDir() } : { cacheDir, bundleDir: await makeTempDir() });
      const whole = async (): Promise<ReturnType<typeof derivedRead>> =>
        derivedRead({ snapshot: await readDocsRepo(source === 'HEAD' ? await GitRefSource.open(dir) : new WorktreeSource(dir)) });
      const change = async (file: string, text: string): Promise<PreparedContent> => {
        await writeFile(path.join(dir, file), text);
        if (source === 'HEAD') {
          await git(dir, 'add', '-A');
          await git(dir, 'commit', '-q', '-m', `edit ${file}`);
        }
        const content = await prepare(target);
        expect(derivedRead(content)).toEqual(await whole());
        // What the read answers without its page tree is what the tree says.
        expect(treeLookups(content)).toEqual(treeLookups({ snapshot: content.snapshot }));
        await content.keep();
        return content;
      };

      const first = await prepare(target);
      expect(first.changed).toBeUndefined();
      await first.keep();
      const again = await prepare(target);
      expect(again.changed).toEqual({ since: first.contentHash, files: [] });
      expect(again.snapshot.stats.read).toBe(0);

      // Content only: the page read again, nothing else.
      const body = await change('guide/install.md', '# Install\n\nRun it twice.\n');
      const install = body.snapshot.files.find((file) => file.path === 'guide/install.md');
      expect(body.changed).toEqual({
        since: first.contentHash,
        files: [{ path: 'guide/install.md', size: install?.size, oid: install?.oid, title: 'Install' }],
      });
      expect(body.snapshot.stats.read).toBe(1);
      expect(body.contentHash).not.toBe(first.contentHash);
      // A heading SUMMARY.md's title hides, and an asset's bytes: content too.
      const heading = await change('guide.md', DOCS['guide.md'].replace('Guide heading', 'Another heading'));
      expect(heading.changed?.files.map((file) => file.path)).toEqual(['guide.md']);
      // Read since the last kept read's commit, not the first's: the one file alone. (A worktree
      // reads again the file written just before too: its mtime is too recent to trust.)
      if (source === 'HEAD') expect(heading.snapshot.stats.read).toBe(1);
      expect((await change('plain.md', '# Now a heading\n')).changed?.files.map((file) => file.path)).toEqual(['plain.md']);
      expect((await change('.gitbook/assets/diagram.png', 'other png bytes')).changed?.files.map((file) => file.path)).toEqual(['.gitbook/assets/diagram.png']);
      // A page's frontmatter fields: its node of the page tree made again, the page alone read.
      const described = await change('guide.md', DOCS['guide.md'].replace('The guide', 'The new guide').replace('---\n#', 'hidden: true\n---\n#'));
      expect(described.changed?.files.map((file) => file.path)).toEqual(['guide.md']);
      expect(described.snapshot.pages[0]?.pages[1]).toMatchObject({ path: 'guide.md', description: 'The new guide', hidden: true });
      // Notes (a frontmatter field of the wrong type): read whole, for the warnings.
      expect((await change('guide.md', DOCS['guide.md'].replace('---\n#', 'hidden: maybe\n---\n#'))).changed).toBeUndefined();
      // Images and file links to files the bundle holds already, links to pages: the page alone, read again.
      const rewrite = (text: string): Promise<PreparedContent> => change('guide/install.md', `# Install\n\n${text}\n`);
      const paths = (content: PreparedContent): string[] | undefined => content.changed?.files.map((file) => file.path);
      expect(paths(await rewrite('![more](../.gitbook/assets/diagram.png)'))).toEqual(['guide/install.md']);
      expect(paths(await rewrite('![more](../.gitbook/assets/diagram.png) [download](../.gitbook/assets/diagram.png)'))).toEqual(['guide/install.md']);
      expect(paths(await rewrite('![more](../.gitbook/assets/diagram.png) [plain](../plain.md) [home](/README.md)'))).toEqual(['guide/install.md']);
      // Links that may change the bundle's files or warnings, each from a page that links the bundled
      // spare.png alone: a file dropped (another page may still link to it), a file not bundled yet,
      // an image outside the root, a missing image, a file link that matches only ignoring case.
      const spare = '![spare](../.gitbook/assets/spare.png)';
      expect((await rewrite('[plain](../plain.md)')).changed).toBeUndefined();
      expect((await rewrite(spare)).changed).toBeUndefined();
      for (const link of ['![out](../../outside.png)', '![gone](../.gitbook/assets/gone.png)', '[shout](../.gitbook/assets/SPARE.png)']) {
        expect((await rewrite(`${spare} ${link}`)).changed).toBeUndefined();
        await rewrite(spare);
      }
      const summary = await change('SUMMARY.md', `${DOCS['SUMMARY.md']}* [New](new.md)\n`);
      expect(summary.changed).toBeUndefined();
      // Read whole, the files it read before unread when their change token is the same: here the table of contents alone.
      if (source === 'HEAD') expect(summary.snapshot.stats.read).toBe(1);
      expect((await change('new.md', '# New\n')).changed).toBeUndefined();
      // A file the worktree's listing held is now ignored: read whole (a commit's tree has no ignore rule).
      const ignored = await change('.gitignore', '.docsync/\n.gitbook/assets/diagram.png\n');
      expect(ignored.changed?.files.map((file) => file.path)).toEqual(source === 'worktree' ? undefined : []);
    });
  }
});

describe("a page's title in a kept read", () => {
  for (const source of ['worktree', 'HEAD'] as const) {
    it(`${source}: a title from a page's heading changes its node alone, but the readme's title in a SUMMARY.md docsync wrote needs a whole read`, async () => {
      const dir = await tempTree({
        'plain/README.md': '# Home\n',
        'plain/guide/README.md': '# Guide\n',
        'plain/guide/install.md': '# Install\n\nRun it.\n',
        'plain/other.md': 'No heading.\n',
        'listed/SUMMARY.md': '* [Only](only.md)\n',
        'listed/README.md': '# Listed home\n',
        'listed/only.md': '# Only\n',
      });
      await committed(dir);
      const cacheDir = await makeTempDir();
      const change = async (directory: string, file: string, text: string): Promise<PreparedContent> => {
        await writeFile(path.join(dir, directory, file), text);
        if (source === 'HEAD') {
          await git(dir, 'add', '-A');
          await git(dir, 'commit', '-q', '--allow-empty', '-m', `edit ${file}`);
        }
        const prepare = createContentPreparer({ cacheDir, bundleDir: await makeTempDir() });
        const content = await prepare(targetFor(path.join(dir, directory), source));
        const whole = await readDocsRepo(
          source === 'HEAD' ? await GitRefSource.open(path.join(dir, directory)) : new WorktreeSource(path.join(dir, directory)),
        );
        expect(derivedRead(content)).toEqual(derivedRead({ snapshot: whole }));
        expect(treeLookups(content)).toEqual(treeLookups({ snapshot: whole }));
        await content.keep();
        return content;
      };
      const titles = (content: PreparedContent): string[] =>
        content.snapshot.pages.flatMap((group) => group.pages.flatMap((page) => [page.title, ...page.children.map((child) => child.title)]));

      // No SUMMARY.md: titles come from headings, else file names.
      await change('plain', 'other.md', 'No heading.\n');
      const install = await change('plain', 'guide/install.md', '# Set it up\n\nRun it.\n');
      expect(install.changed?.files).toMatchObject([{ path: 'guide/install.md', title: 'Set it up' }]);
      expect((await change('plain', 'other.md', '# Other page\n')).changed?.files).toMatchObject([{ path: 'other.md', title: 'Other page' }]);
      const readme = await change('plain', 'README.md', '# Welcome\n');
      expect(readme.changed?.files).toMatchObject([{ path: 'README.md', title: 'Welcome' }]);
      expect(titles(readme)).toEqual(['Welcome', 'Guide', 'Set it up', 'Other page']);

      // A SUMMARY.md that leaves the readme out: docsync lists it, by its title.
      await change('listed', 'only.md', '# Only\n');
      expect((await change('listed', 'only.md', '# Only page\n')).changed?.files).toMatchObject([{ path: 'only.md', title: 'Only' }]);
      expect((await change('listed', 'README.md', '# Listed welcome\n')).changed).toBeUndefined();
    });
  }
});
