import { ContentError } from '../../content/errors/content-error.js';
import { SnapshotStaleError } from '../../content/errors/snapshot-stale-error.js';
import { MigrationSourceError } from '../errors/migration-source-error.js';
import type { SourceSpec } from '../plan-schema.js';
import { resolveFolderSource } from './folder-source.js';
import { resolveGitSource } from './git-source.js';
import type { ResolveDeps, ResolvedSource } from './resolved-source.js';
import { resolveSpaceSource } from './space-source.js';
import { resolveUrlSource } from './url-source.js';

/**
 * Finds and reads an item's source far enough to know it is valid and how many pages it has. Reader
 * and git failures (missing folder, no docs root, clone refused, unknown ref) become permanent
 * `MigrationSourceError`s; a tree that changed while read is worth another try.
 */
export async function resolveSource(spec: SourceSpec, deps: ResolveDeps): Promise<ResolvedSource> {
  try {
    switch (spec.kind) {
      case 'folder':
        return await resolveFolderSource(spec);
      case 'git':
        return await resolveGitSource(spec, deps.git);
      case 'space':
        return await resolveSpaceSource(spec.spaceId, deps);
      default:
        return await resolveUrlSource(spec, deps);
    }
  } catch (error) {
    if (error instanceof ContentError) {
      throw new MigrationSourceError(error.message, { permanent: !(error instanceof SnapshotStaleError), cause: error });
    }
    throw error;
  }
}
