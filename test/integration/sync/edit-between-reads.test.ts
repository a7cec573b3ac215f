import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { createRuntime } from '../../../src/runtime/create-runtime.js';
import { SnapshotStaleError } from '../../../src/content/errors/snapshot-stale-error.js';
import { SupersededError } from '../../../src/sync/errors/superseded-error.js';
import { syncSpace } from '../../../src/sync/sync-space.js';
import type { PreparedContent } from '../../../src/sync/prepared-content.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, exampleWorkspace } from '../../support/sync-harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const EDITED = 'reference/cli.md';
const OTHER = 'reference/glossary.md';

async function liveMarkdown(path: string): Promise<string | undefined> {
  interface LivePage {
    id: string;
    git?: { path: string };
    pages?: LivePage[];
  }
  const pages = json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/pages')).body).pages as LivePage[];
  const find = (list: LivePage[]): LivePage | undefined => list.map((p) => (p.git?.path === path ? p : find(p.pages ?? []))).find(Boolean);
  const page = find(pages);
  return page && (json((await call(emulator, 'GET', `/v1/spaces/space-docs/content/page/${page.id}`)).body).markdown as string);
}

/**
 * A daemon's runtime (its caches live across syncs) syncing the example docs in direct mode; the
 * `read` hook runs right after a read of the docs, before anything else looks at them.
 */
async function daemonLike(dir: string, target: Record<string, unknown> = { mode: 'direct' }, on: RunningEmulator = emulator) {
  const loaded = configFor(on, dir, target);
  const runtime = await createRuntime(loaded, { logger: silentLogger });
  const space = { ...loaded.config.spaces[0]!, directory: join(dir, 'docs') };
  let afterRead: (() => Promise<void>) | undefined;
  const prepare = async (target: typeof space): Promise<PreparedContent> => {
    const content = await runtime.syncDeps.prepare(target);
    const hook = afterRead;
    afterRead = undefined;
    await hook?.();
    return content;
  };
  return {
    sync: (hook?: () => Promise<void>) => {
      afterRead = hook;
      return syncSpace({ ...runtime.syncDeps, prepare }, space).catch((error: unknown) => error);
    },
    close: () => runtime.close(),
  };
}

describe('an edit landing between two reads of the docs', () => {
  it('supersedes the sync before any write when a file it reads changed, never fails a verification, and the next sync carries the newest', async () => {
    const { dir, docs } = await exampleWorkspace();
    const daemon = await daemonLike(dir);
    try {
      expect(await daemon.sync()).toMatchObject({ outcome: 'imported' });
      // Another page changes, so the next sync imports; the edited page is already bundled once (cached).
      await writeFile(join(docs, OTHER), `${await readFile(join(docs, OTHER), 'utf8')}\nOne more term.\n`);
      const edited = `# CLI reference\n\nEdited while the sync ran.\n`;
      // A page the bundle takes from the entry cache is not read again: the bundle and what the import
      // is checked against are both the read's (its blob oids), so what was read lands as it is.
      expect(await daemon.sync(() => writeFile(join(docs, EDITED), edited))).toMatchObject({ outcome: 'imported' });
      expect(await liveMarkdown(EDITED)).not.toBe(edited);

      // A page the bundle must read, changed since the read: nothing is written.
      await writeFile(join(docs, OTHER), `${await readFile(join(docs, OTHER), 'utf8')}\nAnother term.\n`);
      const writes = emulator.stats().writes;
      const result = await daemon.sync(() => writeFile(join(docs, OTHER), `${edited}\nAnd this one too.\n`));
      expect(result).toBeInstanceOf(SupersededError);
      expect((result as Error).message).toContain(OTHER);
      expect(emulator.stats().writes).toBe(writes);

      expect(await daemon.sync()).toMatchObject({ outcome: 'imported' });
      expect(await liveMarkdown(EDITED)).toBe(edited);
    } finally {
      await daemon.close();
    }
  });

  it("stops a sync that sends page changes (today's API) at the page changed since the read, before its batch", async () => {
    const current = await startTestEmulator({ contract: 'current' });
    const { dir, docs } = await exampleWorkspace();
    const daemon = await daemonLike(dir, { delivery: 'changes' }, current);
    try {
      expect(await daemon.sync()).toMatchObject({ outcome: 'created' });
      await writeFile(join(docs, OTHER), `${await readFile(join(docs, OTHER), 'utf8')}\nOne more term.\n`);
      const writes = current.stats().writes;
      // The page the batch sends, changed since the read: found when it is read to be sent, before its batch.
      const edited = '# Glossary\n\nEdited while the sync ran.\n';
      const result = await daemon.sync(() => writeFile(join(docs, OTHER), edited));
      expect(result).toBeInstanceOf(SnapshotStaleError);
      expect(current.stats().writes).toBe(writes);
      expect(await daemon.sync()).toMatchObject({ outcome: 'updated' });
    } finally {
      await daemon.close();
      await current.close();
    }
  });
});
