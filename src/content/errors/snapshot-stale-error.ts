import { ContentError } from './content-error.js';

/** A file's bytes no longer match the snapshot being bundled: the tree changed in between. */
export class SnapshotStaleError extends ContentError {
  override readonly code = 'E_CONTENT_STALE';
  readonly path: string;

  constructor(source: string, path: string) {
    super(`${path} in ${source} changed after it was read; read the tree again, then bundle.`);
    this.name = 'SnapshotStaleError';
    this.path = path;
  }
}
