import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { EXIT } from '../../../src/failure/exit-codes.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { runSyncOnce } from '../../../src/runtime/run-sync-once.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

/** Keeps only the SUMMARY.md lines that `keep` accepts (headings and blank lines stay). */
async function cutSummary(docs: string, keep: (line: string) => boolean): Promise<void> {
  const file = join(docs, 'SUMMARY.md');
  const lines = (await readFile(file, 'utf8')).split('\n');
  await writeFile(file, lines.filter((line) => !/\]\(/.test(line) || keep(line)).join('\n'));
}

describe('sync.maxDeletions', () => {
  it('stops a sync that would remove most live pages before any write (exit 2, the list), in the dry run too, unless --allow-deletions', async () => {
    const { dir, docs } = await exampleWorkspace();
    const loaded = configFor(emulator, dir, { mode: 'direct' });
    expect((await syncOnce(loaded)).failures).toEqual([]);
    // A SUMMARY.md that lost all but its first entries, as a bad merge would leave it.
    await cutSummary(docs, (line) => line.includes('README.md') || line.includes('quickstart.md'));

    const writes = emulator.stats().writes;
    const blocked = await syncOnce(loaded);
    expect(blocked.failures[0]).toMatchObject({ target: 'docs', code: 'E_SYNC_MASS_DELETION', exitCode: EXIT.config });
    expect(blocked.failures[0]?.error).toMatch(/would remove 2\d of the 27 live pages, more than sync\.maxDeletions \(25%\)/);
    expect(blocked.failures[0]?.error).toContain('reference/cli.md');
    expect(emulator.stats().writes).toBe(writes);

    const dry = await syncOnce(loaded, true);
    expect(dry.failures[0]).toMatchObject({ code: 'E_SYNC_MASS_DELETION', exitCode: EXIT.config });
    expect(dry.failures[0]?.error).toBe(blocked.failures[0]?.error);

    const allowed = await runSyncOnce(loaded, { dryRun: false, logger: silentLogger, allowDeletions: true });
    expect(allowed.failures).toEqual([]);
    expect(allowed.results[0]?.outcome).toBe('imported');
  });

  it('takes an absolute number, and never counts pages made in the editor', async () => {
    const { dir, docs } = await exampleWorkspace();
    // The fixture space holds pages made in the editor: the first sync replaces them freely.
    const loaded = configFor(emulator, dir, { mode: 'direct' }, { sync: { maxDeletions: 1 } });
    expect((await syncOnce(loaded)).failures).toEqual([]);
    await cutSummary(docs, (line) => !line.includes('reference/cli.md') && !line.includes('faq/'));
    expect((await syncOnce(loaded)).failures[0]?.error).toMatch(/would remove \d+ of the 27 live pages, more than sync\.maxDeletions \(1\)/);
    await exampleWorkspace()
      .then(({ docs: fresh }) => readFile(join(fresh, 'SUMMARY.md'), 'utf8'))
      .then((text) => writeFile(join(docs, 'SUMMARY.md'), text));
    await cutSummary(docs, (line) => !line.includes('reference/cli.md'));
    const one = await syncOnce(loaded);
    expect(one.failures).toEqual([]);
    expect(one.results[0]?.outcome).toBe('imported');
  });
});
