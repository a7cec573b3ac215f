import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { startHoldingProxy, type HoldingProxy } from '../../support/holding-proxy.js';
import { commitWithRemote, liveMarkdown } from '../../support/platform-edits-workspace.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';
import { git, removeTempDirs } from '../../support/temp-tree.js';

// The platform writes to main while a sync runs: after docsync checked it for platform edits, before
// it opens its change request, or before it merges. Nothing of that write may be lost.
const BRANCH = 'docsync/platform-edits/docs';
const TARGET = { changeRequest: { autoMerge: true } };
const opens = (method: string, url: string): boolean => method === 'POST' && /\/change-requests$/.test(url.split('?')[0] ?? '');
const merges = (method: string, url: string): boolean => method === 'POST' && /\/merge$/.test(url.split('?')[0] ?? '');

afterAll(() => removeTempDirs());

describe('main moving while docsync syncs (today’s API)', () => {
  let emulator: RunningEmulator;
  let proxy: HoldingProxy;
  let edits = 0;
  beforeAll(async () => {
    emulator = await startTestEmulator({ contract: 'current', strict: false });
  });
  afterAll(() => emulator.close());
  beforeEach(async () => {
    emulator.reset();
    edits = 0;
    proxy = await startHoldingProxy(emulator.url);
    return () => proxy.close();
  });

  /** The example docs synced and merged, then Quickstart changed in git: the next sync goes through the proxy. */
  async function gitChanged(): Promise<{ dir: string; sync: () => ReturnType<typeof syncOnce> }> {
    const { dir, docs } = await exampleWorkspace();
    await commitWithRemote(dir, ['docs']);
    expect((await syncOnce(configFor(emulator, dir, TARGET))).failures).toEqual([]);
    const quickstart = join(docs, 'getting-started/quickstart.md');
    await writeFile(quickstart, `${await readFile(quickstart, 'utf8')}\nChanged in git.\n`);
    git(dir, 'commit', '--quiet', '-am', 'Quickstart');
    return { dir, sync: () => syncOnce(configFor(emulator, dir, TARGET, { api: { endpoint: proxy.url, token: 'emulator-admin' } })) };
  }

  /** Each request `match` names (`times` of them) waits for an edit of the page titled `title` in the platform. */
  function editBefore(match: (method: string, url: string) => boolean, title: string, times = 1): void {
    if (times === 0) return;
    void proxy.hold(match, 1).then(async (held) => {
      editBefore(match, title, times - 1);
      edits += 1;
      await editPageInPlatform(emulator, 'space-docs', { title, markdown: `# ${title}\n\nEdited in the platform (${edits}).\n` });
      await held.forward();
    });
  }

  function onBranch(dir: string, file: string): string {
    git(dir, 'fetch', '--quiet', 'origin', BRANCH);
    return git(dir, 'show', `FETCH_HEAD:${file}`);
  }

  it('an edit made after the check, before docsync opens its change request, is kept: the sync plans again from it', async () => {
    const { dir, sync } = await gitChanged();
    editBefore(opens, 'Quickstart');
    const report = await sync();
    expect(report.failures).toMatchObject([{ code: 'E_PLATFORM_EDITS_CONFLICT', exitCode: 8 }]);
    expect(onBranch(dir, 'docs/getting-started/quickstart.md')).toContain('Edited in the platform (1).');
    expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).toContain('Changed in git.');
  });

  it('an edit of a page the change request changes, made before docsync merges it, is kept: the sync starts over from main', async () => {
    const { dir, sync } = await gitChanged();
    editBefore(merges, 'Quickstart');
    const report = await sync();
    expect(report.failures).toMatchObject([{ code: 'E_PLATFORM_EDITS_CONFLICT', exitCode: 8 }]);
    expect(report.results[0]?.warnings.join('\n')).toContain('conflicted with main');
    expect(onBranch(dir, 'docs/getting-started/quickstart.md')).toContain('Edited in the platform (1).');
    expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).toContain('Changed in git.');
  });

  it('stops after three passes with E_SYNC_MAIN_MOVING when main moves during each, merging nothing over it', async () => {
    const { dir, sync } = await gitChanged();
    editBefore(opens, 'Direct mode', 2);
    editBefore(merges, 'Quickstart');
    const report = await sync();
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]).toMatchObject({ code: 'E_SYNC_MAIN_MOVING', exitCode: 1 });
    expect(report.failures[0]?.error).toContain('changed during each of 3 passes');
    expect(edits).toBe(3);
    // The edit before the merge was kept by the third pass; the last one is live, nothing merged over it.
    expect(onBranch(dir, 'docs/getting-started/quickstart.md')).toContain('Edited in the platform (2).');
    expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).toContain('Edited in the platform (2).');
    expect(await liveMarkdown(emulator, 'space-docs', 'Direct mode')).toContain('Edited in the platform (3).');
  });
});
