import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { loadPlan } from '../../../src/migrate/load-plan.js';
import { runIdFor } from '../../../src/migrate/run-id.js';
import { startByteServer, type ByteServer } from '../../support/byte-server.js';
import { call, json } from '../../support/emulator-harness.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';
import { zeroBomb } from '../../support/zip-bomb.js';
import { importsInto, runInlinePlan, startMigrationEmulator, targetSpace } from '../../support/migrate-support.js';

/**
 * A zip bomb (about 4 MB expanding to 4 GiB of zeros) given to both readers of archives: a
 * migration's zip source and the emulator's import. Both stop while streaming, naming the archive
 * and the cap; nothing is imported.
 */
let server: ByteServer;
let emulator: RunningEmulator | undefined;
beforeAll(async () => {
  server = await startByteServer();
  server.set('/bomb.zip', zeroBomb(4096), 'application/zip');
});
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});
afterAll(async () => {
  await server.close();
  await removeTempDirs();
});

describe('a zip bomb', () => {
  it('fails its migration item naming the archive and the cap, with nothing imported', async () => {
    emulator = await startMigrationEmulator(1, { contract: 'seed' });
    const dir = await makeTempDir('docsync-zip-bomb-');
    const file = path.join(dir, 'plan.yaml');
    await writeFile(file, stringify({ items: [{ id: 'bomb', source: server.url('/bomb.zip'), space: targetSpace(0) }] }));
    const plan = await loadPlan(file);
    const { report } = await runInlinePlan(emulator, dir, plan, runIdFor(plan));

    const [item] = report.items;
    expect(item?.status).toBe('failed');
    const failed = item?.status === 'failed' ? item : undefined;
    expect(failed?.error?.message).toBe(
      `${server.url('/bomb.zip')} expands beyond 268435456 bytes (256 MiB), the cap on an archive's content; nothing was read.`,
    );
    // Permanent: one attempt, no retries of a bomb.
    expect(failed?.attempts).toBe(1);
    expect(importsInto(emulator, targetSpace(0))).toBe(0);
  });

  it('is refused by the emulator’s import with 400 naming the cap', async () => {
    emulator = await startMigrationEmulator(0, { contract: 'seed' });
    const res = await call(emulator, 'POST', '/v1/spaces/space-docs/content/import', { body: { url: server.url('/bomb.zip'), source: 'zip' } });
    expect(res.status).toBe(400);
    expect(json(res.body).error.message).toMatch(
      /^The archive expands more than 100 times its \d+ bytes, the cap on an archive's compression ratio \(a zip bomb\?\); nothing was imported\.$/,
    );
  });
});
