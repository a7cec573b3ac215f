import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UrlDownloader } from '../../../src/http/url-downloader.js';
import { ApiClient } from '../../../src/api/api-client.js';
import { NetworkError } from '../../../src/api/errors/network-error.js';
import { ServerError } from '../../../src/api/errors/server-error.js';
import { HttpArtifactStore } from '../../../src/artifacts/http-artifact-store.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { migrateItem, type MigrateItemDeps } from '../../../src/migrate/migrate-item.js';
import { migrationCache } from '../../../src/runtime/open-migration.js';
import { DEFAULT_SUBJECT, type MigrationItem } from '../../../src/migrate/plan-schema.js';
import { RunLedger } from '../../../src/migrate/run-ledger.js';
import { MemoryStateStore } from '../../../src/state/memory-state-store.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';
import { changeRequestsIn, docsFolder, importsInto, startMigrationEmulator, targetSpace } from '../../support/migrate-support.js';

const downloader = new UrlDownloader({ attempts: 1 });
afterAll(() => downloader.close());

const RUN = 'm-test';
let emulator: RunningEmulator;
let api: ApiClient;
let artifacts: HttpArtifactStore;
let dir: string;

beforeEach(async () => {
  emulator = await startMigrationEmulator(2, { contract: 'seed' });
  api = new ApiClient({ endpoint: emulator.url, token: 'emulator-admin', retry: { maxAttempts: 1 } });
  artifacts = await HttpArtifactStore.start();
  dir = await makeTempDir('docsync-migrate-item-');
});
afterEach(async () => {
  await artifacts.close();
  await api.close();
  await emulator.close();
});
afterAll(removeTempDirs);

function deps(state: MemoryStateStore): MigrateItemDeps {
  return { api, artifacts, ledger: new RunLedger(state, RUN), sources: migrationCache(dir, downloader.download), logger: silentLogger };
}

async function item(mode: MigrationItem['mode'], merge: boolean): Promise<MigrationItem> {
  return {
    id: 'handbook',
    space: targetSpace(0),
    source: { kind: 'folder', path: await docsFolder(dir, 'handbook', 3) },
    mode,
    merge,
    subject: DEFAULT_SUBJECT,
  };
}

/** The call runs on the server, then the answer is lost: what a crash or a dropped connection looks like. */
function loseAnswerOnce<T extends object>(target: T, method: keyof T): { lost: number } {
  const original = target[method] as (...args: unknown[]) => Promise<unknown>;
  const seen = { lost: 0 };
  (target as Record<keyof T, unknown>)[method] = async (...args: unknown[]) => {
    if (seen.lost > 0) return original.apply(target, args);
    await original.apply(target, args);
    seen.lost += 1;
    throw new NetworkError({ method: 'POST', path: String(method), origin: emulator.url, errno: 'ECONNRESET' });
  };
  return seen;
}

