import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * Builds `dist/` once per run as `npm run build` does (compile, then bundle the CLI), because some
 * tests spawn the real CLI (`node dist/bin/docsync.js worker|daemon`). A failed build fails the run.
 * Set DOCSYNC_TEST_SKIP_BUILD=1 to reuse a `dist/` you just built.
 */
export async function buildDist(root: string, log: (line: string) => void): Promise<void> {
  if (process.env.DOCSYNC_TEST_SKIP_BUILD === '1') return;
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const started = Date.now();
  await run([tsc, '-p', 'tsconfig.build.json'], root, 'tsc -p tsconfig.build.json');
  await run(['dist/scripts/bundle-cli.js'], root, 'node dist/scripts/bundle-cli.js');
  log(`test setup: built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function run(args: string[], root: string, command: string): Promise<void> {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`Building dist/ for the integration tests failed (${command}, exit ${code ?? 'none'}):\n${output.trim()}`);
}
