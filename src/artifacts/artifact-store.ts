/** A bundle (a zip) on disk, ready to publish: stores read it as a stream and never hold it whole. */
export interface ArtifactFile {
  /** The file's path; the caller keeps it and may delete it once `publish` resolved. */
  readonly path: string;
  /** sha256 of the file's bytes, hex: what object stores key it by, so the same bundle is stored once. */
  readonly sha256: string;
  /** Size in bytes. */
  readonly size: number;
  /** Name shown at the end of the URL, e.g. `docs.zip`. */
  readonly name: string;
}

export interface PublishOptions {
  ttlMs?: number;
  signal?: AbortSignal;
  /**
   * Asked before each fetch of the URL: `false` (the run that published it lost its job, say to a
   * pause past its lock) withdraws the bundle, so an import sent before the pause never lands after
   * a newer one. Only the embedded server can ask; a bucket serves its presigned URL regardless.
   */
  stillWanted?: () => Promise<boolean>;
}

/** A bundle made reachable by URL for the API's import to fetch. */
export interface PublishedArtifact {
  /** Signed, unguessable and expiring: never log it. */
  readonly url: string;
  readonly expiresAt: Date;
  /** The store's handle for {@link ArtifactStore.release}. */
  readonly key: string;
}

/**
 * Where bundles go so the API can fetch them: the embedded HTTP server, or an S3-compatible bucket
 * with presigned URLs. A bundle is published before the API is asked to import it, and released
 * once the import has finished.
 */
export interface ArtifactStore {
  /** For messages: which store, and where (bucket and endpoint, or the server's base URL). Never a signed URL. */
  readonly description: string;
  /** Origin the API fetches bundles from (what the reachability guard checks); none when nothing can be served by URL. */
  readonly origin: URL | undefined;
  /** Makes the file reachable at an unguessable URL valid for `ttlMs` (default: the store's TTL). */
  publish(file: ArtifactFile, options?: PublishOptions): Promise<PublishedArtifact>;
  /** Deletes a published bundle once the API has fetched it; deleting one already gone is not an error. */
  release(artifact: PublishedArtifact): Promise<void>;
  close(): Promise<void>;
}
