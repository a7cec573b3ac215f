import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WorktreeSource } from '../../../src/content/git/worktree-source.js';
import type { PageNode } from '../../../src/content/gitbook/docs-snapshot.js';
import { readDocsRepo } from '../../../src/content/read-docs-repo.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

const EXAMPLE = path.resolve(import.meta.dirname, '../../../examples/docs');

afterAll(removeTempDirs);

const outline = (pages: readonly PageNode[]): unknown[] =>
  pages.map((page) => (page.children.length === 0 ? page.title : [page.title, outline(page.children)]));

describe('reading examples/docs from the worktree', () => {
  it('gives the structure, metadata and files of the example repo, with no warnings', async () => {
    const snapshot = await readDocsRepo(new WorktreeSource(EXAMPLE));
    expect(snapshot.warnings).toEqual([]);
    expect(snapshot.root).toBe('');
    expect(snapshot.readme).toBe('README.md');
    expect(snapshot.summary).toBe('SUMMARY.md');
    expect(snapshot.config.redirects).toEqual({
      setup: 'getting-started/installation.md',
      'guides/reconcile': 'guides/advanced/reconcile-loop.md',
    });
    expect(snapshot.pages.map((group) => [group.title, outline(group.pages)])).toEqual([
      [undefined, ['Introduction']],
      ['Getting started', ['Quickstart', 'Installation']],
      [
        'Guides and reference',
        [
          [
            'Guides',
            [
              'Watching a repository',
              'Working with change requests',
              'Direct mode',
              'Syncing from CI',
              'Publishing OpenAPI specs',
              'Site structure as code',
              'Migrating existing docs',
              ['Advanced', ['The reconcile loop', 'Rate limits', 'State and recovery', 'Scaling workers']],
            ],
          ],
          ['CLI reference', ['Configuration', 'Environment variables', 'Exit codes', 'Metrics', 'The emulator', 'Glossary']],
        ],
      ],
      ['FAQ', [['FAQ', ['Can docsync open two change requests?', 'Does it work with private repositories?', 'How big can a repository be?']]]],
    ]);
    const installation = snapshot.pages[1]!.pages[1]!;
    expect(installation).toMatchObject({
      path: 'getting-started/installation.md',
      label: 'Install docsync',
      description: 'Install docsync from its git repository or a tarball, or run it from a container.',
    });
    const reconcile = snapshot.pages[2]!.pages[0]!.children[7]!.children[0]!;
    expect(reconcile.layout).toEqual({ title: { visible: true }, tableOfContents: { visible: true }, outline: { visible: false } });
    expect(snapshot.files.map((file) => file.path)).toEqual([
      '.gitbook.yaml',
      '.gitbook/assets/Sync flow (1).png',
      'README.md',
      'SUMMARY.md',
      'faq/README.md',
      'faq/big-repos.md',
      'faq/duplicates.md',
      'faq/private-repos.md',
      'getting-started/installation.md',
      'getting-started/quickstart.md',
      'guides/README.md',
      'guides/advanced/README.md',
      'guides/advanced/rate-limits.md',
      'guides/advanced/reconcile-loop.md',
      'guides/advanced/scaling-workers.md',
      'guides/advanced/state.md',
      'guides/change-requests.md',
      'guides/ci.md',
      'guides/direct-mode.md',
      'guides/migration.md',
      'guides/openapi-specs.md',
      'guides/site-structure.md',
      'guides/watching-a-repo.md',
      'reference/cli.md',
      'reference/configuration.md',
      'reference/emulator.md',
      'reference/environment.md',
      'reference/exit-codes.md',
      'reference/glossary.md',
      'reference/metrics.md',
    ]);
    expect(snapshot.stats).toMatchObject({ listed: 30, read: 30, cached: 0 });
  });

  it('gives the same content hash for a copy with other mtimes', async () => {
    const copy = await makeTempDir();
    await cp(EXAMPLE, copy, { recursive: true });
    await utimes(path.join(copy, 'README.md'), new Date('2001-01-01'), new Date('2001-01-01'));
    const [original, copied] = await Promise.all([readDocsRepo(new WorktreeSource(EXAMPLE)), readDocsRepo(new WorktreeSource(copy))]);
    expect(copied.contentHash).toBe(original.contentHash);
    expect(copied.files).toEqual(original.files);
  });
});

describe('WorktreeSource.hashMany', () => {
  it('hashes files in pieces to the blob oids git gives them, and counts the bytes', async () => {
    const dir = await makeTempDir();
    const big = randomBytes(2.5 * 1024 * 1024); // spans three pieces
    await writeFile(path.join(dir, 'big.bin'), big);
    await writeFile(path.join(dir, 'empty.bin'), '');
    const source = new WorktreeSource(dir);
    const hashes = [];
    for await (const hash of source.hashMany(['big.bin', 'empty.bin'])) hashes.push(hash);
    expect(hashes).toEqual([
      { path: 'big.bin', size: big.length, oid: execFileSync('git', ['hash-object', path.join(dir, 'big.bin')], { encoding: 'utf8' }).trim() },
      { path: 'empty.bin', size: 0, oid: execFileSync('git', ['hash-object', path.join(dir, 'empty.bin')], { encoding: 'utf8' }).trim() },
    ]);
    expect(source.counter.bytes).toBe(big.length);
  });
});

describe('WorktreeSource.list', () => {
  it('checks only files an earlier listing under the same rule did not list against the ignore rule', async () => {
    const dir = await makeTempDir();
    await writeFile(path.join(dir, '.gitignore'), 'draft.md\n');
    await writeFile(path.join(dir, 'draft.md'), '# Draft\n');
    await writeFile(path.join(dir, 'page.md'), '# Page\n');
    const source = new WorktreeSource(dir);
    const paths = async (listed?: ReadonlySet<string>): Promise<string[]> => (await source.list(listed ? { listed } : {})).map((entry) => entry.path);
    expect(await paths()).toEqual(['.gitignore', 'page.md']);
    expect(await paths(new Set(['.gitignore', 'page.md']))).toEqual(['.gitignore', 'page.md']);
    // What a listing under another rule held is taken as listed: why the rule's key goes with it.
    expect(await paths(new Set(['draft.md']))).toEqual(['.gitignore', 'draft.md', 'page.md']);
    const before = source.ignoreKey;
    await writeFile(path.join(dir, '.gitignore'), 'page.md\n');
    expect(new WorktreeSource(dir).ignoreKey).not.toBe(before);
  });
});
