/** Rewrites the generated references of docs/commands.md and docs/configuration.md: `npm run docs:reference`. */
import { readFile, writeFile } from 'node:fs/promises';
import { docsyncProgram } from '../src/cli/program.js';
import { configJsonSchema } from '../src/config/config-json-schema.js';
import { updateCommandReference } from './command-reference.js';
import { updateConfigurationReference } from './configuration-reference.js';

const documents = [
  { name: 'docs/commands.md', update: (text: string) => updateCommandReference(text, docsyncProgram()) },
  { name: 'docs/configuration.md', update: (text: string) => updateConfigurationReference(text, configJsonSchema()) },
];
for (const { name, update } of documents) {
  const file = new URL(`../../${name}`, import.meta.url);
  const text = await readFile(file, 'utf8');
  const updated = update(text);
  if (updated !== text) await writeFile(file, updated);
  process.stdout.write(updated === text ? `${name} is up to date\n` : `${name}: reference rewritten\n`);
}
