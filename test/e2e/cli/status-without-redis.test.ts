import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { freePort } from '../../support/free-port.js';
import { runDocsync } from '../../support/run-docsync.js';
import { exampleWorkspace } from '../../support/sync-harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current' });
});
afterAll(() => emulator.close());

describe('docsync status of a one-shot user, with no Redis anywhere', () => {
  it('lists the target the sync left in the state file and exits 0', async () => {
    const { dir } = await exampleWorkspace();
    const redis = `redis://127.0.0.1:${await freePort()}`;
    const config = { api: { endpoint: emulator.url }, redis: { url: redis }, spaces: [{ name: 'docs', directory: 'docs', spaceId: 'space-docs' }] };
    await writeFile(join(dir, 'docsync.yaml'), JSON.stringify(config));
    const env = { DOCSYNC_TOKEN: 'emulator-admin' };
    expect(await runDocsync(['sync', '--once'], dir, env)).toExitWith(0);

    const status = await runDocsync(['status'], dir, env);
    expect(status).toExitWith(0);
    expect(status.stdout).toMatch(/^ {2}space:docs +last sync \d{4}-/m);
    expect(status.stdout).toContain(`Redis at ${redis} is unreachable; targets from the state file`);
    expect(status.stdout).not.toContain('(none synced yet)');
  });
});
