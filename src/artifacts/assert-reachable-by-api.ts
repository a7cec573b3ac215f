import type { ArtifactStore } from './artifact-store.js';
import { ArtifactStoreError } from './errors/artifact-store-error.js';
import { isPrivateHost } from './is-private-host.js';

/**
 * Refuses, before any API call, a bundle URL the API cannot fetch: an API on a public address
 * handed a URL on a loopback or private one. Every import would fail, after a change request was
 * opened for it. An API on this machine or network (the emulator) may fetch from anywhere.
 */
export function assertReachableByApi(apiEndpoint: string, store: Pick<ArtifactStore, 'description' | 'origin'>, kind: 'http' | 's3'): void {
  const api = new URL(apiEndpoint);
  if (store.origin === undefined || isPrivateHost(api.hostname) || !isPrivateHost(store.origin.hostname)) return;
  const fix =
    kind === 's3'
      ? 'Set artifacts.endpoint to an address the API can reach, or leave it out for AWS S3.'
      : 'Set artifacts.store: s3 (a bucket with presigned URLs, see "Running against the real API" in docs/configuration.md), or artifacts.publicUrl to a URL that reaches artifacts.listen from the internet (a tunnel or ingress); on today\'s API, whose content batches take files up to 1 MB inline, artifacts.store: none needs neither.';
  throw new ArtifactStoreError(
    `The API at ${api.origin} cannot fetch bundles from ${store.description}: ${store.origin.hostname} is a loopback or private address. ${fix}`,
    'unreachable-by-api',
  );
}
