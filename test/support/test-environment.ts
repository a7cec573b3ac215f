import { inject } from 'vitest';

/** Whether an outside program a test needs is here: its path, or one line saying how to get it. */
export type ToolStatus = { found: true; path: string } | { found: false; problem: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's own redis-server (or DOCSYNC_TEST_REDIS_URL), started by the global setup. */
    redisUrl: string;
    chromium: ToolStatus;
    motoServer: ToolStatus;
  }
}

const notProvided = (what: string): Error =>
  new Error(
    `${what} is provided by the global setup of the integration and e2e projects (test/support/integration-setup.ts, e2e-setup.ts): run the test under test/integration/ or test/e2e/`,
  );

/** The Redis every integration (or e2e) test shares; tests only ever touch keys under their own prefix. */
export function testRedisUrl(): string {
  const url = inject('redisUrl') as string | undefined;
  if (url === undefined) throw notProvided('Redis');
  return url;
}

function required(name: string, status: ToolStatus | undefined): string {
  if (status === undefined) throw notProvided(name);
  if (!status.found) throw new Error(status.problem);
  return status.path;
}

/** Debian's chromium, for the dashboard test; a missing one fails the test with how to get it. */
export const chromiumPath = (): string => required('chromium', inject('chromium'));

/** `moto_server` (S3 on loopback); a missing one fails the test with how to get it. */
export const motoServerPath = (): string => required('moto_server', inject('motoServer'));
