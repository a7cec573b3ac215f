import { createHash } from 'node:crypto';
import { DownloadError } from '../../http/errors/download-error.js';
import { joinDocPath } from '../../content/gitbook/doc-path.js';
import { ArchiveError } from '../../content/errors/archive-error.js';
import { readDocsRepo } from '../../content/read-docs-repo.js';
import { snapshotFileReader } from '../../content/snapshot-file-reader.js';
import { type ContentExpectation, type ExpectedPage } from '../../content/bundle/content-expectation.js';
import { gitBlobOid } from '../../content/git/git-blob-oid.js';
import { MigrationSourceError } from '../errors/migration-source-error.js';
import { sourceLabel, type SourceSpec, type UrlSourceKind } from '../plan-schema.js';
import { snapshotPagePaths } from './bundle-snapshot.js';
import type { ResolveDeps, ResolvedSource, SourcePages } from './resolved-source.js';
import { ZipTreeSource } from './zip-tree-source.js';
import { comparePaths } from '../../content/compare-paths.js';

/** Beyond this, a source is not read by docsync (the API may still take it). */
const MAX_BYTES = 200 * 1024 * 1024;

/**
 * The longest a URL source may keep its item waiting, all tries included: a server that accepts the
 * connection and never answers would otherwise hold it for each try's timeout, times the tries, times
 * the item's retries. The item then fails for good (README: Migration).
 */
export const SOURCE_WAIT_MS = 120_000;

/**
 * A website, html page, markdown file or zip archive at a URL, which the API fetches itself: the URL
 * is passed to the import as is. docsync fetches it once too, to know it is reachable and what must
 * arrive: for a zip, every page and its blob id (read like a GitBook repository); for a markdown or
 * html document, which the platform converts, one page; for a website, at least one.
 */
export async function resolveUrlSource(
  spec: Extract<SourceSpec, { kind: UrlSourceKind }>,
  deps: Pick<ResolveDeps, 'download' | 'signal' | 'sourceWaitMs'>,
): Promise<ResolvedSource> {
  const label = sourceLabel(spec);
  const waitMs = deps.sourceWaitMs ?? SOURCE_WAIT_MS;
  const deadline = AbortSignal.timeout(waitMs);
  let bytes: Uint8Array;
  try {
    bytes = await deps.download(spec.url, { signal: deps.signal === undefined ? deadline : AbortSignal.any([deps.signal, deadline]), maxBytes: MAX_BYTES });
  } catch (error) {
    if (deadline.aborted && deps.signal?.aborted !== true) {
      throw new MigrationSourceError(
        `source ${label} did not answer within ${waitMs / 1000} s, all tries included; check that the server answers, then run the plan again`,
        {
          permanent: true,
          cause: error,
        },
      );
    }
    if (!(error instanceof DownloadError)) throw error;
    throw new MigrationSourceError(`source ${label} ${error.reason}`, { permanent: error.permanent, cause: error });
  }
  const contentHash = createHash('sha256').update(bytes).digest('hex');
  let expectation: ContentExpectation;
  let warnings: readonly string[] = [];
  let asPages: SourcePages | undefined;
  if (spec.kind === 'zip') {
    let source: ZipTreeSource;
    try {
      source = new ZipTreeSource(bytes, label);
    } catch (error) {
      // The reader's own message names the archive and the cap it passed.
      const message = error instanceof ArchiveError ? error.message : `${label} is not a readable zip archive (${(error as Error).message})`;
      throw new MigrationSourceError(message, { permanent: true, cause: error });
    }
    const snapshot = await readDocsRepo(source);
    warnings = snapshot.warnings;
    const pages: ExpectedPage[] = [];
    for (const path of snapshotPagePaths(snapshot)) {
      const full = joinDocPath(snapshot.root, path);
      pages.push({ path: full, oid: gitBlobOid(await source.read(full)) });
    }
    expectation = { kind: 'exact', pages: pages.sort((a, b) => comparePaths(a.path, b.path)) };
    asPages = { snapshot, readMany: snapshotFileReader(snapshot, source) };
  } else {
    expectation =
      spec.kind === 'website'
        ? { kind: 'page-count', pages: 1, atLeast: true, reason: 'a website import makes a page of the URL, and may follow its links' }
        : { kind: 'page-count', pages: 1, reason: `a ${spec.kind} import makes one page of the document` };
  }
  const pages = expectation.kind === 'exact' ? expectation.pages.length : expectation.pages;
  return {
    kind: spec.kind,
    label,
    pages,
    warnings,
    prepare: () => Promise.resolve({ payload: { type: 'url', url: spec.url, source: spec.kind }, expectation, contentHash }),
    // A zip docsync read can go page by page; the platform converts the other kinds itself.
    ...(asPages === undefined ? {} : { pageContent: () => Promise.resolve(asPages) }),
    dispose: () => Promise.resolve(),
  };
}
