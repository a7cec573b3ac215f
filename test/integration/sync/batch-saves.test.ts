import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/api-client.js';
import { NoArtifactStore } from '../../../src/artifacts/no-artifact-store.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { changedPaths } from '../../../src/state/record-view.js';
import type { PlannedChange } from '../../../src/sync/pages/page-plan.js';
import { sendBatches, type Delivered } from '../../../src/sync/pages/send-batches.js';
import { startTestEmulator } from '../../support/emulator-harness.js';

/**
 * What content batches hand their caller as they land, to the emulator through the real client: each
 * record saved is the one saved before with the pages landed since, so a store compares those alone;
 * and the bytes of each page sent, from which the next base is made.
 */

const PAGES = 500; // 10 batches of 50
const SPACE = 'space-docs';
let emulator: RunningEmulator;
let api: ApiClient;

beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current' });
  api = new ApiClient({ endpoint: emulator.url, token: 'emulator-admin', logger: silentLogger });
});

afterAll(async () => {
  await api.close();
  await emulator.close();
});

describe('content batches, as they land', () => {
  it('hand out each record as the last one with the pages landed since, and tell each page sent', async () => {
    const changeRequest = (await api.changeRequests.create(SPACE, { subject: 'batch saves' })).id;
    const inserts: PlannedChange[] = Array.from({ length: PAGES }, (_, i) => ({
      kind: 'insert-page',
      ref: `p${i}`,
      path: `p${i}.md`,
      title: `p${i}`,
      slug: `p${i}`,
      parent: null,
      at: i,
    }));
    const bytes = (path: string): Uint8Array => new TextEncoder().encode(`# ${path}\n`);
    const nothing: Delivered = { pages: new Map(), files: new Map() };
    const saved: Delivered[] = [];
    const told: string[] = [];
    const sent = await sendBatches(
      { api: { content: api.content }, artifacts: new NoArtifactStore() },
      {
        spaceId: SPACE,
        changeRequest,
        changes: inserts,
        hashes: new Map(inserts.map((change) => [change.kind === 'insert-page' ? change.path : '', 'h'])),
        fileIds: new Map(),
        delivered: nothing,
        read: (paths) => Readable.from(paths.map((path) => ({ path, bytes: bytes(path) }))),
        sentPage: (path, sentBytes) => {
          expect(sentBytes).toEqual(bytes(path));
          told.push(path);
        },
        afterBatch: (delivered) => {
          saved.push(delivered);
          return Promise.resolve();
        },
        batchesPerSave: 3,
        inFlight: 1,
      },
    );
    expect(sent.batches).toBe(10);
    expect(told.sort()).toEqual(inserts.map((change) => (change.kind === 'insert-page' ? change.path : '')).sort());
    expect(saved.length).toBeGreaterThanOrEqual(4);
    expect([...(saved.at(-1)?.pages.keys() ?? [])]).toHaveLength(PAGES);
    // Each record, saved after the one before, tells the pages landed in between, and no more.
    let before = nothing;
    let counted = 0;
    for (const record of saved) {
      const landed = [...record.pages.keys()].filter((path) => !before.pages.has(path));
      const changed = changedPaths({ reviewersRequested: [], delivered: before }, { reviewersRequested: [], delivered: record });
      expect(changed).toEqual(new Set(landed));
      const told =
        'changedSince' in record.pages && typeof record.pages.changedSince === 'function'
          ? (record.pages.changedSince(before.pages) as Set<string>)
          : undefined;
      expect(told).toEqual(new Set(landed));
      counted += landed.length;
      before = record;
    }
    expect(counted).toBe(PAGES);
  });
});
