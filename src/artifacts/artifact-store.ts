/** A bundle made reachable by URL for the API's import to fetch. */
export interface PublishedArtifact {
  url: string;
  expiresAt: Date;
}

/**
 * Where bundles go so the API can fetch them. The embedded HTTP server is the first backend;
 * object storage with pre-signed URLs fits the same interface.
 */
export interface ArtifactStore {
  /** Stores the bytes and returns an unguessable URL valid for `ttlMs`. */
  publish(bytes: Uint8Array, options: { name: string; contentType: string; ttlMs?: number }): Promise<PublishedArtifact>;
  close(): Promise<void>;
}
