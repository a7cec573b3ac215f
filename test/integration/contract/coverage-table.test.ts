import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CLIENT_OPERATIONS } from '../../../src/api/contracts/client-operations.js';
import {
  CLIENT_OPERATIONS_MARKS,
  COVERAGE_MARKS,
  clientOperationsTable,
  coverageTable,
  servedOperations,
  withTable,
} from '../../../src/emulator/contract/coverage-table.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { contract, currentContract } from './official-contract.js';

const readme = () => readFile(new URL('../../../docs/emulator.md', import.meta.url), 'utf8');

describe('the coverage tables of docs/emulator.md: regenerate them with `npm run emulator:coverage`', () => {
  it.each([
    ['seed', contract, 302],
    ['current', currentContract, 377],
  ] as const)('the emulator’s coverage of the %s document is current', async (name, validator, operations) => {
    const emulator = await startTestEmulator({ contract: name });
    try {
      const served = servedOperations(validator.operations, emulator.routes);
      // Every route the emulator serves is an operation of the document.
      expect(served.size).toBe(emulator.routes.length);
      const table = coverageTable(validator.operations.operations, served);
      expect(table).toMatch(new RegExp(`\\| \\*\\*total\\*\\* \\| \\*\\*${served.size}\\*\\* \\| \\*\\*${operations - served.size}\\*\\* \\|$`));
      const text = await readme();
      expect(text).toContain(COVERAGE_MARKS[name].start);
      expect(withTable(text, COVERAGE_MARKS[name], table)).toBe(text);
    } finally {
      await emulator.close();
    }
  });

  it('the operations docsync calls are listed for each contract, with what each document lacks', async () => {
    const table = clientOperationsTable();
    expect(table.split('\n')).toHaveLength(CLIENT_OPERATIONS.length + 3);
    // The seed's API has no content batches and no external links; today's has no zip import and no section-group membership calls.
    expect(table).toContain('| `POST /spaces/{spaceId}/change-requests/{changeRequestId}/content` | — | updateChangeRequestContent |');
    expect(table).toContain('| `POST /spaces/{spaceId}/content/import` | importContent | — |');
    expect(table).toMatch(/\| \*\*total\*\* \| \*\*54\*\* \| \*\*55\*\* \|$/);
    const text = await readme();
    expect(withTable(text, CLIENT_OPERATIONS_MARKS, table)).toBe(text);
  });

  it('says how to add the marks when they are missing', () => {
    expect(() => withTable('# README\n', COVERAGE_MARKS.current, '| t |')).toThrow(COVERAGE_MARKS.current.end);
  });
});
