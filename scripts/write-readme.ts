/** Rewrites the generated sections of README.md (contents, command reference): `npm run readme`. */
import { readFile, writeFile } from 'node:fs/promises';
import { docsyncProgram } from '../src/cli/program.js';
import { updateReadme } from './readme-sections.js';

const file = new URL('../../README.md', import.meta.url);
const readme = await readFile(file, 'utf8');
const updated = updateReadme(readme, docsyncProgram());
if (updated !== readme) await writeFile(file, updated);
process.stdout.write(updated === readme ? 'README.md is up to date\n' : 'README.md: contents and command reference rewritten\n');
