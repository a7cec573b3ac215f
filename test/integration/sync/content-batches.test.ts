import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { ContentError } from '../../../src/content/errors/content-error.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { createRuntime } from '../../../src/runtime/create-runtime.js';
import { syncSpace } from '../../../src/sync/sync-space.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  // Strict answer checks wait for the emulator's revision answers to carry 0.202.0's required fields.
  emulator = await startTestEmulator({ contract: 'current', strict: false });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

interface LivePage {
  id: string;
  title: string;
  type: string;
  path?: string;
  pages?: LivePage[];
}

async function livePages(): Promise<LivePage[]> {
  return json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/pages')).body).pages as LivePage[];
}

function flatten(pages: readonly LivePage[]): LivePage[] {
  return pages.flatMap((page) => [page, ...flatten(page.pages ?? [])]);
}

/**
 * Title → id of every document page: the example's 27 pages and the pages of its `##` groups' titles
 * (`groups: pages`), of which "FAQ" shares its title with a page: 29 titles.
 */
async function idsByTitle(): Promise<Map<string, string>> {
  return new Map(
    flatten(await livePages())
      .filter((page) => page.type === 'document')
      .map((page) => [page.title, page.id]),
  );
}

describe("space sync on today's API: content batches", () => {
  it('lands the docs page by page, merges only after verifying, then a one-page edit is one call carrying one change', async () => {
    // Files written just now, as a checkout leaves them: too recent for the first read to trust their
    // mtimes, so the next runs read them again (SUMMARY.md too) and find them unchanged.
    const { dir, docs } = await exampleWorkspace();
    const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true } });
    const first = await syncOnce(loaded);
    expect(first.failures).toEqual([]);
    expect(first.results[0]).toMatchObject({ outcome: 'merged', delivery: 'changes' });
    const landed = await idsByTitle();
    expect(landed.size).toBe(29);
    const page = json((await call(emulator, 'GET', `/v1/spaces/space-docs/content/page/${landed.get('Direct mode') ?? ''}?format=markdown`)).body);
    const file = await readFile(join(docs, 'guides/direct-mode.md'), 'utf8');
    expect(page.markdown.trim()).toBe(file.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '').trim());
    expect(emulator.stats().contentBatches.calls).toBeGreaterThan(1);

    const unchanged = emulator.stats();
    const again = await syncOnce(loaded);
    expect(again.results[0]?.outcome).toBe('skipped');
    expect(emulator.stats().writes).toBe(unchanged.writes);

    await writeFile(join(docs, 'guides/direct-mode.md'), `${file}\nOne more line.\n`);
    const before = emulator.stats();
    // The snapshot's routes are counted on: their counts now, by route.
    const countsBefore = new Map(before.routes.map((r) => [`${r.method} ${r.route} ${r.status}`, r.count]));
    const edit = await syncOnce(loaded);
    expect(edit.results[0]).toMatchObject({ outcome: 'merged', delivered: { changes: 1, batches: 1 } });
    const after = emulator.stats();
    expect(after.contentBatches.calls - before.contentBatches.calls).toBe(1);
    expect(after.contentBatches.changes - before.contentBatches.changes).toBe(1);
    // The change request (its subject carries the sync token of a merge at once: no write of its
    // own), its content batch and its merge; two lists of change requests (two runs that each opened
    // one keep the oldest), and no read of a whole revision's content.
    expect(after.writes - before.writes).toBe(3);
    expect(after.total - before.total).toBeLessThanOrEqual(5);
    const reads = after.routes.filter((r) => r.method === 'GET' && r.count > (countsBefore.get(`${r.method} ${r.route} ${r.status}`) ?? 0));
    expect(reads.map((r) => r.route)).toEqual(['/v1/spaces/:spaceId/change-requests']);
    expect(await idsByTitle()).toEqual(landed);
    const edited = json((await call(emulator, 'GET', `/v1/spaces/space-docs/content/page/${landed.get('Direct mode') ?? ''}?format=markdown`)).body);
    expect(edited.markdown).toContain('One more line.');

    // A frontmatter field: the page alone, its document carrying it.
    await writeFile(join(docs, 'guides/direct-mode.md'), file.replace('Import straight into the space', 'Import directly into the space'));
    const beforeField = emulator.stats();
    const field = await syncOnce(loaded);
    expect(field.results[0]).toMatchObject({ outcome: 'merged', delivered: { changes: 1, batches: 1 } });
    expect(emulator.stats().total - beforeField.total).toBeLessThanOrEqual(5);
    const described = json((await call(emulator, 'GET', `/v1/spaces/space-docs/content/page/${landed.get('Direct mode') ?? ''}`)).body);
    expect(described.description).toBe('Import directly into the space, without review.');

    // An image of a file the space holds already and a link to another page: the page alone, read again and rewritten.
    await writeFile(
      join(docs, 'guides/direct-mode.md'),
      `${file}\n![The flow](../.gitbook/assets/Sync%20flow%20\\(1\\).png) See [the CLI](../reference/cli.md).\n`,
    );
    const beforeLinks = emulator.stats();
    const links = await syncOnce(loaded);
    expect(links.results[0]).toMatchObject({ outcome: 'merged', delivered: { changes: 1, batches: 1 } });
    const afterLinks = emulator.stats();
    expect(afterLinks.total - beforeLinks.total).toBeLessThanOrEqual(5);
    expect(afterLinks.contentBatches.changes - beforeLinks.contentBatches.changes).toBe(1);
    const withLinks = json((await call(emulator, 'GET', `/v1/spaces/space-docs/content/page/${landed.get('Direct mode') ?? ''}?format=markdown`)).body);
    expect(withLinks.markdown).toMatch(/!\[The flow\]\(\S+\)/);
    expect(withLinks.markdown).toMatch(/\[the CLI\]\(\S+\)/);
    expect(await idsByTitle()).toEqual(landed);
    // What the page alone sent is what a whole plan sends: a runner without .docsync/ finds nothing to write.
    await rm(join(dir, '.docsync'), { recursive: true, force: true });
    const beforeWhole = emulator.stats();
    expect((await syncOnce(loaded)).results[0]?.outcome).toBe('skipped');
    expect(emulator.stats().writes).toBe(beforeWhole.writes);
  });

  it('a runner without .docsync/ tells what the space holds by meaning: an unchanged repo writes nothing, a one-page edit sends one change', async () => {
    const { dir, docs } = await exampleWorkspace();
    const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true } });
    expect((await syncOnce(loaded)).failures).toEqual([]);
    const landed = await idsByTitle();
    const fileIds = async (): Promise<string[]> =>
      (json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/files')).body).items as { id: string }[]).map((file) => file.id);
    const files = await fileIds();
    expect(files).toHaveLength(1);

    await rm(join(dir, '.docsync'), { recursive: true, force: true });
    const before = emulator.stats();
    const again = await syncOnce(loaded);
    expect(again.failures).toEqual([]);
    expect(again.results[0]?.outcome).toBe('skipped');
    expect(emulator.stats().writes).toBe(before.writes);

    const file = join(docs, 'guides/watching-a-repo.md');
    await writeFile(file, `${await readFile(file, 'utf8')}\nOne more line.\n`);
    await rm(join(dir, '.docsync'), { recursive: true, force: true });
    const edited = emulator.stats();
    const edit = await syncOnce(loaded);
    expect(edit.results[0]).toMatchObject({ outcome: 'merged', delivered: { changes: 1, batches: 1 } });
    expect(emulator.stats().contentBatches.changes - edited.contentBatches.changes).toBe(1);
    expect(await idsByTitle()).toEqual(landed);
    expect(await fileIds()).toEqual(files);
  });

  it('moves a renamed page instead of deleting and inserting it: its id survives', async () => {
    const { dir, docs } = await exampleWorkspace();
    const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true } });
    await syncOnce(loaded);
    const id = (await idsByTitle()).get('Rate limits');
    await rename(join(docs, 'guides/advanced/rate-limits.md'), join(docs, 'guides/advanced/throttling.md'));
    const summary = await readFile(join(docs, 'SUMMARY.md'), 'utf8');
    await writeFile(join(docs, 'SUMMARY.md'), summary.replace('guides/advanced/rate-limits.md', 'guides/advanced/throttling.md'));
    const before = emulator.stats().contentBatches;
    const report = await syncOnce(loaded);
    expect(report.failures).toEqual([]);
    expect(emulator.stats().contentBatches.changes - before.changes).toBe(1);
    const moved = flatten(await livePages()).find((page) => page.id === id);
    expect(moved).toMatchObject({ title: 'Rate limits' });
    expect(moved?.path?.endsWith('/throttling')).toBe(true);
  });

  it('deletes the page of a removed file, and stops before any write when that removes too many', async () => {
    const { dir, docs } = await exampleWorkspace();
    const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true } });
    await syncOnce(loaded);
    const summary = await readFile(join(docs, 'SUMMARY.md'), 'utf8');
    await writeFile(join(docs, 'SUMMARY.md'), summary.replace(/^ {2}\* \[Direct mode\].*\n/m, ''));
    await rm(join(docs, 'guides/direct-mode.md'));
    expect((await syncOnce(loaded)).failures).toEqual([]);
    expect((await idsByTitle()).has('Direct mode')).toBe(false);
    expect((await idsByTitle()).size).toBe(28);

    await writeFile(join(docs, 'SUMMARY.md'), '# Table of contents\n\n* [Introduction](README.md)\n');
    const before = emulator.stats().writes;
    const refused = await syncOnce(loaded);
    expect(refused.failures[0]).toMatchObject({ code: 'E_SYNC_MASS_DELETION' });
    expect(emulator.stats().writes).toBe(before);
  });

  it("a sync told files changed (the daemon's watcher) reads the live side beside the docs: nothing written when they did not change, one change for a one-page edit, the docs' own error when they cannot be read", async () => {
    const { dir, docs } = await exampleWorkspace();
    const loaded = configFor(emulator, dir);
    expect((await syncOnce(loaded)).results[0]).toMatchObject({ outcome: 'created', delivery: 'changes' });
    const runtime = await createRuntime(loaded, { logger: silentLogger, longLived: true });
    try {
      const target = { ...loaded.config.spaces[0]!, directory: docs };
      const unchanged = emulator.stats();
      expect((await syncSpace(runtime.syncDeps, target, { changeSeen: true })).outcome).toBe('skipped');
      expect(emulator.stats().writes).toBe(unchanged.writes);

      const file = join(docs, 'guides/direct-mode.md');
      await writeFile(file, `${await readFile(file, 'utf8')}\nSaved in the editor.\n`);
      const before = emulator.stats();
      const edit = await syncSpace(runtime.syncDeps, target, { changeSeen: true });
      expect(edit).toMatchObject({ outcome: 'updated', delivered: { changes: 1, batches: 1 } });
      expect(emulator.stats().contentBatches.calls - before.contentBatches.calls).toBe(1);
      const cr = `/v1/spaces/space-docs/change-requests/${edit.changeRequest?.id ?? ''}/content`;
      const pages = flatten(json((await call(emulator, 'GET', `${cr}/pages`)).body).pages as LivePage[]);
      const page = pages.find((candidate) => candidate.title === 'Direct mode');
      expect(json((await call(emulator, 'GET', `${cr}/page/${page?.id ?? ''}?format=markdown`)).body).markdown).toContain('Saved in the editor.');

      await rm(docs, { recursive: true });
      await expect(syncSpace(runtime.syncDeps, target, { changeSeen: true })).rejects.toBeInstanceOf(ContentError);
    } finally {
      await runtime.close();
    }
  });

  it('a run cut between batches leaves whole batches; the next run finishes it as an uninterrupted run would', async () => {
    const shape = (page: LivePage): unknown => ({ title: page.title, type: page.type, path: page.path, pages: (page.pages ?? []).map(shape) });
    const { dir } = await exampleWorkspace();
    const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true } });
    expect((await syncOnce(loaded)).failures).toEqual([]);
    const uninterrupted = (await livePages()).map(shape);
    emulator.reset();
    await rm(join(dir, '.docsync'), { recursive: true, force: true });

    // The run stops right before its third content batch, as a worker killed between batches would.
    const runtime = await createRuntime(loaded, { logger: silentLogger });
    try {
      const target = { ...loaded.config.spaces[0]!, directory: join(dir, 'docs') };
      const fence = { check: () => (emulator.stats().contentBatches.calls >= 2 ? Promise.reject(new Error('killed between batches')) : Promise.resolve()) };
      await expect(syncSpace(runtime.syncDeps, target, { fence })).rejects.toThrow('killed between batches');
      expect(emulator.stats().contentBatches.calls).toBe(2);
      // The read was kept before the first write, not once the sync was recorded: the next run
      // brings it up to date instead of reading the docs whole.
      expect((await readFile(join(dir, '.docsync', 'cache', 'docs.read'), 'utf8')).startsWith('{"docsync":"read"')).toBe(true);
    } finally {
      await runtime.close();
    }
    const resumed = await syncOnce(loaded);
    expect(resumed.failures).toEqual([]);
    expect((await livePages()).map(shape)).toEqual(uninterrupted);
    // Nothing was applied twice: no page of the first batches was inserted again.
    expect((await idsByTitle()).size).toBe(29);
  });
});
