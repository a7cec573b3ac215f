import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { startHoldingProxy, type HoldingProxy } from '../../support/holding-proxy.js';
import { call, json } from '../../support/emulator-harness.js';
import { changeRequestPage, commitWithRemote, liveMarkdown } from '../../support/platform-edits-workspace.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';
import { git, removeTempDirs } from '../../support/temp-tree.js';

// The platform writes to main while a sync runs: after docsync checked it for platform edits, before
// it opens its change request, or before it merges. Nothing of that write may be lost.
const BRANCH = 'docsync/platform-edits/docs';
const TARGET = { changeRequest: { autoMerge: true } };
const opens = (method: string, url: string): boolean => method === 'POST' && /\/change-requests$/.test(url.split('?')[0] ?? '');
const merges = (method: string, url: string): boolean => method === 'POST' && /\/merge$/.test(url.split('?')[0] ?? '');

afterAll(() => removeTempDirs());

function onBranch(dir: string, file: string): string {
  git(dir, 'fetch', '--quiet', 'origin', BRANCH);
  return git(dir, 'show', `FETCH_HEAD:${file}`);
}

/** An emulator of `contract` behind a holding proxy, and a count of the edits made in the platform while a request was held. */
function movingMain(contract: 'current' | 'seed', target: Record<string, unknown>) {
  const world = { emulator: undefined as unknown as RunningEmulator, proxy: undefined as unknown as HoldingProxy, edits: 0 };
  beforeAll(async () => {
    world.emulator = await startTestEmulator({ contract, strict: false });
  });
  afterAll(() => world.emulator.close());
  beforeEach(async () => {
    world.emulator.reset();
    world.edits = 0;
    world.proxy = await startHoldingProxy(world.emulator.url);
    return () => world.proxy.close();
  });

  /** The example docs synced, then Quickstart changed in git: the next sync (of `target` with `then` over it) goes through the proxy. */
  async function gitChanged(then: Record<string, unknown> = target): Promise<{ dir: string; sync: () => ReturnType<typeof syncOnce> }> {
    const { emulator } = world;
    const { dir, docs } = await exampleWorkspace();
    await commitWithRemote(dir, ['docs']);
    expect((await syncOnce(configFor(emulator, dir, target))).failures).toEqual([]);
    const quickstart = join(docs, 'getting-started/quickstart.md');
    await writeFile(quickstart, `${await readFile(quickstart, 'utf8')}\nChanged in git.\n`);
    git(dir, 'commit', '--quiet', '-am', 'Quickstart');
    return { dir, sync: () => syncOnce(configFor(emulator, dir, { ...target, ...then }, { api: { endpoint: world.proxy.url, token: 'emulator-admin' } })) };
  }

  /** Each request `match` names (`times` of them) waits for an edit of the page titled `title` in the platform. */
  function editBefore(match: (method: string, url: string) => boolean, title: string, times = 1): void {
    if (times === 0) return;
    void world.proxy.hold(match, 1).then(async (held) => {
      editBefore(match, title, times - 1);
      world.edits += 1;
      await editPageInPlatform(world.emulator, 'space-docs', { title, markdown: `# ${title}\n\nEdited in the platform (${world.edits}).\n` });
      await held.forward();
    });
  }
  return { world, gitChanged, editBefore };
}

