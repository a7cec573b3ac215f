import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runDocsync } from '../../support/run-docsync.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A copy of the built package (dist/ and package.json, with the project's node_modules, examples and config) that a test may rebuild. */
async function builtCopy(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'docsync-rebuild-'));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  for (const part of ['src', 'workers', 'scripts', 'bin']) await cp(join(ROOT, 'dist', part), join(root, 'dist', part), { recursive: true });
  await cp(join(ROOT, 'package.json'), join(root, 'package.json'));
  for (const shared of ['node_modules', 'examples', 'config']) await symlink(join(ROOT, shared), join(root, shared));
  return root;
}

describe('rebuilding the CLI bundle', () => {
  it('never leaves a CLI started meanwhile without a chunk it loads', async () => {
    const root = await builtCopy();
    const bundling = spawn(process.execPath, [join(root, 'dist', 'scripts', 'bundle-cli.js')], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    let bundleErrors = '';
    bundling.stderr.on('data', (chunk: Buffer) => (bundleErrors += chunk.toString()));
    const bundled = new Promise<number | null>((resolve) => bundling.once('close', resolve));
    let runs = 0;
    // `config-schema` loads a chunk of its own, as every command's lazy part does.
    while (bundling.exitCode === null || runs === 0) {
      const run = await runDocsync(['config-schema'], root, {}, join(root, 'dist', 'bin', 'docsync.js'));
      expect(run).toExitWith(0);
      runs += 1;
    }
    expect(await bundled, bundleErrors).toBe(0);
  });
});
