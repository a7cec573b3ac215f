import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { CLI } from '../../support/daemon-harness.js';
import { runInTerminal } from '../../support/run-in-terminal.js';
import { terminalScreen } from '../../support/terminal-screen.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';
import { docsFolder, startMigrationEmulator, targetSpace } from '../../support/migrate-support.js';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});
afterAll(removeTempDirs);

const ITEMS = 6;
/** Wide enough for the report's lines, which name each item's folder by its absolute path. */
const COLUMNS = 250;
const SGR = new RegExp(String.raw`\u001b\[[0-9;]*m`);
const BAR = /^migrate [█░]+ \d+\/\d+ \| \d+ done, \d+ failed \| [\d.]+ items\/s, \d+ API\/s, \d+ in flight \| ETA \S+$/;

/** A plan of folders into target spaces, run in a pseudo-terminal against an emulator at 2 requests/s. */
async function migrateInTerminal(env: Record<string, string>): Promise<{ code: number | null; raw: string; screen: string[] }> {
  // Four items start at once: their first requests meet the limit, so the run waits out 429s.
  emulator = await startMigrationEmulator(ITEMS, { contract: 'seed', rateLimit: 2 });
  const dir = await makeTempDir('docsync-migrate-tty-');
  const items = [];
  for (let i = 0; i < ITEMS; i++) {
    await docsFolder(dir, `docs-${i}`, 2);
    items.push({ id: `item-${i}`, source: `./docs-${i}`, space: targetSpace(i), merge: true });
  }
  const plan = path.join(dir, 'plan.yaml');
  await writeFile(plan, stringify({ items }));
  const { PATH, HOME } = process.env;
  const run = await runInTerminal([CLI, 'migrate', plan], {
    cwd: dir,
    columns: COLUMNS,
    env: { PATH, HOME, TERM: 'xterm-256color', DOCSYNC_ENDPOINT: emulator.url, DOCSYNC_TOKEN: 'emulator-admin', ...env },
  });
  return { ...run, screen: terminalScreen(run.raw, COLUMNS) };
}

describe('docsync migrate in a terminal', () => {
  it('keeps log lines above the bar and leaves the bar’s last state and the report, nothing else', async () => {
    // Debug logging prints a record for every request while the bar is drawn: the hardest case.
    const { code, raw, screen } = await migrateInTerminal({ DOCSYNC_LOG_LEVEL: 'debug', NO_COLOR: '1' });
    expect(code).toBe(0);

    const bars = screen.filter((line) => line.includes('items/s') || /[█░]/.test(line));
    expect(bars).toEqual([expect.stringMatching(BAR)]);
    const barRow = screen.findIndex((line) => BAR.test(line));
    expect(screen[barRow]).toContain(`${ITEMS}/${ITEMS} | ${ITEMS} done, 0 failed`);
    expect(screen[barRow]).toContain('0 in flight | ETA 0s');

    // Above the bar: whole log records only (a header line, then indented fields).
    const logs = screen.slice(0, barRow);
    for (const line of logs) expect(line).toMatch(/^(\[\d\d:\d\d:\d\d\.\d{3}\] (DEBUG|INFO|WARN|ERROR): \S.*| {4}\w+: .+)$/);
    const retry = logs.findIndex((line) => line.endsWith('DEBUG: api call failed, retrying'));
    expect(retry).toBeGreaterThanOrEqual(0);
    expect(logs.slice(retry, retry + 8)).toContain('    status: 429');
    expect(logs.join('\n')).not.toMatch(/WARN/);

    // Below it: the report, one line per item.
    const report = screen.slice(barRow + 1);
    expect(report[0]).toMatch(new RegExp(`^Migration m-\\w+ of plan\\.yaml: ${ITEMS} done, 0 failed in [\\d.]+ s; ${ITEMS} verified`));
    const waits =
      /^API: \d+ requests \([\d.]+\/s\), (\d+) waits? for the rate limit, \d+ retr(?:y|ies), (?:\d+ item attempts? retried, )?peak \d+ items in flight\.$/.exec(
        report[1] ?? '',
      );
    expect(waits, report[1]).not.toBeNull();
    expect(Number(waits?.[1])).toBeGreaterThan(0);
    expect(report.slice(2)).toHaveLength(ITEMS);
    for (const line of report.slice(2)) expect(line).toMatch(/^ {2}✓ {2}item-\d/);

    expect(raw).not.toMatch(SGR);
  });

  it('at the default level shows only the bar and the report', async () => {
    const { code, screen } = await migrateInTerminal({});
    expect(code).toBe(0);
    expect(screen[0]).toMatch(BAR);
    expect(screen[1]).toMatch(/^Migration m-\w+ of plan\.yaml: 6 done, 0 failed/);
    expect(screen[2]).toMatch(/[1-9]\d* waits? for the rate limit/);
    expect(screen).toHaveLength(3 + ITEMS);
  });
});
