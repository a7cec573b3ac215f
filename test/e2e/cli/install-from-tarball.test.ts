import { spawn } from 'node:child_process';
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FinishedCli } from '../../support/exit-matcher.js';
import { runDocsync } from '../../support/run-docsync.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
afterAll(removeTempDirs);

/**
 * npm as a fresh machine runs it: without the npm_* variables of the npm that started this test
 * run, which carry this project's own .npmrc (engine-strict) into every npm below it.
 */
function npm(args: readonly string[], cwd: string): Promise<FinishedCli> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

describe('the README’s install from a tarball', () => {
  it('installs the packed package into an empty folder, where docsync --version and the demo run', { timeout: 600_000 }, async () => {
    // The package as `npm pack` makes it from the dist/ this run built (its scripts are the build,
    // which the run has done already).
    const packed = await makeTempDir('docsync-pack-');
    const pack = await npm(['pack', '--ignore-scripts', '--pack-destination', packed, '--json'], ROOT);
    expect(pack).toExitWith(0);
    const [{ filename }] = JSON.parse(pack.stdout) as [{ filename: string }];

    const app = await makeTempDir('docsync-installed-');
    expect(await npm(['install', '--no-audit', '--no-fund', '--prefer-offline', join(packed, filename)], app)).toExitWith(0);
    const cli = join(app, 'node_modules', '.bin', 'docsync');

    const version = await runDocsync(['--version'], app, {}, cli);
    expect(version).toExitWith(0);
    const { version: expected } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(version.stdout.trim()).toBe(expected);

    const demo = await runDocsync(['demo'], app, {}, cli);
    expect(demo).toExitWith(0);
    expect(demo.stdout).toMatch(/^merged\s+example-docs\s+27 pages/m);
    expect(demo.stdout).toContain('write calls made by the second sync: 0');
    // The demo leaves nothing in the installed package.
    await expect(access(join(app, 'node_modules', 'docsync', '.docsync'))).rejects.toThrow();
  });
});
