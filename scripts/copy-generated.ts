/**
 * Copies generated JavaScript that tsc does not emit (src/specs/generated/*.cjs, Ajv's standalone
 * code) beside the compiled modules that import it, byte for byte. Part of `npm run build`, before
 * the CLI is bundled.
 */
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const from = `${root}src/specs/generated/`;
const to = `${root}dist/src/specs/generated/`;
await mkdir(to, { recursive: true });
for (const name of (await readdir(from)).filter((file) => file.endsWith('.cjs'))) await copyFile(`${from}${name}`, `${to}${name}`);
