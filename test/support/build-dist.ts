import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { buildFingerprint, forgetFingerprint, recordedFingerprint } from '../../scripts/build-fingerprint.js';

/**
 * Builds `dist/` as `npm run build` does (compile, copy the generated validator, bundle the CLI), because some tests spawn
 * the real CLI (`node dist/bin/docsync.js worker|daemon`), unless the last finished build was made
 * from the sources as they are now (the fingerprint of their content it recorded, so `npm ci`
 * followed by `npm test` builds once). A failed build fails the run.
 * Set DOCSYNC_TEST_SKIP_BUILD=1 to use `dist/` as it is.
 */
export async function buildDist(root: string, log: (line: string) => void): Promise<void> {
  if (process.env.DOCSYNC_TEST_SKIP_BUILD === '1') return;
  const sources = await buildFingerprint(root);
  if ((await recordedFingerprint(root)) === sources) {
    log('test setup: dist/ is up to date with the sources');
    return;
  }
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const started = Date.now();
  await run([tsc, '-p', 'tsconfig.build.json'], root, 'tsc -p tsconfig.build.json');
  await run(['dist/scripts/copy-generated.js'], root, 'node dist/scripts/copy-generated.js');
  await run(['dist/scripts/bundle-cli.js'], root, 'node dist/scripts/bundle-cli.js');
  // A source saved while tsc ran may be missing from dist/: then the next run builds again.
  if ((await recordedFingerprint(root)) !== sources) await forgetFingerprint(root);
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
