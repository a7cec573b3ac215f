import { rm } from 'node:fs/promises';
import { ApiError } from '../api/errors/api-error.js';
import type { ContentApi, ContentTarget } from '../api/resources/content.js';
import type { ImportResult } from '../api/schemas/content.js';
import type { ArtifactStore, PublishedArtifact, PublishOptions } from '../artifacts/artifact-store.js';
import { ArtifactStoreError } from '../artifacts/errors/artifact-store-error.js';
import type { BundleFile } from '../content/bundle/write-bundle.js';

/** What publishing needs of a bundle file. */
export type PublishableBundle = Pick<BundleFile, 'path' | 'size' | 'bytesHash'>;

/**
 * Publishes a bundle file under `name`, then deletes the file: the store keeps its own copy.
 * `stillWanted` is asked before each fetch where the store can ask (see {@link PublishOptions}).
 */
export async function publishBundle(
  store: ArtifactStore,
  file: PublishableBundle,
  name: string,
  signal?: AbortSignal,
  stillWanted?: PublishOptions['stillWanted'],
): Promise<PublishedArtifact> {
  try {
    return await store.publish(
      { path: file.path, sha256: file.bytesHash, size: file.size, name },
      { ...(signal ? { signal } : {}), ...(stillWanted ? { stillWanted } : {}) },
    );
  } finally {
    await rm(file.path, { force: true });
  }
}

/**
 * Asks the API to import a published bundle, then deletes it from the store. When the API refuses
 * (it could not fetch the URL, or the bundle), the error names the store and how long the URL was
 * valid (the API client has already cut the signature from any URL the API quotes); the bundle
 * stays for a retry to reuse, until it expires.
 */
export async function importPublished(
  api: { content: Pick<ContentApi, 'import'> },
  store: ArtifactStore,
  into: ContentTarget,
  artifact: PublishedArtifact,
  signal?: AbortSignal,
  now: () => Date = () => new Date(),
): Promise<ImportResult> {
  let imported: ImportResult;
  try {
    imported = await api.content.import(into, { url: artifact.url, source: 'zip' }, signal ? { signal } : {});
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 422)) throw error;
    const expired = now() >= artifact.expiresAt ? ' It has expired since: raise artifacts.ttl.' : '';
    throw new ArtifactStoreError(
      `The API could not import the bundle served by ${store.description} (URL valid until ${artifact.expiresAt.toISOString()}).${expired} ` +
        `Check that the API can reach the store and that the URL lives long enough (artifacts.ttl). The API said: ${error.message}`,
      'not-fetched',
      { cause: error },
    );
  }
  await store.release(artifact);
  return imported;
}
