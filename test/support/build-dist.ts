import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * Vitest global setup of the integration project: compiles `dist/` once per run, because some
 * tests spawn the real CLI (`node dist/src/cli/main.js worker|daemon`). A failed build fails the run.
 * Set DOCSYNC_TEST_SKIP_BUILD=1 to reuse a `dist/` you just built.
 */
export default function buildDist(): void {
  if (process.env.DOCSYNC_TEST_SKIP_BUILD === '1') return;
  const root = new URL('../../', import.meta.url).pathname;
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const started = Date.now();
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    const output = `${result.stdout}${result.stderr}`.trim() || String(result.error ?? `signal ${result.signal ?? ''}`);
    throw new Error(`Building dist/ for the integration tests failed (tsc -p tsconfig.build.json, exit ${result.status ?? 'none'}):\n${output}`);
  }
  process.stderr.write(`integration setup: built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
