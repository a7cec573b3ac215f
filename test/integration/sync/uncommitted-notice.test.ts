import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';
import { git } from '../../support/temp-tree.js';

/** `source: HEAD` (what `init` writes) reads the commit: edits not committed yet get a one-line notice. */
let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current' });
});
afterAll(() => emulator.close());

async function committedWorkspace(): Promise<{ dir: string; docs: string }> {
  const workspace = await exampleWorkspace();
  await writeFile(join(workspace.dir, '.gitignore'), '.docsync/\ndocs/*.tmp\n');
  git(workspace.dir, 'init', '-q', '-b', 'main');
  git(workspace.dir, 'add', '-A');
  git(workspace.dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'docs');
  process.chdir(workspace.dir);
  return workspace;
}

const NOTICE = /uncommitted change/;

describe('a HEAD source with uncommitted edits under the docs folder', () => {
  it('says how many are not synced and what to do, beside "unchanged", counting neither ignored files nor files outside the docs folder', async () => {
    const { dir, docs } = await committedWorkspace();
    const loaded = configFor(emulator, dir, { source: 'HEAD' });
    const first = await syncOnce(loaded);
    expect(first.failures).toEqual([]);
    expect(first.results[0]?.warnings.filter((w) => NOTICE.test(w))).toEqual([]);

    await appendFile(join(docs, 'reference', 'cli.md'), '\nEdited, not committed.\n');
    await writeFile(join(docs, 'new-page.md'), '# New\n');
    await writeFile(join(docs, 'scratch.tmp'), 'ignored by git\n');
    await writeFile(join(dir, 'outside.md'), '# Not under docs/\n');
    const second = await syncOnce(loaded);
    expect(second.results[0]?.outcome).toBe('skipped');
    expect(second.results[0]?.warnings.filter((w) => NOTICE.test(w))).toEqual([
      '2 uncommitted changes under docs/ are not synced (source: HEAD); commit them or set source: worktree',
    ]);
  });

  it('says nothing for a worktree source, which syncs those edits', async () => {
    const { dir, docs } = await committedWorkspace();
    await appendFile(join(docs, 'reference', 'cli.md'), '\nEdited, not committed.\n');
    const report = await syncOnce(configFor(emulator, dir, { source: 'worktree' }));
    expect(report.failures).toEqual([]);
    expect(report.results[0]?.warnings.filter((w) => NOTICE.test(w))).toEqual([]);
  });
});
