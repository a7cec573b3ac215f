import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { CLI } from '../../support/daemon-harness.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { runInTerminal } from '../../support/run-in-terminal.js';
import { exampleWorkspace } from '../../support/sync-harness.js';
import { terminalScreen } from '../../support/terminal-screen.js';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

describe('docsync sync --once in a terminal', () => {
  it('prints each dry-run plan line once, from the report', async () => {
    emulator = await startTestEmulator({ contract: 'current' });
    const { dir } = await exampleWorkspace();
    await writeFile(join(dir, 'docsync.yaml'), `api:\n  endpoint: ${emulator.url}\nspaces:\n  - name: docs\n    directory: ./docs\n    spaceId: space-docs\n`);
    const { PATH, HOME } = process.env;
    const run = await runInTerminal([CLI, 'sync', '--once', '--dry-run'], { cwd: dir, env: { PATH, HOME, TERM: 'xterm', DOCSYNC_TOKEN: 'emulator-admin' } });
    expect(run).toExitWith(0);
    const screen = terminalScreen(run.raw);
    const plan = screen.filter((line) => line.includes('DRY-RUN: would'));
    expect(plan.length).toBeGreaterThan(0);
    expect(new Set(plan).size).toBe(plan.length);
    for (const line of plan) expect(line).toMatch(/^ {9}DRY-RUN: would /);
    expect(screen.at(-1)).toBe('1 planned');
  });
});
