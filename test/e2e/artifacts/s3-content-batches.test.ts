import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';
import { startExpiringS3Proxy, type ExpiringS3Proxy } from './support/expiring-s3-proxy.js';
import { MOTO_CREDENTIALS, startMoto, type MotoBuckets } from './support/moto-server.js';

let emulator: RunningEmulator;
let moto: MotoBuckets;
let proxy: ExpiringS3Proxy;
const savedEnv = { ...process.env };

beforeAll(async () => {
  process.env.AWS_ACCESS_KEY_ID = MOTO_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = MOTO_CREDENTIALS.secretAccessKey;
  [emulator, moto] = await Promise.all([startTestEmulator({ contract: 'current' }), startMoto()]);
  proxy = await startExpiringS3Proxy(moto.endpoint);
});
afterAll(async () => {
  await proxy.close();
  await Promise.all([emulator.close(), moto.stop()]);
  await removeTempDirs();
  process.env = savedEnv;
});
beforeEach(() => emulator.reset());

const KIB = 1024;
/** Inline files: each under the API's 1 MB of base64, together over the emulator's 10 MiB body limit. */
const SMALL = Array.from({ length: 12 }, (_, n) => `.gitbook/assets/photo-${n + 1}.png`);
/** Over 1 MB of base64: it can only go by URL. */
const LARGE = '.gitbook/assets/survey-map.png';

async function workspace(
  bucket: string,
  endpoint = moto.endpoint,
): Promise<{ dir: string; assets: Map<string, Uint8Array>; loaded: ReturnType<typeof configFor> }> {
  const dir = await makeTempDir('docsync-s3-batches-');
  const assets = new Map<string, Uint8Array>([...SMALL.map((path) => [path, randomBytes(700 * KIB)] as const), [LARGE, randomBytes(1536 * KIB)]]);
  const photos = SMALL.map((path, n) => `![Photo ${n + 1}](${path})`).join('\n\n');
  await writeTree(join(dir, 'docs'), {
    'README.md': `---\ncover: ${LARGE}\n---\n\n# Survey\n\nThe map: ![Map](<${LARGE}>)\n`,
    'photos.md': `# Photos\n\n${photos}\n`,
    'SUMMARY.md': '# Table of contents\n\n* [Survey](README.md)\n* [Photos](photos.md)\n',
    ...Object.fromEntries(assets),
  });
  const loaded = configFor(
    emulator,
    dir,
    { changeRequest: { autoMerge: true } },
    { artifacts: { store: 's3', bucket, endpoint, forcePathStyle: true, region: 'us-east-1' } },
  );
  return { dir, assets, loaded };
}

interface LiveFile {
  id: string;
  name: string;
  size: number;
  downloadURL: string;
}

async function liveFiles(): Promise<LiveFile[]> {
  return json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/files')).body).items as LiveFile[];
}

/** A top-level page of the space by title, with its markdown. */
async function page(title: string): Promise<Record<string, any>> {
  const pages = json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/pages')).body).pages as { id: string; title: string }[];
  const id = pages.find((p) => p.title === title)?.id ?? '';
  return json((await call(emulator, 'GET', `/v1/spaces/space-docs/content/page/${id}`, { query: { format: 'markdown' } })).body);
}

