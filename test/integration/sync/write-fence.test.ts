import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { createRuntime } from '../../../src/runtime/create-runtime.js';
import { SupersededError } from '../../../src/sync/errors/superseded-error.js';
import { stateKey, syncSpace, type SyncSpaceOptions } from '../../../src/sync/sync-space.js';
import type { WriteFence } from '../../../src/sync/write-fence.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, exampleWorkspace } from '../../support/sync-harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const EDITED = 'reference/cli.md';

/** One sync of the example docs with `options`; `beforeWrite.run` runs before the docs are read again after `afterReads` reads. */
async function syncWith(dir: string, options: SyncSpaceOptions, beforeWrite?: { afterReads: number; run: () => Promise<void> }) {
  const loaded = configFor(emulator, dir);
  const runtime = await createRuntime(loaded, { logger: silentLogger });
  const space = { ...loaded.config.spaces[0]!, directory: join(dir, 'docs') };
  let prepared = 0;
  const prepare: typeof runtime.syncDeps.prepare = async (target) => {
    prepared += 1;
    if (beforeWrite && prepared === beforeWrite.afterReads + 1) await beforeWrite.run();
    return runtime.syncDeps.prepare(target);
  };
  try {
    const state = runtime.syncDeps.state;
    const result = await syncSpace({ ...runtime.syncDeps, prepare }, space, options).catch((error: unknown) => error);
    return { result, state: await state.get(stateKey('docs')) };
  } finally {
    await runtime.close();
  }
}

function writes(): number {
  return emulator.stats().writes;
}

async function docsyncChangeRequests(): Promise<{ id: string; number: number; status: string }[]> {
  const all: { id: string; number: number; status: string; subject: string }[] = [];
  for (const status of ['draft', 'open', 'merged', 'archived']) {
    all.push(...json((await call(emulator, 'GET', '/v1/spaces/space-docs/change-requests', { query: { status } })).body).items);
  }
  return all.filter((cr) => cr.subject.endsWith('[docsync:docs]'));
}

describe('a sync run by a job that lost its lock', () => {
  it('writes nothing once the fence says another worker owns the job, and leaves no change request to archive', async () => {
    const { dir } = await exampleWorkspace();
    let owned = true;
    const checks: boolean[] = [];
    const fence: WriteFence = {
      check: () => {
        checks.push(owned);
        return owned ? Promise.resolve() : Promise.reject(new SupersededError('lost the lock'));
      },
    };
    // Owned while reading; lost before the first write, as for a worker paused past its lock.
    const reads = emulator.stats().total;
    owned = false;
    const { result, state } = await syncWith(dir, { fence });
    expect(result).toBeInstanceOf(SupersededError);
    expect(emulator.stats().total).toBeGreaterThan(reads); // it did read the live content
    expect(writes()).toBe(0);
    expect(checks).toEqual([false]);
    expect(state?.lastHash).toBeUndefined();
    expect(await docsyncChangeRequests()).toEqual([]);
  });

  it('confirms after its import that it imported the newest docs; if not, it stops before merging and records nothing as synced', async () => {
    const { dir, docs } = await exampleWorkspace();
    const fence: WriteFence = { check: () => Promise.resolve() };
    const page = join(docs, EDITED);
    const before = await readFile(page, 'utf8');
    // The docs change between the read this run imports and the read that confirms it.
    const { result, state } = await syncWith(dir, { fence }, { afterReads: 1, run: () => writeFile(page, `${before}\nA newer edit.\n`) });
    expect(result).toBeInstanceOf(SupersededError);
    expect((result as Error).message).toMatch(/changed while they were imported/);
    const [cr] = await docsyncChangeRequests();
    expect(cr?.status).not.toBe('merged');
    expect(cr?.status).not.toBe('archived');
    expect(state?.lastHash).toBeUndefined();
    expect(state?.changeRequest?.number).toBe(cr?.number);

    // The next run (as the superseded job enqueues it) brings the newest docs into the same change request.
    const next = await syncWith(dir, { fence, compareLive: true });
    expect(next.result).toMatchObject({ outcome: 'updated', changeRequest: { number: cr?.number } });
    expect(next.state?.lastHash).toBe((next.result as { contentHash: string }).contentHash);
  });

  it('with compareLive, a run whose state says "synced" still finds older content live and imports the newest', async () => {
    const { dir, docs } = await exampleWorkspace();
    const first = await syncWith(dir, {});
    const synced = (first.result as { contentHash: string }).contentHash;
    const page = join(docs, EDITED);
    const original = await readFile(page, 'utf8');
    await writeFile(page, `${original}\nNewer.\n`);
    const second = await syncWith(dir, {});
    // Older content lands after the newest (a paused worker's import), and the state still says the newest.
    const stateFile = join(dir, '.docsync', 'state.json');
    const newestState = await readFile(stateFile);
    await writeFile(page, original);
    const stale = await syncWith(dir, { compareLive: true });
    expect((stale.result as { contentHash: string }).contentHash).toBe(synced);
    await writeFile(stateFile, newestState);
    await writeFile(page, `${original}\nNewer.\n`);
    const trusting = await syncWith(dir, {});
    expect(trusting.result).toMatchObject({ outcome: 'skipped' }); // the state says so: no call at all
    const healed = await syncWith(dir, { compareLive: true });
    expect(healed.result).toMatchObject({ outcome: 'updated', contentHash: (second.result as { contentHash: string }).contentHash });
  });
});
