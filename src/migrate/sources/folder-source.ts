import { stat } from 'node:fs/promises';
import { readDocsRepo } from '../../content/read-docs-repo.js';
import { WorktreeSource } from '../../content/git/worktree-source.js';
import { MigrationSourceError } from '../errors/migration-source-error.js';
import { sourceLabel, type SourceSpec } from '../plan-schema.js';
import { snapshotSource } from './snapshot-source.js';
import type { ResolvedSource } from './resolved-source.js';

/** A GitBook-format folder on disk: read, hashed and (on prepare) zipped. */
export async function resolveFolderSource(spec: Extract<SourceSpec, { kind: 'folder' }>): Promise<ResolvedSource> {
  const label = sourceLabel(spec);
  const info = await stat(spec.path).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new MigrationSourceError(`folder ${spec.path} does not exist or is not a directory`, { permanent: true });
  }
  const source = new WorktreeSource(spec.path);
  const snapshot = await readDocsRepo(source);
  return snapshotSource({ kind: 'folder', label, snapshot, source, bundleName: 'folder.zip' });
}
