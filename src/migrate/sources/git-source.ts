import { GitRefSource } from '../../content/git/git-ref-source.js';
import { readDocsRepo } from '../../content/read-docs-repo.js';
import { sourceLabel, type SourceSpec } from '../plan-schema.js';
import type { GitCache } from './git-cache.js';
import type { ResolvedSource } from './resolved-source.js';
import { snapshotSource } from './snapshot-source.js';

/**
 * A git repository: cloned into (or fetched in) the cache, `ref` resolved against the remote's
 * branches first, the docs read from that commit's tree below `subfolder` (no checkout).
 */
export async function resolveGitSource(spec: Extract<SourceSpec, { kind: 'git' }>, git: GitCache): Promise<ResolvedSource> {
  const repository = await git.open(spec.url);
  const commit = await repository.resolveFetchedCommit(spec.ref);
  const source = await GitRefSource.open(repository.directory, commit);
  const snapshot = await readDocsRepo(source, { directory: spec.subfolder });
  const info = await source.headCommit();
  return snapshotSource({
    kind: 'git',
    label: `${sourceLabel(spec)} (${commit.slice(0, 12)})`,
    snapshot,
    source,
    bundleName: 'repository.zip',
    commit: info,
  });
}
