/**
 * Bundles the compiled CLI (`dist/src/cli/main.js`) into `dist/bin/` (`docsync.js` and its chunks):
 * the `bin` of the package. A one-shot command then loads a few files instead of hundreds of
 * modules; each command's lazy imports stay lazy (one chunk each). Part of `npm run build`, whose
 * last step it is: once the bundle is written it records the fingerprint of the build's inputs.
 */
import { build, type Plugin } from 'esbuild';
import { rename, rm } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildFingerprint, forgetFingerprint, recordFingerprint } from './build-fingerprint.js';

/**
 * Packages the one-shot commands load, bundled with everything they import. Every other package
 * stays in node_modules: some find files beside their own code (BullMQ's Lua scripts, the
 * dashboard's pages, the AWS SDK's data), and the long-lived roles gain nothing from a bundle.
 */
const BUNDLED = new Set(['@apidevtools/swagger-parser', 'commander', 'zod', 'yaml', 'undici', 'pino', 'simple-git', 'p-retry', '@11ty/gray-matter', 'fflate', 'ignore', 'cli-progress']);

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** docsync's own imports of a package not in {@link BUNDLED} stay imports; a bundled package takes its dependencies along. */
const externals: Plugin = {
  name: 'docsync-externals',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, (args) => {
      if (isBuiltin(args.path)) return { external: true };
      if (args.importer.includes('/node_modules/') || BUNDLED.has(packageName(args.path))) return undefined;
      return { external: true };
    });
  },
};

const dist = fileURLToPath(new URL('../', import.meta.url));
const root = fileURLToPath(new URL('../../', import.meta.url));
await forgetFingerprint(root);
const fingerprint = await buildFingerprint(root);
// The bundle is written beside the one in use and swapped in, so a CLI started meanwhile (a test run,
// a second build) never finds a chunk missing or half written; and since chunk names change with
// their content, an earlier build's chunks do not stay behind.
const next = `${dist}bin.next-${process.pid}`;
const previous = `${dist}bin.previous-${process.pid}`;
await rm(next, { recursive: true, force: true });
await build({
  entryPoints: { docsync: `${dist}src/cli/main.js` },
  outdir: next,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Bundled CommonJS packages call `require` (node: modules, their JSON); an ES module has none.
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  plugins: [externals],
  logLevel: 'warning',
});
await rename(`${dist}bin`, previous).catch((error: unknown) => {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
});
await rename(next, `${dist}bin`);
await rm(previous, { recursive: true, force: true });
await recordFingerprint(root, fingerprint);
