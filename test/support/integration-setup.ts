import type { TestProject } from 'vitest/node';
import { startRedisServer } from './redis-server.js';
import { ensureRedisServer } from './system-tools.js';
import './test-environment.js';

const log = (line: string): void => void process.stderr.write(`${line}\n`);

/**
 * Global setup of the integration project: a Redis of the run's own on a free port (or
 * DOCSYNC_TEST_REDIS_URL). Nothing else: integration tests run docsync in-process, so they need
 * neither `dist/` nor chromium nor moto_server (those are the e2e project's).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const redis = process.env.DOCSYNC_TEST_REDIS_URL === undefined ? await startRedisServer(await ensureRedisServer(log)) : undefined;
  project.provide('redisUrl', redis?.url ?? process.env.DOCSYNC_TEST_REDIS_URL ?? '');
  return async () => {
    await redis?.stop();
  };
}
