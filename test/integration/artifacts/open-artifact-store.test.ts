import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ArtifactFile, ArtifactStore } from '../../../src/artifacts/artifact-store.js';
import { ArtifactStoreError } from '../../../src/artifacts/errors/artifact-store-error.js';
import { openArtifactStore } from '../../../src/artifacts/open-artifact-store.js';
import { ArtifactsConfigSchema } from '../../../src/config/artifacts-config-schema.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { freePort } from '../../support/free-port.js';

let dir: string;
const opened: ArtifactStore[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docsync-open-store-'));
});
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  await rm(dir, { recursive: true, force: true });
});

async function open(listen: string, apiEndpoint = 'http://127.0.0.1:1'): Promise<ArtifactStore> {
  const config = ArtifactsConfigSchema.parse({ store: 'http', listen, secret: 'a-test-secret-of-length', directory: 'artifacts' });
  const store = await openArtifactStore(config, { baseDir: dir, apiEndpoint, checkReach: true, startWhenUsed: true, logger: silentLogger });
  opened.push(store);
  return store;
}

/** Whether something accepts TCP connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function bundleFile(): Promise<ArtifactFile> {
  const bytes = new Uint8Array([80, 75, 3, 4, 9, 9]);
  const path = join(dir, 'docs-source.zip');
  await writeFile(path, bytes);
  return { path, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length, name: 'docs.zip' };
}

describe('openArtifactStore with startWhenUsed (a one-shot run)', () => {
  it('starts the embedded bundle server at the first publish, serves the bundle there, and stops it on close', async () => {
    const port = await freePort();
    const store = await open(`127.0.0.1:${port}`);
    expect(store.origin?.origin).toBe(`http://127.0.0.1:${port}`);
    expect(await listening(port)).toBe(false);

    const { url } = await store.publish(await bundleFile());
    expect(await listening(port)).toBe(true);
    expect(new URL(url).origin).toBe(`http://127.0.0.1:${port}`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([80, 75, 3, 4, 9, 9]));

    await store.close();
    expect(await listening(port)).toBe(false);
  });

  it('refuses a loopback server for a public API before starting it, naming the configured address', async () => {
    const port = await freePort();
    const refused = open(`127.0.0.1:${port}`, 'https://api.docsync-guard.example');
    await expect(refused).rejects.toBeInstanceOf(ArtifactStoreError);
    await expect(refused).rejects.toThrow(`cannot fetch bundles from the embedded bundle server (artifacts.store: http) at http://127.0.0.1:${port}`);
    expect(await listening(port)).toBe(false);
  });

  it('reports a server that cannot listen at the publish, and tries again at the next one', async () => {
    const port = await freePort();
    const taken = await open(`127.0.0.1:${port}`);
    await taken.publish(await bundleFile());
    const second = await open(`127.0.0.1:${port}`);
    await expect(second.publish(await bundleFile())).rejects.toThrow(/EADDRINUSE/);
    await taken.close();
    const { url } = await second.publish(await bundleFile());
    expect((await fetch(url)).status).toBe(200);
  });
});
