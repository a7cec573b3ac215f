import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/failure/exit-codes.js';
import { CLI } from '../../support/daemon-harness.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { freePort } from '../../support/free-port.js';
import { exampleWorkspace } from '../../support/sync-harness.js';

/**
 * The API echoes the signed bundle URL in its error (the emulator cannot fetch a bundle whose
 * public URL points at a closed port): the URL's signature reaches none of what docsync writes.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: readonly string[], cwd: string, env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, [CLI, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('a signed bundle URL echoed by the API', () => {
  it('is cut from the logs, the summary, the step summary and the JSON report', async () => {
    const emulator = await startTestEmulator({ contract: 'seed' });
    cleanups.push(() => emulator.close());
    const { dir } = await exampleWorkspace();
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const closed = await freePort();
    await writeFile(
      join(dir, 'docsync.yaml'),
      stringify({
        api: { endpoint: emulator.url, token: 'emulator-admin' },
        artifacts: { publicUrl: `http://127.0.0.1:${closed}/bundles` },
        spaces: [{ name: 'docs', directory: 'docs', spaceId: 'space-docs', mode: 'direct' }],
      }),
    );
    const stepSummary = join(dir, 'step-summary.md');
    await writeFile(stepSummary, '');
    const env = { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: stepSummary, DOCSYNC_LOG_FORMAT: 'json', DOCSYNC_LOG_LEVEL: 'debug' };

    const human = await run(['sync', '--once', '--summary-file', 'summary.md'], dir, env);
    const json = await run(['sync', '--once', '--json'], dir, env);
    expect(human).toExitWith(EXIT.api);
    expect(json).toExitWith(EXIT.api);

    const written = [
      human.stdout,
      human.stderr,
      json.stdout,
      json.stderr,
      await readFile(stepSummary, 'utf8'),
      await readFile(join(dir, 'summary.md'), 'utf8'),
    ];
    // The emulator did echo it: its answer names the bundle URL, which arrives without its query.
    const bundleUrl = new RegExp(`http://127\\.0\\.0\\.1:${closed}/bundles/artifacts/[0-9a-f]{32}/docs\\.zip\\?\\[redacted\\]`);
    expect(json.stdout).toMatch(bundleUrl);
    expect(human.stdout + human.stderr).toMatch(bundleUrl);
    for (const text of written) {
      expect(text).not.toMatch(/signature=(?!\[redacted\])/);
      expect(text).not.toMatch(/expires=\d+&/);
    }
  });
});
