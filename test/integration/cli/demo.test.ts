import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from '../../support/daemon-harness.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

/** `docsync demo`, as the README's first command runs it: no account, no Redis, no configuration. */
function demo(cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'demo'], { cwd, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('docsync demo', () => {
  it('syncs the bundled example into the built-in emulator, shows the pages, and a second sync writes nothing', async () => {
    const run = await demo(await makeTempDir('docsync-demo-'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^merged\s+example-docs\s+27 pages/m);
    expect(run.stdout).toMatch(/What the space now holds: 27 pages in \d+ groups?/);
    expect(run.stdout).toContain('Quickstart');
    expect(run.stdout).toMatch(/^skipped\s+example-docs\s+27 pages/m);
    expect(run.stdout).toContain('write calls made by the second sync: 0');
  });
});