describe("assets on today's API: insert_files inline and by presigned URL (moto_server)", () => {
  it('sends small files as base64 and a large one by URL, in batches that fit, with pages linking them; a runner without state sends none again', async () => {
    const bucket = `docsync-test-${randomBytes(4).toString('hex')}`;
    await moto.createBucket(bucket);
    const { dir, assets, loaded } = await workspace(bucket);

    const first = await syncOnce(loaded);
    expect(first.failures).toEqual([]);
    expect(first.results[0]).toMatchObject({ outcome: 'merged', delivery: 'changes' });
    // Twelve inline files of 700 KiB do not fit in one body: the files went in more than one batch.
    expect(emulator.stats().contentBatches.calls).toBeGreaterThanOrEqual(2);

    const files = await liveFiles();
    expect(files.map((file) => file.name).sort()).toEqual([...assets.keys()].map((path) => path.slice(path.lastIndexOf('/') + 1)).sort());
    const byName = new Map(files.map((file) => [file.name, file]));
    for (const [path, bytes] of assets) {
      const file = byName.get(path.slice(path.lastIndexOf('/') + 1))!;
      expect(Buffer.from(await (await fetch(file.downloadURL)).arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    }
    // Pages link the files by id, the cover included; the URL's object is gone once the batch landed.
    const map = byName.get('survey-map.png')!;
    const readme = await page('Survey');
    expect(readme.markdown).toContain(`![Map](/files/${map.id})`);
    expect(readme.cover).toMatchObject({ ref: { kind: 'file', file: map.id } });
    const photos = (await page('Photos')).markdown as string;
    for (const path of SMALL) expect(photos).toContain(`(/files/${byName.get(path.slice(path.lastIndexOf('/') + 1))!.id})`);
    expect(await moto.keys(bucket)).toEqual([]);

    // A CI runner: no .docsync/. The files are downloaded and hashed, found the same, and not sent.
    await rm(join(dir, '.docsync'), { recursive: true, force: true });
    const before = emulator.stats();
    const again = await syncOnce(loaded);
    expect(again.failures).toEqual([]);
    expect(again.results[0]?.outcome).toBe('skipped');
    expect(emulator.stats().writes).toBe(before.writes);

    // One photo changes: that file goes again, with the page linking it, in one batch.
    await writeTree(join(dir, 'docs'), { [SMALL[0]!]: randomBytes(700 * KIB) });
    await rm(join(dir, '.docsync'), { recursive: true, force: true });
    const edited = emulator.stats();
    const edit = await syncOnce(loaded);
    expect(edit.failures).toEqual([]);
    expect(edit.results[0]).toMatchObject({ outcome: 'merged', delivered: { changes: 2, batches: 1 } });
    expect(emulator.stats().contentBatches.calls - edited.contentBatches.calls).toBe(1);
  });

  it('a batch the API refuses names the file: exit 6, nothing merged, the change request as it was before that batch', async () => {
    const bucket = `docsync-test-${randomBytes(4).toString('hex')}`;
    await moto.createBucket(bucket);
    const { loaded } = await workspace(bucket, proxy.endpoint);
    proxy.lateByMs = 3_600_000; // the API fetches the large file an hour after its URL was signed
    const failed = await syncOnce(loaded);
    proxy.lateByMs = 0;
    expect(failed.failures).toHaveLength(1);
    expect(failed.failures[0]).toMatchObject({ code: 'E_SYNC_BATCH_REFUSED', exitCode: 6 });
    expect(failed.failures[0]?.error).toContain(`the change for ${LARGE}`);
    expect(failed.failures[0]?.error).toContain('nothing was merged');
    expect(failed.failures[0]?.error).not.toMatch(/X-Amz-Signature/i);
    // Main is untouched; the change request holds the first batch (eight photos) and nothing of the refused one.
    expect(await liveFiles()).toEqual([]);
    const [cr] = json((await call(emulator, 'GET', '/v1/spaces/space-docs/change-requests', { query: { status: 'draft' } })).body).items as { id: string }[];
    const held = json((await call(emulator, 'GET', `/v1/spaces/space-docs/change-requests/${cr!.id}/content/files`)).body).items as LiveFile[];
    expect(held).toHaveLength(8);
    expect(held.map((file) => file.name)).not.toContain('survey-map.png');
    expect(held.every((file) => /^photo-\d+\.png$/.test(file.name))).toBe(true);

    // The next run finishes from there.
    const again = await syncOnce(loaded);
    expect(again.failures).toEqual([]);
    expect(again.results[0]?.outcome).toBe('merged');
    expect(await liveFiles()).toHaveLength(SMALL.length + 1);
  });
});
