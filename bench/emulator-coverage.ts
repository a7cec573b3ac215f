import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONTRACT_NAMES } from '../src/api/contracts/api-contract.js';
import { ContractValidator } from '../src/emulator/contract/contract-validator.js';
import {
  CLIENT_OPERATIONS_MARKS,
  COVERAGE_MARKS,
  clientOperationsTable,
  coverageTable,
  servedOperations,
  withTable,
} from '../src/emulator/contract/coverage-table.js';
import { startEmulator } from '../src/emulator/start-emulator.js';

/**
 * Writes into docs/emulator.md, between its marks, the emulator's coverage of each published API
 * (operations served per tag of that `@gitbook/api` document) and the operations docsync calls in
 * each. Run from the project root: `npm run emulator:coverage`.
 */
const readme = path.resolve('docs', 'emulator.md');
let text = await readFile(readme, 'utf8');
for (const contract of CONTRACT_NAMES) {
  const validator = await ContractValidator.load(contract);
  const emulator = await startEmulator({ contract });
  try {
    const table = coverageTable(validator.operations.operations, servedOperations(validator.operations, emulator.routes));
    text = withTable(text, COVERAGE_MARKS[contract], table);
    process.stdout.write(`${contract}:\n${table}\n\n`);
  } finally {
    await emulator.close();
  }
}
const operations = clientOperationsTable();
await writeFile(readme, withTable(text, CLIENT_OPERATIONS_MARKS, operations));
process.stdout.write(`${operations}\n`);
