import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ContractValidator } from '../src/emulator/contract/contract-validator.js';
import { coverageTable, servedOperations, withCoverageTable } from '../src/emulator/contract/coverage-table.js';
import { startEmulator } from '../src/emulator/start-emulator.js';

/**
 * Writes the emulator's coverage of the published API (operations served per tag of
 * `@gitbook/api`'s OpenAPI document) into README.md, between its coverage marks.
 * Run from the project root: `npm run emulator:coverage`.
 */
const validator = await ContractValidator.load();
const emulator = await startEmulator();
try {
  const served = servedOperations(validator.operations, emulator.routes);
  const table = coverageTable(validator.operations.operations, served);
  const readme = path.resolve('README.md');
  await writeFile(readme, withCoverageTable(await readFile(readme, 'utf8'), table));
  process.stdout.write(`${table}\n`);
} finally {
  await emulator.close();
}
