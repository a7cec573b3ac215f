import { createHash } from 'node:crypto';
import { comparePaths } from '../compare-paths.js';

/** A page the target must hold: its path in the source repository and the git blob id of its file. */
export interface ExpectedPage {
  readonly path: string;
  readonly oid: string;
}

/** A file (asset) the target must hold, by the same two keys. */
export type ExpectedFile = ExpectedPage;

/**
 * What the target must hold once an item is imported.
 * - `exact`: docsync built the bundle (folder, git, space) or read the archive (zip URL), so it knows
 *   every page's path and blob id; the live pages must match them one for one.
 * - `page-count`: the platform converts the source itself (website, html, markdown), so only the
 *   number of pages is known in advance: exactly (one document), or a least number (a website,
 *   which the platform may crawl).
 * An exact expectation with `files` also holds the live files to the bundle's assets.
 */
export type ContentExpectation =
  | { readonly kind: 'exact'; readonly pages: readonly ExpectedPage[]; readonly files?: readonly ExpectedFile[] | undefined }
  | { readonly kind: 'page-count'; readonly pages: number; readonly atLeast?: boolean; readonly reason: string };

/** sha256 over the sorted `path<TAB>oid` lines: same pages with the same bytes, same fingerprint. */
export function contentFingerprint(pages: readonly ExpectedPage[]): string {
  const hash = createHash('sha256');
  for (const page of [...pages].sort((a, b) => comparePaths(a.path, b.path))) hash.update(`${page.path}\t${page.oid}\n`);
  return hash.digest('hex');
}
