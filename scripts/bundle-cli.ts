/**
 * Bundles the compiled CLI into `dist/bin/`: the `bin` of the package, `docsync.js`, is the launcher
 * (`dist/src/cli/launcher.js`) with top-level help and the version written in as commander renders
 * them from the program now; the full CLI (`main.js`) it loads for any other command line, and each
 * command's lazy imports, are chunks. A one-shot command then loads a few files instead of hundreds
 * of modules. Part of `npm run build`, whose last step it is: once the bundle is written it records
 * the fingerprint of the build's inputs.
 */
import { build, type Plugin } from 'esbuild';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { fileURLToPath } from 'node:url';
import { fixedAnswers } from '../src/cli/fixed-answers.js';
import { docsyncProgram } from '../src/cli/program.js';
import { buildFingerprint, forgetFingerprint, recordFingerprint } from './build-fingerprint.js';

/**
 * Packages the one-shot commands load, bundled with everything they import. Every other package
 * stays in node_modules: some find files beside their own code (BullMQ's Lua scripts, the
 * dashboard's pages, the AWS SDK's data), and the long-lived roles gain nothing from a bundle.
 */
const BUNDLED = new Set(['@apidevtools/swagger-parser', 'commander', 'zod', 'yaml', 'pino', 'simple-git', 'p-map', 'fflate', 'ignore', 'cli-progress']);

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
// The bundle is written beside the one in use and moved in file by file: chunk names change with
// their content, so new chunks never replace a file in use, and the entry file is swapped in by one
// rename. A CLI started meanwhile (a test run, a second build) finds either the old entry with its
// chunks or the new one with its chunks. Chunks of the build before are kept for CLIs still running
// it; older ones are removed.
const bin = `${dist}bin`;
const next = `${dist}bin.next-${process.pid}`;
const LISTING = 'chunks.json';
await rm(next, { recursive: true, force: true });
await build({
  entryPoints: { docsync: `${dist}src/cli/launcher.js` },
  outdir: next,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Bundled CommonJS packages call `require` (node: modules, their JSON); an ES module has none.
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  // A string: esbuild writes a string in place, but moves an object into a chunk of its own.
  define: { DOCSYNC_FIXED_ANSWERS: JSON.stringify(JSON.stringify(await fixedAnswers(docsyncProgram))) },
  plugins: [externals],
  logLevel: 'warning',
});
const chunks = await readdir(`${next}/chunks`);
const earlier = await readFile(`${bin}/${LISTING}`, 'utf8').then(
  (text) => JSON.parse(text) as string[],
  () => [],
);
await mkdir(`${bin}/chunks`, { recursive: true });
for (const chunk of chunks) await rename(`${next}/chunks/${chunk}`, `${bin}/chunks/${chunk}`);
await rename(`${next}/docsync.js`, `${bin}/docsync.js`);
const kept = new Set([...chunks, ...earlier]);
for (const chunk of await readdir(`${bin}/chunks`)) if (!kept.has(chunk)) await rm(`${bin}/chunks/${chunk}`, { force: true });
await writeFile(`${bin}/${LISTING}`, `${JSON.stringify(chunks)}\n`);
await rm(next, { recursive: true, force: true });
await recordFingerprint(root, fingerprint);
