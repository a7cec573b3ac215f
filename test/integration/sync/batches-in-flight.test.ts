import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/api-client.js';
import { RateBudget } from '../../../src/api/rate-budget.js';
import { NoArtifactStore } from '../../../src/artifacts/no-artifact-store.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { silentLogger } from '../../../src/logging/logger.js';
import type { PlannedChange } from '../../../src/sync/pages/page-plan.js';
import { sendBatches, type Delivered } from '../../../src/sync/pages/send-batches.js';
import { startTestEmulator } from '../../support/emulator-harness.js';

/**
 * Content batches that do not depend on each other go side by side, as many as the API's rate limit
 * leaves in its window (up to 16), and 4 while the API has said nothing of it. The batches go to the
 * emulator through the real client; what is counted is how many calls were in flight at once.
 */

const PAGES = 1000; // 20 batches of 50: more than the most that go side by side
const SPACE = 'space-docs';
let emulator: RunningEmulator;
let api: ApiClient;
let changeRequest: string;
let live: Delivered;

const markdown = (path: string, version: number): Uint8Array => new TextEncoder().encode(`# ${path} v${version}\n`);

/** Sends the changes with `applyChanges` counted; returns the most calls in flight at once. */
async function send(changes: readonly PlannedChange[], version: number, budget?: RateBudget): Promise<{ peak: number; delivered: Delivered }> {
  let inFlight = 0;
  let peak = 0;
  const content = {
    applyChanges: async (...args: Parameters<ApiClient['content']['applyChanges']>) => {
      peak = Math.max(peak, ++inFlight);
      try {
        return await api.content.applyChanges(...args);
      } finally {
        inFlight -= 1;
      }
    },
  };
  const sent = await sendBatches(
    { api: { content, rateBudget: budget }, artifacts: new NoArtifactStore() },
    {
      spaceId: SPACE,
      changeRequest,
      changes,
      hashes: new Map(),
      fileIds: new Map(),
      delivered: live,
      read: (paths) => Readable.from(paths.map((path) => ({ path, bytes: markdown(path, version) }))),
      afterBatch: () => Promise.resolve(),
    },
  );
  return { peak, delivered: sent.delivered };
}

/** A budget that has read these rate-limit headers, on a clock that stands still inside the window. */
function budgetWith(remaining: number): RateBudget {
  const budget = new RateBudget({ clock: { now: () => 0, sleep: () => Promise.resolve() } });
  budget.observe({ 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': '60' });
  return budget;
}

const rewrites = (): PlannedChange[] => [...live.pages].map(([path, page]) => ({ kind: 'update-page', id: page.id, path, document: true }));

/** Titles of the pages the test inserted, in the change request's order (the space holds others). */
async function pageTitles(): Promise<string[]> {
  const ours = new Set([...live.pages.values()].map((page) => page.id));
  const revision = await api.content.getRevision({ spaceId: SPACE, changeRequest });
  return revision.pages.filter((page) => ours.has(page.id)).map((page) => page.title);
}

beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current' });
  api = new ApiClient({ endpoint: emulator.url, token: 'emulator-admin', logger: silentLogger });
  changeRequest = (await api.changeRequests.create(SPACE, { subject: 'batches in flight' })).id;
  live = { pages: new Map([]), files: new Map([]) };
  // Inserts at the root share a parent: they go one batch at a time, in order.
  const inserts: PlannedChange[] = Array.from({ length: PAGES }, (_, i) => ({
    kind: 'insert-page',
    ref: `p${i}`,
    path: `p${i}.md`,
    title: `p${i}`,
    slug: `p${i}`,
    parent: null,
    at: i,
  }));
  const { peak, delivered } = await send(inserts, 1, budgetWith(100));
  expect(peak).toBe(1);
  live = delivered;
});

afterAll(async () => {
  await api.close();
  await emulator.close();
});

describe('content batches in flight', () => {
  it('are as many as the rate limit leaves in its window, up to 16', async () => {
    expect((await send(rewrites(), 2, budgetWith(60))).peak).toBe(16);
    expect((await send(rewrites(), 3, budgetWith(3))).peak).toBe(3);
    expect((await send(rewrites(), 4, budgetWith(0))).peak).toBe(1);
    const titles = await pageTitles();
    expect(titles).toHaveLength(PAGES);
    expect(titles.every((title, i) => title === `p${i}.md v4`)).toBe(true);
  });

  it('are 4 while the API has sent no rate-limit headers', async () => {
    expect((await send(rewrites(), 5)).peak).toBe(4);
    expect((await send(rewrites(), 6, new RateBudget())).peak).toBe(4);
    const titles = await pageTitles();
    expect(titles).toHaveLength(PAGES);
    expect(titles.every((title, i) => title === `p${i}.md v6`)).toBe(true);
  });
});
