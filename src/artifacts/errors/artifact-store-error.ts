/**
 * What went wrong with a bundle's trip to the API, which decides the exit code:
 * - `bucket`: the bucket does not exist (a configuration mistake);
 * - `credentials`: the store's credentials are missing, unknown or expired;
 * - `permission`: the credentials may not write, read or delete there;
 * - `unreachable`: the store's endpoint could not be reached;
 * - `unreachable-by-api`: the bundle URL is one the API cannot fetch (loopback or private address);
 * - `not-fetched`: the API could not fetch the bundle (URL expired, endpoint not reachable from it);
 * - `failed`: anything else the store answered;
 * - `no-store`: `artifacts.store: none`, and something had to be served by URL.
 */
export type ArtifactFailure = 'no-store' | 'bucket' | 'credentials' | 'permission' | 'unreachable' | 'unreachable-by-api' | 'not-fetched' | 'failed';

/** A bundle could not be published or fetched. The message names the store (bucket and endpoint) and the fix. */
export class ArtifactStoreError extends Error {
  override readonly name = 'ArtifactStoreError';
  /** Stable machine-readable kind, e.g. `E_ARTIFACT_BUCKET`. */
  readonly code: string;

  constructor(
    message: string,
    readonly failure: ArtifactFailure,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.code = `E_ARTIFACT_${failure.toUpperCase().replaceAll('-', '_')}`;
  }

  /** Whether repeating the same call would fail the same way (a queue stops retrying): not for a passing network fault or a URL that expired. */
  get permanent(): boolean {
    return this.failure !== 'unreachable' && this.failure !== 'not-fetched' && this.failure !== 'failed';
  }
}
