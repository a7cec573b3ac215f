import type { ArtifactStore, PublishedArtifact } from './artifact-store.js';
import { ArtifactStoreError } from './errors/artifact-store-error.js';

/**
 * `artifacts.store: none`: nothing is served by URL. Today's API takes files up to 1 MB inline in its
 * content batches, so a docs repo without larger files needs no bucket and no bundle server; the
 * sync refuses a larger file before sending anything. A zip import (the seed's API, bundle
 * migrations) cannot run without a store: publishing refuses at once, before any write.
 */
export class NoArtifactStore implements ArtifactStore {
  readonly description = 'no artifact store (artifacts.store: none)';
  readonly origin = undefined;

  publish(): Promise<PublishedArtifact> {
    return Promise.reject(
      new ArtifactStoreError(
        `A zip import needs its bundle served by URL, and there is ${this.description}; nothing was sent. Set artifacts.store to http (the emulator, a tunnel) or s3 (a bucket the API can reach), or use delivery: changes on today's API.`,
        'no-store',
      ),
    );
  }

  release(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
