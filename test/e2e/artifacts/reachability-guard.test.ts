import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { EXIT } from '../../../src/failure/exit-codes.js';
import { killCli, spawnCli, uniquePrefix, type CliProcess } from '../../support/daemon-harness.js';
import { exampleWorkspace } from '../../support/sync-harness.js';
import { testRedisUrl } from '../../support/test-environment.js';

/**
 * A public API host that does not resolve: had the guard let a command through, its first API call
 * would fail with exit 5 (unavailable), not exit 2.
 */
const PUBLIC_API = 'https://api.docsync-guard.example';

let running: CliProcess | undefined;
afterEach(() => killCli(running));

async function workspace(extra: Record<string, unknown> = {}): Promise<string> {
  const { dir } = await exampleWorkspace();
  const config = {
    api: { endpoint: PUBLIC_API, token: 'gb_api_guard_test_token' },
    spaces: [{ name: 'docs', directory: 'docs', spaceId: 'space-docs' }],
    ...extra,
  };
  await writeFile(join(dir, 'docsync.yaml'), stringify(config));
  return dir;
}

async function run(args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
  running = spawnCli(args, cwd);
  const { code } = await running.exited;
  return { code, stderr: running.stderr() };
}

function expectRefusal(result: { code: number | null; stderr: string }): void {
  expect(result.code).toBe(EXIT.config);
  expect(result.stderr).toContain(`The API at ${PUBLIC_API} cannot fetch bundles from the embedded bundle server (artifacts.store: http) at http://127.0.0.1:`);
  expect(result.stderr).toContain('artifacts.store: s3');
  expect(result.stderr).toContain('artifacts.publicUrl');
}

describe('the unreachable-bundle-URL guard, through the CLI', () => {
  it('stops sync --once and its --dry-run with exit 2 before any API call', async () => {
    const dir = await workspace();
    expectRefusal(await run(['sync', '--once', '-c', 'docsync.yaml'], dir));
    expectRefusal(await run(['sync', '--once', '--dry-run', '-c', 'docsync.yaml'], dir));
  });

  it('stops migrate (and its --dry-run) at start-up when the plan has items docsync bundles', async () => {
    const dir = await workspace();
    await writeFile(join(dir, 'plan.yaml'), stringify({ items: [{ source: './docs', space: 'space-docs' }] }));
    expectRefusal(await run(['migrate', 'plan.yaml', '-c', 'docsync.yaml'], dir));
    expectRefusal(await run(['migrate', 'plan.yaml', '--dry-run', '-c', 'docsync.yaml'], dir));
  });

  it('stops a worker at start-up', async () => {
    const dir = await workspace({ redis: { url: testRedisUrl(), prefix: uniquePrefix('guard') } });
    expectRefusal(await run(['worker', '-c', 'docsync.yaml'], dir));
  });
});
