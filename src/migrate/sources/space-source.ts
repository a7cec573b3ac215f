import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { NotFoundError } from '../../api/errors/not-found-error.js';
import { PermissionError } from '../../api/errors/permission-error.js';
import type { Page } from '../../api/schemas/content.js';
import { TreeIgnore } from '../../content/git/tree-ignore.js';
import { WorktreeSource } from '../../content/git/worktree-source.js';
import type { DocsSnapshot } from '../../content/gitbook/docs-snapshot.js';
import { snapshotFileReader } from '../../content/snapshot-file-reader.js';
import { pullSpace } from '../../sync/pull/pull-space.js';
import { MigrationSourceError } from '../errors/migration-source-error.js';
import { bundleSnapshot } from './bundle-snapshot.js';
import type { ResolveDeps, ResolvedSource } from './resolved-source.js';

/**
 * Another space, read through the API. Resolving reads its page list (one call: it exists, the token
 * can read it, how many pages); preparing pulls it as `docsync pull` does into a temporary
 * GitBook-format folder and bundles that, so the target gets the same pages, page for page.
 */
export async function resolveSpaceSource(spaceId: string, deps: ResolveDeps): Promise<ResolvedSource> {
  let pages: number;
  try {
    pages = countDocuments(await deps.api.content.listPages({ spaceId }, { signal: deps.signal }));
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof PermissionError) {
      throw new MigrationSourceError(`source space "${spaceId}" cannot be read: ${error.message}`, { permanent: true, cause: error });
    }
    throw error;
  }
  const directory = path.join(deps.tempDir, `space-${spaceId.replace(/[^A-Za-z0-9._-]/g, '_')}-${randomBytes(6).toString('hex')}`);
  const dispose = (): Promise<void> => rm(directory, { recursive: true, force: true });
  const pull = async (): Promise<{ snapshot: DocsSnapshot; source: WorktreeSource }> => {
    await dispose();
    await mkdir(deps.tempDir, { recursive: true });
    const pulled = await pullSpace({ api: deps.api, logger: deps.logger, download: deps.download }, { spaceId, directory, isolated: true });
    return { snapshot: pulled.snapshot, source: new WorktreeSource(directory, { ignore: TreeIgnore.isolated(directory) }) };
  };
  return {
    kind: 'space',
    label: spaceId,
    pages,
    warnings: [],
    async prepare() {
      const pulled = await pull();
      const bundle = await bundleSnapshot(pulled.snapshot, pulled.source);
      return {
        payload: { type: 'bundle', bytes: bundle.bytes, name: 'space.zip' },
        expectation: { kind: 'exact', pages: bundle.pages },
        contentHash: bundle.contentHash,
      };
    },
    async pageContent() {
      const pulled = await pull();
      return { snapshot: pulled.snapshot, readMany: snapshotFileReader(pulled.snapshot, pulled.source) };
    },
    dispose,
  };
}

function countDocuments(pages: readonly Page[]): number {
  return pages.reduce((n, page) => n + (page.type === 'document' ? 1 : 0) + countDocuments(page.pages ?? []), 0);
}
