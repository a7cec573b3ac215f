import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { COVERAGE_END, COVERAGE_START, coverageTable, servedOperations, withCoverageTable } from '../../../src/emulator/contract/coverage-table.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { contract } from './official-contract.js';

describe('the README’s emulator coverage table', () => {
  it('is current: regenerate it with `npm run emulator:coverage`', async () => {
    const emulator = await startTestEmulator();
    try {
      const served = servedOperations(contract.operations, emulator.routes);
      // Every route the emulator serves is an operation of the document.
      expect(served.size).toBe(emulator.routes.length);
      const table = coverageTable(contract.operations.operations, served);
      expect(table).toMatch(new RegExp(`\\| \\*\\*total\\*\\* \\| \\*\\*${served.size}\\*\\* \\| \\*\\*${302 - served.size}\\*\\* \\|$`));
      const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
      expect(readme).toContain(COVERAGE_START);
      expect(withCoverageTable(readme, table)).toBe(readme);
    } finally {
      await emulator.close();
    }
  });

  it('says how to add the marks when they are missing', () => {
    expect(() => withCoverageTable('# README\n', '| t |')).toThrow(COVERAGE_END);
  });
});