describe('migrateItem, repeated after an attempt died mid-item', () => {
  it('finds the change request it created by marker instead of opening a second one', async () => {
    const state = new MemoryStateStore();
    const lost = loseAnswerOnce(api.changeRequests, 'create');
    const spec = await item('change-request', false);
    await expect(migrateItem(deps(state), RUN, spec)).rejects.toThrow(NetworkError);
    expect(lost.lost).toBe(1);
    expect((await new RunLedger(state, RUN).get('handbook'))?.creatingChangeRequest).toBe(true);
    const result = await migrateItem(deps(state), RUN, spec);
    expect(result).toMatchObject({ status: 'done', attempts: 2, verification: { ok: true } });
    expect(result.changeRequest?.number).toBe(1);
    expect(changeRequestsIn(emulator, targetSpace(0))).toBe(1);
    expect(importsInto(emulator, targetSpace(0))).toBe(1);
  });

  it('does not import again when the import it sent had landed', async () => {
    const original = api.content.import.bind(api.content);
    for (const mode of ['change-request', 'direct'] as const) {
      emulator.reset();
      api.content.import = original;
      const state = new MemoryStateStore();
      const lost = loseAnswerOnce(api.content, 'import');
      const spec = await item(mode, false);
      await expect(migrateItem(deps(state), RUN, spec)).rejects.toThrow(NetworkError);
      expect(lost.lost).toBe(1);
      expect(importsInto(emulator, targetSpace(0))).toBe(1);
      const result = await migrateItem(deps(state), RUN, spec);
      expect(result).toMatchObject({ status: 'done', importRecovered: true, verification: { ok: true, expected: { pages: 4 } } });
      expect(importsInto(emulator, targetSpace(0))).toBe(1);
    }
  });

  it('imports when the import never reached the server', async () => {
    const state = new MemoryStateStore();
    const original = api.content.import.bind(api.content);
    let failures = 0;
    api.content.import = async (...args) => {
      if (failures++ === 0) throw new NetworkError({ method: 'POST', path: 'import', origin: emulator.url, errno: 'ECONNREFUSED' });
      return original(...args);
    };
    const spec = await item('change-request', true);
    await expect(migrateItem(deps(state), RUN, spec)).rejects.toThrow(NetworkError);
    expect(importsInto(emulator, targetSpace(0))).toBe(0);
    const result = await migrateItem(deps(state), RUN, spec);
    expect(result).toMatchObject({ status: 'done', outcome: 'merged', imported: { importedResources: 4 } });
    expect(importsInto(emulator, targetSpace(0))).toBe(1);
  });

  it('treats a merge whose answer was lost as merged, and a done item as done', async () => {
    const state = new MemoryStateStore();
    loseAnswerOnce(api.changeRequests, 'merge');
    const spec = await item('change-request', true);
    await expect(migrateItem(deps(state), RUN, spec)).rejects.toThrow(NetworkError);
    const result = await migrateItem(deps(state), RUN, spec);
    expect(result).toMatchObject({ status: 'done', outcome: 'merged', importRecovered: true, verification: { ok: true } });
    const before = emulator.stats().total;
    expect(await migrateItem(deps(state), RUN, spec)).toEqual(result);
    expect(emulator.stats().total).toBe(before);
    expect(importsInto(emulator, targetSpace(0))).toBe(1);
  });

  it('fails verification with a diff summary when the target does not hold what was sent', async () => {
    const state = new MemoryStateStore();
    const original = api.content.listPages.bind(api.content);
    api.content.listPages = async (...args) => (await original(...args)).filter((page) => page.title !== 'Guides');
    const spec = await item('direct', false);
    await expect(migrateItem(deps(state), RUN, spec)).rejects.toThrow(
      /verification failed: expected 4 pages, found 1; missing guides\/page-0\.md, guides\/page-1\.md, guides\/page-2\.md/,
    );
    const record = await new RunLedger(state, RUN).get('handbook');
    expect(record).toMatchObject({
      status: 'failed',
      result: { status: 'failed', verification: { ok: false, diff: { missing: ['guides/page-0.md', 'guides/page-1.md', 'guides/page-2.md'] } } },
    });
  });

  it('starts a failed item over on the next run: a new import, into a new change request when the old one was merged', async () => {
    const state = new MemoryStateStore();
    const original = api.content.listPages.bind(api.content);
    api.content.listPages = () => Promise.resolve([]);
    const spec = await item('change-request', true);
    await expect(migrateItem(deps(state), RUN, spec)).rejects.toThrow(/verification failed/);
    expect((await new RunLedger(state, RUN).get('handbook'))?.status).toBe('failed');
    api.content.listPages = original;
    // The next go's first attempt fails before it learns anything; the one after must still not
    // take the merged change request of the failed go for its own.
    const get = api.changeRequests.get.bind(api.changeRequests);
    api.changeRequests.get = () => Promise.reject(new ServerError({ method: 'GET', path: '/x', status: 503 }));
    await expect(migrateItem(deps(state), RUN, spec)).rejects.toThrow(ServerError);
    api.changeRequests.get = get;
    const result = await migrateItem(deps(state), RUN, spec);
    expect(result).toMatchObject({ status: 'done', outcome: 'merged', changeRequest: { number: 2 }, imported: { importedResources: 4 }, attempts: 3 });
    expect(changeRequestsIn(emulator, targetSpace(0))).toBe(2);
    expect(importsInto(emulator, targetSpace(0))).toBe(2);
  });
});
