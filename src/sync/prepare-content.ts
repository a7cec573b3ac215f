import { join } from 'node:path';
import { createBundle } from '../content/create-bundle.js';
import type { DocsSnapshot, PageNode } from '../content/docs-snapshot.js';
import { GitRefSource } from '../content/git-ref-source.js';
import { HashCache } from '../content/hash-cache.js';
import { readDocsRepo } from '../content/read-docs-repo.js';
import type { TreeSource } from '../content/tree-source.js';
import { WorktreeSource } from '../content/worktree-source.js';
import type { SpaceTarget } from '../config/config-schema.js';
import type { PreparedContent } from './prepared-content.js';

export interface PrepareOptions {
  /** Folder for per-target hash caches; none means every read hashes every file. */
  cacheDir?: string | undefined;
}

/**
 * Reads a target's docs from its source (working tree or a git ref), hashes them through the
 * per-target cache, and defers zipping until an import needs the bytes.
 */
export async function prepareContent(target: SpaceTarget, options: PrepareOptions = {}): Promise<PreparedContent> {
  const gitSource = target.source === 'worktree' ? undefined : await GitRefSource.open(target.directory, target.source);
  const source: TreeSource = gitSource ?? new WorktreeSource(target.directory);
  const cache = options.cacheDir === undefined ? HashCache.inMemory() : await HashCache.load(join(options.cacheDir, `${target.name}.json`));
  const snapshot = await readDocsRepo(source, { cache });
  await cache.save();
  const commit = gitSource ? await gitSource.headCommit() : undefined;
  return {
    contentHash: snapshot.contentHash,
    pageCount: countPages(snapshot),
    warnings: [...snapshot.warnings],
    commit: commit ? { oid: commit.oid, subject: commit.subject } : undefined,
    snapshot,
    bundle: async () => (await createBundle(snapshot, source)).bytes,
    readFile: async (path) => {
      const file = snapshot.files.find((f) => f.path === path);
      if (!file) throw new Error(`${path} is not part of the docs snapshot of ${snapshot.source}.`);
      return file.bytes ?? source.read(file.sourcePath);
    },
  };
}

function countPages(snapshot: DocsSnapshot): number {
  const count = (pages: readonly PageNode[]): number => pages.reduce((n, page) => n + 1 + count(page.children), 0);
  return snapshot.pages.reduce((n, group) => n + count(group.pages), 0);
}
