import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { startOpsServer, type OpsServer } from '../../../src/daemon/ops-server.js';
import type { Logger } from '../../../src/logging/logger.js';
import { Metrics } from '../../../src/observability/metrics.js';
import { CLI } from '../../support/daemon-harness.js';

/** Servers of docsync listening beyond this machine say so at start. */

function warnings(): Logger & { warned: string[] } {
  const warned: string[] = [];
  const ignore = (): void => undefined;
  return { warned, debug: ignore, info: ignore, error: ignore, warn: (_fields: object, message?: string) => void warned.push(message ?? '') };
}

let ops: OpsServer | undefined;
afterEach(async () => {
  await ops?.close();
  ops = undefined;
});

describe('the ops server', () => {
  it('warns that /metrics and /readyz are unauthenticated when http.listen is 0.0.0.0, and not on loopback', async () => {
    const options = { metrics: new Metrics(), readiness: () => Promise.resolve({ redis: true, api: true }), queues: [], dashboard: undefined };
    const open = warnings();
    ops = await startOpsServer({ ...options, listen: '0.0.0.0:0', logger: open });
    expect(open.warned).toEqual([
      expect.stringContaining('http.listen 0.0.0.0:0 is reachable beyond this machine: /metrics and /readyz answer without authentication'),
    ]);
    await ops.close();
    const loopback = warnings();
    ops = await startOpsServer({ ...options, listen: '127.0.0.1:0', logger: loopback });
    expect(loopback.warned).toEqual([]);
  });
});

describe('docsync emulator --host 0.0.0.0', () => {
  it('warns on standard error that its fixed admin token is exposed', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, [CLI, 'emulator', '--host', '0.0.0.0', '--port', '0'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DOCSYNC_LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    // The warning goes to its own pipe: read until it is whole, or the process ends.
    const warned = new Promise<void>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('\n')) resolve();
      });
      child.once('close', () => resolve());
    });
    try {
      for await (const chunk of child.stdout) {
        stdout += (chunk as Buffer).toString();
        if (stdout.includes('admin token')) break;
      }
      expect(stdout).toContain('docsync emulator listening on');
      await warned;
      expect(stderr).toContain('docsync emulator: warning: the emulator listens on 0.0.0.0:');
      expect(stderr).toContain('fixed admin token "emulator-admin"');
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'close');
    }
  });
});
