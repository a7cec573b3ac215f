/** Writes the operations of both pinned documents into the project: `npm run contract:operations`. */
import { writeFile } from 'node:fs/promises';
import { publishedOperationsSource } from './published-operations-source.js';

await writeFile(new URL('../../src/api/contracts/published-operations.ts', import.meta.url), await publishedOperationsSource());
process.stdout.write('src/api/contracts/published-operations.ts\n');
