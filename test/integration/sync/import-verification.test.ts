import { createHash } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ArtifactStore } from '../../../src/artifacts/artifact-store.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { createRuntime } from '../../../src/runtime/create-runtime.js';
import { syncSpace, type SpaceSyncResult } from '../../../src/sync/sync-space.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

type Zip = Record<string, Uint8Array>;

/**
 * The configured store, but serving another bundle than the one docsync built (a stale or damaged
 * object): `tamper` edits the zip's entries, or `breakUrl` hands the API a URL that answers 404.
 */
function servingOther(store: ArtifactStore, change: { tamper?: (zip: Zip) => Zip; breakUrl?: boolean }): ArtifactStore {
  return {
    description: store.description,
    origin: store.origin,
    async publish(file, options) {
      let published = file;
      if (change.tamper) {
        const bytes = zipSync(change.tamper(unzipSync(await readFile(file.path))));
        const path = join(await mkdtemp(join(tmpdir(), 'docsync-tampered-')), file.name);
        await writeFile(path, bytes);
        published = { ...file, path, size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
      }
      const artifact = await store.publish(published, options);
      return change.breakUrl === true ? { ...artifact, url: `${artifact.url}-gone` } : artifact;
    },
    release: (artifact) => store.release(artifact),
    close: () => store.close(),
  };
}

async function syncWith(dir: string, target: Record<string, unknown>, change: Parameters<typeof servingOther>[1]): Promise<SpaceSyncResult> {
  const loaded = configFor(emulator, dir, target);
  const runtime = await createRuntime(loaded, { logger: silentLogger });
  try {
    const space = { ...loaded.config.spaces[0]!, directory: join(dir, 'docs') };
    return await syncSpace({ ...runtime.syncDeps, artifacts: servingOther(runtime.artifacts, change) }, space);
  } finally {
    await runtime.close();
  }
}

async function docsyncChangeRequests(status: string): Promise<{ number: number }[]> {
  const list = json((await call(emulator, 'GET', '/v1/spaces/space-docs/change-requests', { query: { status } })).body);
  return (list.items as { number: number; subject: string }[]).filter((cr) => cr.subject.endsWith('[docsync:docs]'));
}

const withoutPage =
  (path: string) =>
  (zip: Zip): Zip =>
    Object.fromEntries(Object.entries(zip).filter(([name]) => name !== path));

describe('sync verifies the live content after the import', () => {
  it('fails the target naming a page that did not land, merges nothing, and the next run reuses that change request', async () => {
    const { dir } = await exampleWorkspace();
    const autoMerge = { changeRequest: { autoMerge: true } };
    const merges = (): number =>
      emulator
        .stats()
        .routes.filter((r) => r.route.endsWith('/merge'))
        .reduce((n, r) => n + r.count, 0);
    await expect(syncWith(dir, autoMerge, { tamper: withoutPage('getting-started/quickstart.md') })).rejects.toMatchObject({
      code: 'E_SYNC_VERIFY',
      message: expect.stringMatching(
        /change request #1 did not land as bundled: expected 27 pages, found 26; missing getting-started\/quickstart\.md\. Nothing was merged/,
      ),
    });
    expect(merges()).toBe(0);
    // Not empty: kept open for the next run, which reuses it.
    expect(await docsyncChangeRequests('draft')).toHaveLength(1);
    const next = await syncOnce(configFor(emulator, dir, autoMerge));
    expect(next.failures).toEqual([]);
    expect(next.results[0]).toMatchObject({ outcome: 'merged', changeRequest: { number: 1 } });
  });

  it('never reports an import that landed no page as a success (direct mode)', async () => {
    const { dir } = await exampleWorkspace();
    const onlyAssets = (zip: Zip): Zip => Object.fromEntries(Object.entries(zip).filter(([name]) => !name.endsWith('.md') || name === 'SUMMARY.md'));
    await expect(syncWith(dir, { mode: 'direct' }, { tamper: onlyAssets })).rejects.toMatchObject({
      code: 'E_SYNC_VERIFY',
      message: expect.stringMatching(
        /space space-docs did not land as bundled: expected 27 pages, found 0; missing .*\. The import already replaced the space's content/,
      ),
    });
    await expect(syncWith(dir, { mode: 'direct' }, { tamper: onlyAssets })).rejects.toSatisfy((error: Error) => !error.message.includes('merged'));
  });

  it('archives the change request it opened when the import was refused, and the next run opens a fresh one', async () => {
    const { dir } = await exampleWorkspace();
    await expect(syncWith(dir, {}, { breakUrl: true })).rejects.toMatchObject({ code: 'E_ARTIFACT_NOT_FETCHED' });
    expect([...(await docsyncChangeRequests('open')), ...(await docsyncChangeRequests('draft'))]).toEqual([]);
    expect(await docsyncChangeRequests('archived')).toMatchObject([{ number: 1 }]);
    const next = await syncOnce(configFor(emulator, dir));
    expect(next.failures).toEqual([]);
    expect(next.results[0]).toMatchObject({ outcome: 'created', changeRequest: { number: 2 } });
  });
});
