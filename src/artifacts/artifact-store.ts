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
  /** Origin the API fetches bundles from (what the reachability guard checks). */
  readonly origin: URL;
  /** Makes the file reachable at an unguessable URL valid for `ttlMs` (default: the store's TTL). */
  publish(file: ArtifactFile, options?: { ttlMs?: number; signal?: AbortSignal }): Promise<PublishedArtifact>;
  /** Deletes a published bundle once the API has fetched it; deleting one already gone is not an error. */
  release(artifact: PublishedArtifact): Promise<void>;
  close(): Promise<void>;
}
