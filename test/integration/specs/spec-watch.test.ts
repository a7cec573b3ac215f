import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDaemon } from '../../../src/daemon/start-daemon.js';
import { processorRegistry } from '../../../workers/processor-registry.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { deleteKeys, recordingLogger, uniquePrefix, until } from '../../support/daemon-harness.js';
import { testRedisUrl } from '../../support/test-environment.js';
import { configFor, exampleWorkspace } from '../../support/sync-harness.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('specs under the daemon', () => {
  it('re-publishes a multi-file spec when a file it $refs is edited, and waits for processing', async () => {
    const emulator = await startTestEmulator({ contract: 'current' });
    cleanups.push(() => emulator.close());
    const { dir } = await exampleWorkspace();
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const specDir = join(dir, 'api');
    await cp(new URL('../../fixtures/specs/multi/', import.meta.url).pathname, specDir, { recursive: true });
    const prefix = uniquePrefix('spec-watch');
    cleanups.push(() => deleteKeys(testRedisUrl(), prefix));
    const loaded = configFor(
      emulator,
      dir,
      {},
      {
        specs: [{ organizationId: 'org-emulator', slug: 'multi-pets', file: 'api/openapi.yaml' }],
        redis: { url: testRedisUrl(), prefix },
        daemon: { debounce: '150ms', reconcileInterval: '1h', shutdownGrace: '10s' },
      },
    );
    const daemon = await startDaemon(loaded, { role: 'daemon', logger: recordingLogger(), httpListen: '127.0.0.1:0', processors: processorRegistry });
    cleanups.push(() => daemon.stop());

    // Read behind the API: the test must not spend requests of the daemon's token.
    const spec = () => [...emulator.state.openapiSpecs.values()][0];
    const versionsProcessed = (n: number) => () => spec()?.versions.length === n && spec()?.processingState === 'complete';
    await until('the start-up pass to publish the spec', versionsProcessed(1));

    const pet = join(specDir, 'schemas', 'pet.yaml');
    await writeFile(pet, `${await readFile(pet, 'utf8')}description: Edited under the daemon\n`);
    await until('a second version after the $ref’d file changed', versionsProcessed(2));
    const latest = emulator.state.openapiVersions.get(spec()!.lastVersion!);
    expect(latest?.text).toContain('Edited under the daemon');
    expect(latest?.text).not.toContain('./schemas/pet.yaml');
    expect(spec()!.lastProcessErrorCode).toBeUndefined();
  });
});
