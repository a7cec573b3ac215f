import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { EXIT } from '../../../src/failure/exit-codes.js';
import { killCli, sleep, spawnCli, uniquePrefix, writeDaemonConfig, type CliProcess } from '../../support/daemon-harness.js';
import type { FinishedCli } from '../../support/exit-matcher.js';
import { startRedisServer, type RedisServer } from '../../support/redis-server.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { exampleWorkspace } from '../../support/sync-harness.js';

/**
 * A Redis that wants a password docsync does not have (none, or a wrong one): every role says Redis
 * refused the password and stops with the credentials exit code, the long-lived ones included,
 * instead of retrying as if Redis were away. The password never reaches the output.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const PASSWORD = 'right-horse-battery-staple';
const WRONG = 'wrong-password-4242';

async function guardedRedis(): Promise<RedisServer> {
  const redis = await startRedisServer('redis-server', ['--requirepass', PASSWORD]);
  cleanups.push(() => redis.stop());
  return redis;
}

async function workspace(): Promise<{ emulator: RunningEmulator; dir: string }> {
  const emulator = await startTestEmulator({ contract: 'seed' });
  cleanups.push(() => emulator.close());
  const { dir } = await exampleWorkspace();
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return { emulator, dir };
}

function spawn(args: readonly string[], cwd: string): CliProcess {
  const cli = spawnCli(args, cwd);
  cleanups.push(() => killCli(cli));
  return cli;
}

/** How `cli` ended, or a failure naming what it printed if it still runs after `withinMs`. */
async function exitWithin(cli: CliProcess, withinMs: number): Promise<FinishedCli> {
  const result = await Promise.race([cli.finished, sleep(withinMs).then(() => undefined)]);
  if (result === undefined) throw new Error(`still running ${withinMs} ms later; its log ends:\n${cli.stderr().slice(-2_000)}`);
  return result;
}

describe('Redis refuses the password', () => {
  it.each([
    ['daemon', 'a wrong password', `:${WRONG}@`, 'WRONGPASS'],
    ['worker', 'a wrong password', `:${WRONG}@`, 'WRONGPASS'],
    ['worker', 'no password', '', 'NOAUTH'],
    ['status', 'a wrong password', `:${WRONG}@`, 'WRONGPASS'],
  ])('docsync %s with %s: "Redis refused the password", exit 3', async (role, _what, credentials, code) => {
    const redis = await guardedRedis();
    const { emulator, dir } = await workspace();
    const redisUrl = redis.url.replace('redis://', `redis://${credentials}`);
    const file = await writeDaemonConfig(emulator, dir, { redisUrl, prefix: uniquePrefix(`auth-${role}`) });

    const cli = spawn([role, '-c', file], dir);
    const ended = await exitWithin(cli, 30_000);
    expect(ended).toExitWith(EXIT.auth);
    const output = ended.stdout + ended.stderr;
    expect(output).toContain(`Redis at redis://127.0.0.1:${redis.port} refused the password (${code}`);
    expect(output).not.toContain(WRONG);
  });
});
