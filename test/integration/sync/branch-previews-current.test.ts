import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { runSyncOnce } from '../../../src/runtime/run-sync-once.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, exampleWorkspace } from '../../support/sync-harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current' });
});
afterAll(() => emulator.close());

interface LivePage {
  title: string;
  type: string;
  pages?: LivePage[];
}

const documents = (pages: readonly LivePage[]): number => pages.reduce((n, page) => n + (page.type === 'document' ? 1 : 0) + documents(page.pages ?? []), 0);

describe("pull-request previews on today's API (emulator contract: current, strict)", () => {
  it('fills each branch’s change request with content batches; a second push is one batch carrying one change; nothing is merged', async () => {
    const { dir, docs } = await exampleWorkspace();
    const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true } });
    const sync = (branch: string) => runSyncOnce(loaded, { dryRun: false, logger: silentLogger, branch });

    const a = await sync('feature-a');
    const b = await sync('feature/b');
    expect([a.failures, b.failures]).toEqual([[], []]);
    expect(a.results[0]).toMatchObject({ target: 'docs@feature-a', outcome: 'created', delivery: 'changes' });
    for (const result of [a.results[0], b.results[0]]) {
      const pages = json((await call(emulator, 'GET', `/v1/spaces/space-docs/change-requests/${result?.changeRequest?.id ?? ''}/content/pages`)).body)
        .pages as LivePage[];
      // The example's 27 pages and a page for each of its three `##` groups (`groups: pages`).
      expect(documents(pages)).toBe(30);
    }

    await appendFile(join(docs, 'README.md'), '\nA line from the second push.\n');
    const before = emulator.stats().contentBatches;
    const again = await sync('feature-a');
    expect(again.results[0]).toMatchObject({
      outcome: 'updated',
      changeRequest: { number: a.results[0]?.changeRequest?.number },
      delivered: { changes: 1, batches: 1 },
    });
    const after = emulator.stats();
    expect(after.contentBatches.calls - before.calls).toBe(1);
    expect(after.routes.filter((route) => route.route.includes('/import') || route.route.endsWith('/merge'))).toEqual([]);
  });
});
