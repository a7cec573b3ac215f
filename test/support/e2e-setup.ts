import type { TestProject } from 'vitest/node';
import { buildDist } from './build-dist.js';
import { startRedisServer, type RedisServer } from './redis-server.js';
import { checkMotoServer, ensureChromium, ensureRedisServer } from './system-tools.js';
import './test-environment.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const log = (line: string): void => void process.stderr.write(`${line}\n`);

/**
 * Global setup of the e2e project: everything its tests need from outside is started or installed
 * here, so `npm test` works on a fresh machine right after `npm ci`. A Redis of the run's own on a
 * free port (or DOCSYNC_TEST_REDIS_URL), Debian's chromium (apt-get when root), a check of
 * moto_server, and `dist/` for the tests that spawn the built CLI. A tool that is missing is handed
 * to the tests that need it, which fail with one line saying how to get it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const ownRedis = async (): Promise<RedisServer | undefined> =>
    process.env.DOCSYNC_TEST_REDIS_URL === undefined ? startRedisServer(await ensureRedisServer(log)) : undefined;
  const [redis, rest] = await Promise.allSettled([ownRedis(), Promise.all([ensureChromium(log), checkMotoServer(), buildDist(ROOT, log)])]);
  if (rest.status === 'rejected') {
    if (redis.status === 'fulfilled') await redis.value?.stop();
    throw rest.reason;
  }
  if (redis.status === 'rejected') throw redis.reason;
  const [chromium, motoServer] = rest.value;
  project.provide('redisUrl', redis.value?.url ?? process.env.DOCSYNC_TEST_REDIS_URL ?? '');
  project.provide('chromium', chromium);
  project.provide('motoServer', motoServer);
  return async () => {
    await redis.value?.stop();
  };
}
