import { cp, utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type PageNode, readDocsRepo, WorktreeSource } from '../../../src/content/index.js';
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
      ['Guides and reference', [['Guides', ['Watching a repository', ['Advanced', ['The reconcile loop']]]], 'CLI reference']],
    ]);
    const installation = snapshot.pages[1]!.pages[1]!;
    expect(installation).toMatchObject({
      path: 'getting-started/installation.md',
      label: 'Install docsync',
      description: 'Install docsync with npm, or run it from a container.',
    });
    const reconcile = snapshot.pages[2]!.pages[0]!.children[1]!.children[0]!;
    expect(reconcile.layout).toEqual({ title: { visible: true }, tableOfContents: { visible: true }, outline: { visible: false } });
    expect(snapshot.files.map((file) => file.path)).toEqual([
      '.gitbook.yaml',
      '.gitbook/assets/Sync flow (1).png',
      'README.md',
      'SUMMARY.md',
      'getting-started/installation.md',
      'getting-started/quickstart.md',
      'guides/README.md',
      'guides/advanced/README.md',
      'guides/advanced/reconcile-loop.md',
      'guides/watching-a-repo.md',
      'reference/cli.md',
    ]);
    expect(snapshot.stats).toMatchObject({ listed: 11, read: 11, cached: 0 });
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
