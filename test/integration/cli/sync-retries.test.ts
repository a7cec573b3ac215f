import { afterEach, describe, expect, it } from 'vitest';
import { formatHuman } from '../../../src/cli/sync-report.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

describe('retries during sync --once', () => {
  it('are counted in the report and its last line, the run succeeding', async () => {
    // A fixed seed: the same requests fail on every run, here only ones the client may try again.
    emulator = await startTestEmulator({ contract: 'current', faultRate: 0.2, seed: 8 });
    const { dir } = await exampleWorkspace();
    const report = await syncOnce(configFor(emulator, dir));
    expect(report.failures.map((f) => f.error)).toEqual([]);
    expect(report.retries?.retries).toBeGreaterThan(0);
    const last = formatHuman(report, false).trimEnd().split('\n').at(-1);
    expect(last).toMatch(new RegExp(`; ${report.retries?.retries} retr(y|ies)$`));
  });
});
