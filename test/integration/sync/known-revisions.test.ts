import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
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
  pages?: LivePage[];
}

function flatten(pages: readonly LivePage[]): LivePage[] {
  return pages.flatMap((page) => [page, ...flatten(page.pages ?? [])]);
}

/** GET requests served so far: the change request's content, main's content, the lists of change requests. */
function reads(): { changeRequestContent: number; mainContent: number; changeRequestLists: number } {
  const count = (route: string): number =>
    emulator
      .stats()
      .routes.filter((r) => r.method === 'GET' && r.route === route)
      .reduce((sum, r) => sum + r.count, 0);
  return {
    changeRequestContent: count('/v1/spaces/:spaceId/change-requests/:changeRequestId/content'),
    mainContent: count('/v1/spaces/:spaceId/content'),
    changeRequestLists: count('/v1/spaces/:spaceId/change-requests'),
  };
}

function since(before: ReturnType<typeof reads>): ReturnType<typeof reads> {
  const now = reads();
  return {
    changeRequestContent: now.changeRequestContent - before.changeRequestContent,
    mainContent: now.mainContent - before.mainContent,
    changeRequestLists: now.changeRequestLists - before.changeRequestLists,
  };
}

describe("a daemon's syncs on today's API (contract: 'current') keep the revisions they read", () => {
  it('a one-page edit reads neither content again while the change request and main are where the last sync left them; a change made in between is read and synced over', async () => {
    const { dir, docs } = await exampleWorkspace();
    // overwrite: a page removed in docsync's change request is put back, not kept as a reviewer's edit.
    const loaded = configFor(emulator, dir, { platformEdits: 'overwrite' });
    expect((await syncOnce(loaded)).results[0]).toMatchObject({ outcome: 'created', delivery: 'changes' });
    const runtime = await createRuntime(loaded, { logger: silentLogger, longLived: true });
    try {
      const target = { ...loaded.config.spaces[0]!, directory: docs };
      const append = async (file: string, line: string): Promise<void> => writeFile(join(docs, file), `${await readFile(join(docs, file), 'utf8')}\n${line}\n`);
      await append('guides/direct-mode.md', 'First save.');
      const first = await syncSpace(runtime.syncDeps, target, { changeSeen: true });
      expect(first).toMatchObject({ outcome: 'updated', delivered: { changes: 1 } });
      const cr = `/v1/spaces/space-docs/change-requests/${first.changeRequest?.id ?? ''}/content`;
      const markdownOf = async (title: string): Promise<string | undefined> => {
        const page = flatten(json((await call(emulator, 'GET', `${cr}/pages`)).body).pages as LivePage[]).find((candidate) => candidate.title === title);
        return page && json((await call(emulator, 'GET', `${cr}/page/${page.id}?format=markdown`)).body).markdown;
      };

      // The change request and main are where that sync left them: only the read back after the batch.
      await append('guides/direct-mode.md', 'Second save.');
      const before = reads();
      expect(await syncSpace(runtime.syncDeps, target, { changeSeen: true })).toMatchObject({ outcome: 'updated', delivered: { changes: 1, batches: 1 } });
      expect(since(before)).toEqual({ changeRequestContent: 1, mainContent: 0, changeRequestLists: 0 });
      expect(await markdownOf('Direct mode')).toContain('Second save.');

      // Someone removes a page in the change request: its revision moves, so the next sync reads it and puts the page back.
      const removed = flatten(json((await call(emulator, 'GET', `${cr}/pages`)).body).pages as LivePage[]).find((page) => page.title === 'Direct mode');
      expect((await call(emulator, 'POST', cr, { body: { changes: [{ operation: 'delete_page', page: removed?.id }] } })).status).toBe(200);
      await append('README.md', 'Third save.');
      const afterEdit = reads();
      expect(await syncSpace(runtime.syncDeps, target, { changeSeen: true })).toMatchObject({ outcome: 'updated' });
      expect(since(afterEdit).changeRequestContent).toBe(2);
      expect(await markdownOf('Direct mode')).toContain('Second save.');
      expect(await markdownOf('Introduction')).toContain('Third save.');
    } finally {
      await runtime.close();
    }
  });

  it('a one-shot edit after a merge reads main once: the plan and the platform-edits check share the read made before any write', async () => {
    const { dir, docs } = await exampleWorkspace();
    const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true } });
    expect((await syncOnce(loaded)).results[0]).toMatchObject({ outcome: 'merged', delivery: 'changes' });
    await writeFile(join(docs, 'README.md'), `${await readFile(join(docs, 'README.md'), 'utf8')}\nOne more line.\n`);
    // The read kept lost (a runner whose cache went, its state kept): nothing says alone which files changed, so the plan reads main.
    await rm(join(dir, '.docsync', 'cache', 'docs.read'));
    const before = reads();
    expect((await syncOnce(loaded)).results[0]).toMatchObject({ outcome: 'merged', delivered: { changes: 1 } });
    // Main once (the plan's base, as no change request is open, and the check of platform edits),
    // the new change request's content once (read back after the batch).
    expect(since(before)).toMatchObject({ mainContent: 1, changeRequestContent: 1 });
  });
});
