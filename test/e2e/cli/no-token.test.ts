import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { runDocsync } from '../../support/run-docsync.js';
import { EXAMPLE_DOCS } from '../../support/sync-harness.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

let emulator: RunningEmulator;
let dir: string;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current' });
  dir = await makeTempDir('docsync-no-token-');
  await cp(EXAMPLE_DOCS, join(dir, 'docs'), { recursive: true });
  await cp(join(EXAMPLE_DOCS, '..', 'site', 'docs.yaml'), join(dir, 'site.yaml'));
  await writeFile(
    join(dir, 'docsync.yaml'),
    `api:\n  endpoint: ${emulator.url}\nspaces:\n  - name: docs\n    directory: docs\n    spaceId: space-docs\nsite:\n  manifest: site.yaml\n`,
  );
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
});

describe('a command that talks to the API, with no token given anywhere', () => {
  it.each([
    ['sync --once', ['sync', '--once']],
    ['sync --once --dry-run', ['sync', '--once', '--dry-run']],
    ['site plan', ['site', 'plan']],
    ['pull', ['pull', 'space-docs', 'pulled']],
  ])('%s refuses before any request, exit 3, naming the configuration and the variables', async (_name, args) => {
    const before = emulator.stats().total;
    const run = await runDocsync(args, dir);
    expect(run).toExitWith(3);
    expect(run.stdout + run.stderr).toMatch(/docsync\.yaml: api\.token: no API token; set DOCSYNC_TOKEN \(or GITBOOK_TOKEN/);
    expect(emulator.stats().total).toBe(before);
  });
});
