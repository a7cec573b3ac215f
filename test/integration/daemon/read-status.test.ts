import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedConfig } from '../../../src/config/load-config.js';
import { formatStatus, readStatus } from '../../../src/daemon/read-status.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { RedisUnavailableError } from '../../../src/failure/redis-unavailable-error.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { deleteKeys, uniquePrefix } from '../../support/daemon-harness.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { freePort } from '../../support/free-port.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';
import { testRedisUrl } from '../../support/test-environment.js';

/** `docsync status` after a one-shot sync, which keeps its state in the file (`state.backend` unset). */
let emulator: RunningEmulator;
let dir: string;
const prefixes: string[] = [];

beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current' });
  ({ dir } = await exampleWorkspace());
  const report = await syncOnce(configFor(emulator, dir));
  expect(report.failures).toEqual([]);
});
afterAll(async () => {
  await emulator.close();
  for (const prefix of prefixes) await deleteKeys(testRedisUrl(), prefix);
});

const withRedis = (url: string, state: Record<string, unknown> = {}): LoadedConfig => {
  const prefix = uniquePrefix('status');
  prefixes.push(prefix);
  return configFor(emulator, dir, {}, { redis: { url, prefix }, state });
};
const nobodyListening = async (): Promise<string> => `redis://127.0.0.1:${await freePort()}`;

describe('docsync status reads the file state', () => {
  it('with no Redis reachable: lists the synced target, says queues are not shown and why', async () => {
    const url = await nobodyListening();
    const status = await readStatus(withRedis(url), silentLogger);
    expect(status.targets.map((t) => t.key)).toEqual(['space:docs']);
    expect(status.targets[0]?.state.syncedAt).toEqual(expect.any(String));
    // Records by page are counted (through the views of the state file's records), never listed.
    expect(status.targets[0]?.state.delivered?.pages).toBeGreaterThan(20);
    expect(status.redisUnreachable).toBe(url);
    expect(status.queues).toEqual({});
    const text = formatStatus(status);
    expect(text).toContain(`queues and failures: not shown, Redis at ${url} is unreachable; targets from the state file`);
    expect(text).toMatch(/^ {2}space:docs +last sync \d{4}-/m);
    expect(text).not.toContain('(none synced yet)');
  });

  it('with Redis reachable: shows the file’s target beside the queues', async () => {
    const status = await readStatus(withRedis(testRedisUrl()), silentLogger);
    expect(status.redisUnreachable).toBeUndefined();
    expect(Object.keys(status.queues)).toContain('space-sync');
    expect(status.targets.map((t) => t.key)).toEqual(['space:docs']);
  });

  it('with `state.backend: redis` and no Redis: fails naming Redis, as the state lives there', async () => {
    const error = await readStatus(withRedis(await nobodyListening(), { backend: 'redis' }), silentLogger).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedisUnavailableError);
  });

  it('with no Redis and no state file: fails naming Redis, as there is nothing to show', async () => {
    const { dir: fresh } = await exampleWorkspace();
    const error = await readStatus(configFor(emulator, fresh, {}, { redis: { url: await nobodyListening() } }), silentLogger).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RedisUnavailableError);
  });
});
