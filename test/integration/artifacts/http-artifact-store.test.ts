import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ArtifactFile } from '../../../src/artifacts/artifact-store.js';
import { HttpArtifactStore } from '../../../src/artifacts/http-artifact-store.js';

const stores: HttpArtifactStore[] = [];
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docsync-http-store-'));
});
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  await rm(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof HttpArtifactStore.start>[0] = {}): Promise<HttpArtifactStore> {
  const store = await HttpArtifactStore.start({ secret: 'a-test-secret-of-length', ...options });
  stores.push(store);
  return store;
}

const bytes = new Uint8Array([80, 75, 3, 4, 1, 2, 3]);

async function bundleFile(content: Uint8Array = bytes): Promise<ArtifactFile> {
  const path = join(dir, `source-${Math.random().toString(36).slice(2)}.zip`);
  await writeFile(path, content);
  return { path, sha256: createHash('sha256').update(content).digest('hex'), size: content.length, name: 'docs.zip' };
}

describe('HttpArtifactStore', () => {
  it('serves a published bundle at its signed URL, from its own copy of the file', async () => {
    const store = await start();
    const file = await bundleFile();
    const { url } = await store.publish(file);
    await rm(file.path);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it('answers 403 to an unsigned, a tampered and an extended URL', async () => {
    const store = await start();
    const { url } = await store.publish(await bundleFile());
    const unsigned = new URL(url);
    unsigned.search = '';
    expect((await fetch(unsigned)).status).toBe(403);
    const tampered = new URL(url);
    const signature = tampered.searchParams.get('signature')!;
    // Flip the last character to a different one (a fixed replacement would sometimes equal it).
    tampered.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`);
    expect((await fetch(tampered)).status).toBe(403);
    const extended = new URL(url);
    extended.searchParams.set('expires', String(Number(extended.searchParams.get('expires')) + 3600));
    expect((await fetch(extended)).status).toBe(403);
    const otherId = new URL(url.replace(/artifacts\/[0-9a-f]+/, 'artifacts/00000000000000000000000000000000'));
    expect((await fetch(otherId)).status).toBe(403);
  });

  it('answers 403 once the URL has expired, and deletes the expired bundle from disk', async () => {
    let now = Date.now();
    const served = join(dir, 'served');
    const store = await start({ now: () => now, directory: served });
    const { url } = await store.publish(await bundleFile(), { ttlMs: 60_000 });
    expect((await fetch(url)).status).toBe(200);
    expect(await readdir(served)).toHaveLength(1);
    now += 61_000;
    expect((await fetch(url)).status).toBe(403);
    await store.publish(await bundleFile()); // each publish sweeps what expired
    expect(await readdir(served)).toHaveLength(1);
  });

  it('deletes a released bundle: its URL answers 404', async () => {
    const served = join(dir, 'served');
    const store = await start({ directory: served });
    const artifact = await store.publish(await bundleFile());
    await store.release(artifact);
    expect(await readdir(served)).toEqual([]);
    expect((await fetch(artifact.url)).status).toBe(404);
    await store.release(artifact); // twice is fine
  });

  it('lets another store sharing the folder and secret serve the bundle', async () => {
    const served = join(dir, 'served');
    const publisher = await start({ directory: served });
    const other = await start({ directory: served });
    const { url } = await publisher.publish(await bundleFile());
    const response = await fetch(url.replace(publisher.origin.origin, other.origin.origin));
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it('streams a large bundle byte for byte', async () => {
    const large = new Uint8Array(24 * 1024 * 1024).map((_, i) => (i * 31) & 255);
    const store = await start();
    const { url } = await store.publish(await bundleFile(large));
    const response = await fetch(url);
    const received = createHash('sha256')
      .update(new Uint8Array(await response.arrayBuffer()))
      .digest('hex');
    expect(received).toBe(createHash('sha256').update(large).digest('hex'));
  });

  it('removes on close the bundles it published and did not release', async () => {
    const served = join(dir, 'served');
    const store = await start({ directory: served });
    await store.publish(await bundleFile());
    await store.close();
    stores.length = 0;
    expect(await readdir(served)).toEqual([]);
  });

  it('uses the public URL for links and as its origin', async () => {
    const store = await start({ publicUrl: 'https://bundles.example.test/' });
    const { url } = await store.publish(await bundleFile());
    expect(url.startsWith('https://bundles.example.test/artifacts/')).toBe(true);
    expect(store.origin.hostname).toBe('bundles.example.test');
  });
});