describe('main moving while docsync syncs (today’s API)', () => {
  const { world, gitChanged, editBefore } = movingMain('current', TARGET);
  it('an edit made after the check, before docsync opens its change request, is kept: the sync plans again from it', async () => {
    const { dir, sync } = await gitChanged();
    editBefore(opens, 'Quickstart');
    const report = await sync();
    expect(report.failures).toMatchObject([{ code: 'E_PLATFORM_EDITS_CONFLICT', exitCode: 8 }]);
    expect(onBranch(dir, 'docs/getting-started/quickstart.md')).toContain('Edited in the platform (1).');
    expect(await liveMarkdown(world.emulator, 'space-docs', 'Quickstart')).toContain('Changed in git.');
  });

  it('an edit of a page the change request changes, made before docsync merges it, is kept: the sync starts over from main', async () => {
    const { dir, sync } = await gitChanged();
    editBefore(merges, 'Quickstart');
    const report = await sync();
    expect(report.failures).toMatchObject([{ code: 'E_PLATFORM_EDITS_CONFLICT', exitCode: 8 }]);
    expect(report.results[0]?.warnings.join('\n')).toContain('conflicted with main');
    expect(onBranch(dir, 'docs/getting-started/quickstart.md')).toContain('Edited in the platform (1).');
    expect(await liveMarkdown(world.emulator, 'space-docs', 'Quickstart')).toContain('Changed in git.');
  });

  it('a change request left for review, opened as main moved, is open for reviewers with git’s edit once the sync planned again', async () => {
    const { sync } = await gitChanged({ changeRequest: { autoMerge: false } });
    editBefore(opens, 'Direct mode');
    const report = await sync();
    expect(report.failures).toEqual([]);
    expect(world.edits).toBe(1);
    // Created by this run, though the pass that created it gave way to one planned from the live content.
    expect(report.results[0]?.outcome).toBe('created');
    // A plain list of change requests names open ones only: a draft there is one no reviewer is shown.
    const listed = json((await call(world.emulator, 'GET', '/v1/spaces/space-docs/change-requests')).body).items as { id: string; number: number }[];
    expect(listed.map((cr) => cr.number)).toEqual([report.results[0]?.changeRequest?.number]);
    const page = await changeRequestPage(world.emulator, listed[0]?.id ?? '', 'Quickstart');
    const markdown = json((await call(world.emulator, 'GET', `/v1/spaces/space-docs/change-requests/${listed[0]?.id}/content/page/${page?.id}`)).body).markdown;
    expect(markdown).toContain('Changed in git.');
    expect(await liveMarkdown(world.emulator, 'space-docs', 'Direct mode')).toContain('Edited in the platform (1).');
  });

  it('stops after three passes with E_SYNC_MAIN_MOVING when main moves during each, merging nothing over it', async () => {
    const { dir, sync } = await gitChanged();
    editBefore(opens, 'Direct mode', 2);
    editBefore(merges, 'Quickstart');
    const report = await sync();
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]).toMatchObject({ code: 'E_SYNC_MAIN_MOVING', exitCode: 1 });
    expect(report.failures[0]?.error).toContain('changed during each of 3 passes');
    expect(world.edits).toBe(3);
    // The edit before the merge was kept by the third pass; the last one is live, nothing merged over it.
    expect(onBranch(dir, 'docs/getting-started/quickstart.md')).toContain('Edited in the platform (2).');
    expect(await liveMarkdown(world.emulator, 'space-docs', 'Quickstart')).toContain('Edited in the platform (2).');
    expect(await liveMarkdown(world.emulator, 'space-docs', 'Direct mode')).toContain('Edited in the platform (3).');
  });
});

// The seed's API imports a zip straight into main (`mode: direct`, `delivery: import`), with no
// change request whose revision could say main moved, and unconditionally.
describe('main moving while docsync imports into it (the seed’s API)', () => {
  const { world, gitChanged, editBefore } = movingMain('seed', { mode: 'direct', delivery: 'import' });
  const readsSpace = (method: string, url: string): boolean => method === 'GET' && url === '/v1/spaces/space-docs';
  const imports = (method: string, url: string): boolean => method === 'POST' && /\/content\/import$/.test(url);

  it('an edit made after the check, before the import, is kept: the sync reads main right before importing and plans again', async () => {
    const { dir, sync } = await gitChanged();
    editBefore(readsSpace, 'Quickstart');
    const report = await sync();
    expect(world.edits).toBe(1);
    expect(report.failures).toMatchObject([{ code: 'E_PLATFORM_EDITS_CONFLICT', exitCode: 8 }]);
    expect(onBranch(dir, 'docs/getting-started/quickstart.md')).toContain('Edited in the platform (1).');
    expect(await liveMarkdown(world.emulator, 'space-docs', 'Quickstart')).toContain('Changed in git.');
  });

  it('an edit made while the import is under way is named in a warning with the revision that holds it', async () => {
    const { sync } = await gitChanged();
    editBefore(imports, 'Direct mode');
    const report = await sync();
    expect(world.edits).toBe(1);
    expect(report.failures).toEqual([]);
    const revision = /the import replaced revision (\S+), not/.exec(report.results[0]?.warnings.join('\n') ?? '')?.[1];
    expect(revision).toBeDefined();
    expect(await liveMarkdown(world.emulator, 'space-docs', 'Direct mode', revision)).toContain('Edited in the platform (1).');
  });
});
