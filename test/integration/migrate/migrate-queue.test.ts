import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { UrlDownloader } from '../../../src/http/url-downloader.js';
import { ApiClient } from '../../../src/api/api-client.js';
import { HttpArtifactStore } from '../../../src/artifacts/http-artifact-store.js';
import { migrateAction } from '../../../src/cli/commands/migrate-command.js';
import { EXIT } from '../../../src/failure/exit-codes.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { migrateItemProcessor } from '../../../src/migrate/migrate-item-processor.js';
import type { MigrationReport } from '../../../src/migrate/migration-report.js';
import { migrationCache } from '../../../src/runtime/open-migration.js';
import { BullmqConsumer } from '../../../src/queue/bullmq-consumer.js';
import { createRedisConnection, type Redis } from '../../../src/redis/redis-connection.js';
import { RedisStateStore } from '../../../src/state/redis-state-store.js';
import { deleteKeys, uniquePrefix } from '../../support/daemon-harness.js';
import { testRedisUrl } from '../../support/test-environment.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';
import { docsFolder, docsZip, importsInto, startMigrationEmulator, targetSpace } from '../../support/migrate-support.js';
import { startByteServer } from '../../support/byte-server.js';
import { JOBS } from '../../../src/jobs/job-kinds.js';

const downloader = new UrlDownloader({ attempts: 1 });
afterAll(() => downloader.close());

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});
afterAll(removeTempDirs);

/** Workers in this process, as `docsync worker` runs them: the migrate-item processor on BullMQ. */
async function startWorkers(emulator: RunningEmulator, prefix: string, baseDir: string): Promise<void> {
  const connections: Redis[] = [];
  const connect = (): Redis => {
    const redis = createRedisConnection(testRedisUrl(), 'worker', silentLogger);
    connections.push(redis);
    return redis;
  };
  const api = new ApiClient({ endpoint: emulator.url, token: 'emulator-admin' });
  const artifacts = await HttpArtifactStore.start();
  const state = new RedisStateStore(connect(), prefix);
  const processor = migrateItemProcessor({ api, artifacts, state, sources: migrationCache(baseDir, downloader.download) });
  const consumer = new BullmqConsumer(JOBS, { 'migrate-item': processor }, connect, silentLogger, { prefix, concurrency: 4, lockDurationMs: 5_000 });
  closers.push(async () => {
    await consumer.close(5_000);
    await artifacts.close();
    await api.close();
    for (const redis of connections) redis.disconnect();
    await deleteKeys(testRedisUrl(), prefix);
  });
}

describe('docsync migrate --queue', () => {
  it('enqueues one migrate-item job per item for the workers, and reports from the shared ledger', async () => {
    const emulator: RunningEmulator = await startMigrationEmulator(6, { contract: 'seed' });
    closers.push(() => emulator.close());
    const dir = await makeTempDir('docsync-migrate-queue-');
    const prefix = uniquePrefix('migrate');
    await startWorkers(emulator, prefix, dir);
    const items = [];
    for (let i = 0; i < 5; i++) {
      await docsFolder(dir, `docs-${i}`, 2);
      items.push({ source: `./docs-${i}`, space: targetSpace(i), merge: true });
    }
    items.push({ id: 'bad', source: './docs-0', space: 'no-such-space' });
    const plan = path.join(dir, 'plan.yaml');
    await writeFile(plan, stringify({ items }));
    const config = path.join(dir, 'docsync.yaml');
    await writeFile(
      config,
      stringify({ api: { endpoint: emulator.url, token: 'emulator-admin' }, redis: { url: testRedisUrl(), prefix }, state: { backend: 'redis' } }),
    );

    const out: string[] = [];
    const io = { stdout: { write: (t: string) => out.push(t), isTTY: false }, stderr: { write: () => true }, env: {}, logger: silentLogger };
    const code = await migrateAction(plan, { queue: true, config, json: true }, io);
    expect(code).toBe(EXIT.failed);
    const report = JSON.parse(out.join('')) as MigrationReport;
    expect(report.totals).toMatchObject({ items: 6, done: 5, failed: 1, verified: 5 });
    const bad = report.items.find((item) => item.id === 'bad');
    expect(bad?.status === 'failed' ? bad.error?.message : undefined).toMatch(/target space "no-such-space" was not found/);
    for (let i = 0; i < 5; i++) expect(importsInto(emulator, targetSpace(i))).toBe(1);

    // Running the plan again finds everything done in the ledger and enqueues only the failed item.
    const again: string[] = [];
    const code2 = await migrateAction(plan, { queue: true, config, json: true }, { ...io, stdout: { write: (t: string) => again.push(t), isTTY: false } });
    expect(code2).toBe(EXIT.failed);
    const second = JSON.parse(again.join('')) as MigrationReport;
    expect(second.totals).toMatchObject({ done: 5, skipped: 5, failed: 1 });
    for (let i = 0; i < 5; i++) expect(importsInto(emulator, targetSpace(i))).toBe(1);
  });

  it('keeps no signed query of a source in Redis: the worker reads it back from the plan', async () => {
    const emulator: RunningEmulator = await startMigrationEmulator(1, { contract: 'seed' });
    closers.push(() => emulator.close());
    const bytes = await startByteServer();
    closers.push(() => bytes.close());
    const SIGNATURE = 'a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4';
    const query = `?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=${SIGNATURE}`;
    bytes.set(`/guide.zip${query}`, docsZip('guide', 2), 'application/zip');
    const dir = await makeTempDir('docsync-migrate-queue-sealed-');
    const prefix = uniquePrefix('migrate-sealed');
    await startWorkers(emulator, prefix, dir);
    const plan = path.join(dir, 'plan.yaml');
    await writeFile(plan, stringify({ items: [{ id: 'guide', source: bytes.url(`/guide.zip${query}`), space: targetSpace(0), mode: 'direct' }] }));
    const config = path.join(dir, 'docsync.yaml');
    await writeFile(
      config,
      stringify({ api: { endpoint: emulator.url, token: 'emulator-admin' }, redis: { url: testRedisUrl(), prefix }, state: { backend: 'redis' } }),
    );
    const out: string[] = [];
    const io = { stdout: { write: (t: string) => out.push(t), isTTY: false }, stderr: { write: () => true }, env: {}, logger: silentLogger };
    expect(await migrateAction(plan, { queue: true, config, json: true }, io)).toBe(EXIT.ok);
    expect(importsInto(emulator, targetSpace(0))).toBe(1);

    // Every value under the run's prefix: jobs (kept after completion), the ledger, the state.
    const redis = createRedisConnection(testRedisUrl(), 'worker', silentLogger);
    try {
      const stored: string[] = [];
      for (const key of await redis.keys(`${prefix}*`)) {
        const type = await redis.type(key);
        if (type === 'hash') stored.push(JSON.stringify(await redis.hgetall(key)));
        else if (type === 'string') stored.push((await redis.get(key)) ?? '');
        else if (type === 'list') stored.push(JSON.stringify(await redis.lrange(key, 0, -1)));
        else if (type === 'zset') stored.push(JSON.stringify(await redis.zrange(key, 0, -1)));
      }
      expect(stored.join('\n')).toContain('guide');
      expect(stored.join('\n')).not.toContain(SIGNATURE);
    } finally {
      redis.disconnect();
    }
  });
});
