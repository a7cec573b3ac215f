import { afterEach, describe, expect, it } from 'vitest';
import { HttpArtifactStore } from '../../../src/artifacts/http-artifact-store.js';

let store: HttpArtifactStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

const bytes = new Uint8Array([80, 75, 3, 4, 1, 2, 3]);

describe('HttpArtifactStore', () => {
  it('serves a published bundle at its signed URL', async () => {
    store = await HttpArtifactStore.start({ secret: 'a-test-secret-of-length' });
    const { url } = await store.publish(bytes, { name: 'docs.zip', contentType: 'application/zip' });
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it('answers 403 to an unsigned, a tampered and an extended URL', async () => {
    store = await HttpArtifactStore.start({ secret: 'a-test-secret-of-length' });
    const { url } = await store.publish(bytes, { name: 'docs.zip', contentType: 'application/zip' });
    const unsigned = new URL(url);
    unsigned.search = '';
    expect((await fetch(unsigned)).status).toBe(403);
    const tampered = new URL(url);
    tampered.searchParams.set('signature', `${tampered.searchParams.get('signature')!.slice(0, -1)}A`);
    expect((await fetch(tampered)).status).toBe(403);
    const extended = new URL(url);
    extended.searchParams.set('expires', String(Number(extended.searchParams.get('expires')) + 3600));
    expect((await fetch(extended)).status).toBe(403);
    const otherId = new URL(url.replace(/artifacts\/[0-9a-f]+/, 'artifacts/00000000000000000000000000000000'));
    expect((await fetch(otherId)).status).toBe(403);
  });

  it('answers 403 once the URL has expired', async () => {
    let now = Date.now();
    store = await HttpArtifactStore.start({ secret: 'a-test-secret-of-length', now: () => now });
    const { url } = await store.publish(bytes, { name: 'docs.zip', contentType: 'application/zip', ttlMs: 60_000 });
    expect((await fetch(url)).status).toBe(200);
    now += 61_000;
    expect((await fetch(url)).status).toBe(403);
  });

  it('uses the public URL for links and serves nothing but artifacts', async () => {
    store = await HttpArtifactStore.start({ publicUrl: 'https://bundles.example.test/', secret: 'a-test-secret-of-length' });
    const { url } = await store.publish(bytes, { name: 'docs.zip', contentType: 'application/zip' });
    expect(url.startsWith('https://bundles.example.test/artifacts/')).toBe(true);
  });
});
