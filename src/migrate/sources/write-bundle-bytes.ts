import { createHash, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PublishableBundle } from '../../sync/publish-bundle.js';

/** A bundle a migration source built in memory, written to a file in `directory` to be published. */
export async function writeBundleBytes(bytes: Uint8Array, directory: string): Promise<PublishableBundle> {
  await mkdir(directory, { recursive: true });
  const path = join(directory, `docsync-bundle-${randomUUID()}.zip`);
  await writeFile(path, bytes);
  return { path, size: bytes.length, bytesHash: createHash('sha256').update(bytes).digest('hex') };
}
