import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * Compiles `dist/` once per run, because some tests spawn the real CLI (`node dist/src/cli/main.js
 * worker|daemon`). A failed build fails the run. Set DOCSYNC_TEST_SKIP_BUILD=1 to reuse a `dist/`
 * you just built.
 */
export async function buildDist(root: string, log: (line: string) => void): Promise<void> {
  if (process.env.DOCSYNC_TEST_SKIP_BUILD === '1') return;
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const started = Date.now();
  const child = spawn(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`Building dist/ for the integration tests failed (tsc -p tsconfig.build.json, exit ${code ?? 'none'}):\n${output.trim()}`);
  log(`test setup: built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
