import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TreeIgnore } from '../../../src/content/git/tree-ignore.js';
import { WorktreeSource } from '../../../src/content/git/worktree-source.js';
import { worktreeIgnored } from '../../../src/watch/ignored-paths.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A repository with a root .gitignore and one in the docs folder, and files each rule decides. */
async function repo(): Promise<{ root: string; docs: string }> {
  const root = await mkdtemp(path.join(tmpdir(), 'docsync-tree-ignore-'));
  dirs.push(root);
  const docs = path.join(root, 'docs');
  const files: Record<string, string> = {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.gitignore': '_book/\n*.log\n',
    'docs/.gitignore': 'drafts/\n/local.md\n',
    'docs/README.md': '# Docs\n',
    'docs/guide/page.md': '# Page\n',
    'docs/guide/build/generated.md': '# Built, but committed\n',
    'docs/guide/local.md': '# Only the root local.md is ignored\n',
    'docs/local.md': '# Ignored\n',
    'docs/drafts/wip.md': '# Ignored\n',
    'docs/_book/index.html': '<p>ignored</p>',
    'docs/debug.log': 'ignored',
    'docs/node_modules/x/index.js': 'ignored',
    'docs/.docsync/state.json': '{}',
  };
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  return { root, docs };
}

describe('one ignore rule for reading and watching a worktree', () => {
  it('honours the .gitignore files from the repository root down to the docs root, and always skips .git, node_modules and .docsync', async () => {
    const { docs } = await repo();
    const listed = (await new WorktreeSource(docs).list()).map((entry) => entry.path);
    expect(listed.sort()).toEqual(['.gitignore', 'README.md', 'guide/build/generated.md', 'guide/local.md', 'guide/page.md']);

    const watched = worktreeIgnored(docs);
    const rule = TreeIgnore.load(docs);
    for (const relative of ['local.md', 'drafts/wip.md', '_book/index.html', 'debug.log', 'node_modules/x/index.js', '.docsync/state.json']) {
      expect(rule.ignores(relative), relative).toBe(true);
      expect(watched(path.join(docs, relative)), relative).toBe(true);
    }
    for (const relative of listed) expect(watched(path.join(docs, relative)), relative).toBe(false);
  });
});
