import { createHash, randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ListMultipartUploadsCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3ArtifactStore } from '../../../src/artifacts/s3-artifact-store.js';
import { recordingLogger } from '../../support/daemon-harness.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';
import { MOTO_CREDENTIALS, startMoto, type MotoBuckets } from './support/moto-server.js';

let moto: MotoBuckets;

beforeAll(async () => {
  moto = await startMoto();
});
afterAll(async () => {
  await moto.stop();
  await removeTempDirs();
});

async function bundleOf(size: number): Promise<{ path: string; sha256: string; size: number; name: string; bytes: Buffer }> {
  const bytes = randomBytes(size);
  const path = join(await makeTempDir('docsync-s3-'), 'bundle.zip');
  await writeFile(path, bytes);
  return { path, sha256: createHash('sha256').update(bytes).digest('hex'), size, name: 'docs.zip', bytes };
}

describe('S3ArtifactStore uploads (moto_server)', () => {
  it.each([
    ['one request', 100 * 1024],
    ['three parts, the last a short one, two in flight', 2 * 8 * 1024 * 1024 + 7],
  ])('stores the file byte for byte: %s', async (_, size) => {
    const bucket = `docsync-test-${randomBytes(4).toString('hex')}`;
    await moto.createBucket(bucket);
    const logger = recordingLogger();
    const store = new S3ArtifactStore({
      bucket,
      prefix: 'bundles/',
      endpoint: moto.endpoint,
      forcePathStyle: true,
      defaultTtlMs: 60_000,
      credentials: MOTO_CREDENTIALS,
      logger,
    });
    try {
      const file = await bundleOf(size);
      const published = await store.publish(file);
      expect(published.key).toBe(`bundles/${file.sha256}.zip`);
      const fetched = Buffer.from(await (await fetch(published.url)).arrayBuffer());
      expect(fetched.length).toBe(size);
      expect(fetched.equals(file.bytes)).toBe(true);
      expect(await moto.keys(bucket)).toEqual([published.key]);
      // The same bundle again: found with a HEAD, not uploaded twice.
      await store.publish(file);
      expect(logger.lines.filter((line) => line.includes('bundle uploaded'))).toHaveLength(1);
      expect(logger.lines.filter((line) => line.includes('upload skipped'))).toHaveLength(1);
    } finally {
      await store.close();
    }
  });

  it('aborts a multipart upload that fails, leaving no object and no parts behind', async () => {
    const bucket = `docsync-test-${randomBytes(4).toString('hex')}`;
    await moto.createBucket(bucket);
    const store = new S3ArtifactStore({
      bucket,
      prefix: '',
      endpoint: moto.endpoint,
      forcePathStyle: true,
      defaultTtlMs: 60_000,
      credentials: MOTO_CREDENTIALS,
      logger: recordingLogger(),
    });
    try {
      const file = await bundleOf(8 * 1024 * 1024 + 1);
      // A file shorter than it claims: the second part cannot be read whole.
      await expect(store.publish({ ...file, size: file.size + 8 * 1024 * 1024 })).rejects.toThrow(/shorter than the/);
      expect(await moto.keys(bucket)).toEqual([]);
      const client = new S3Client({ endpoint: moto.endpoint, forcePathStyle: true, region: 'us-east-1', credentials: MOTO_CREDENTIALS });
      const { Uploads } = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
      client.destroy();
      expect(Uploads ?? []).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
