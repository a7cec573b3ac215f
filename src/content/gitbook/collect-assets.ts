import { type AssetRules, patternMatcher } from './asset-rules.js';
import type { LoadedFile } from '../content-loader.js';
import { joinDocPath, parentOf, relativeTo } from './doc-path.js';
import type { FileIndex } from '../file-index.js';
import type { PageMeta } from './parse-page-meta.js';
import { type LinkIndex, resolveLink } from './resolve-link.js';

/** MOST_NAMED paths are named in a warning; the rest are counted. */
const MOST_NAMED = 20;

/**
 * The non-page files a bundle needs: the files pages reference (links, images, `{% file %}`, `cover:`
 * and file icons), the files `SUMMARY.md` links to, and those `rules.include` matches, minus those
 * `rules.exclude` matches. A missing image, or one outside the root, is a warning naming the page and
 * line; other missing links are left alone (they may be site routes). Files under `.gitbook/assets/`
 * that end up unbundled are named in one warning. In steps, one page each, so a caller can let the
 * event loop run between them.
 */
export function* collectAssets(
  index: FileIndex,
  root: string,
  pages: ReadonlyMap<string, LoadedFile>,
  summaryFiles: readonly string[],
  rules: AssetRules,
  warnings: string[],
): Generator<void, string[], void> {
  const included = patternMatcher(rules.include);
  const excluded = patternMatcher(rules.exclude);
  const relative = (path: string): string => relativeTo(root, path) ?? path;
  const assets = new Set<string>(summaryFiles);
  for (const [pagePath, file] of pages) {
    const meta = file.page;
    if (meta === undefined) continue;
    const linked = linkedFiles(pagePath, meta, root, index);
    for (const path of linked.paths) if (!pages.has(path)) assets.add(path);
    warnings.push(...linked.warnings);
    yield;
  }
  if (rules.include.length > 0) {
    for (const { path } of index.under(root)) {
      if (!/\.md$/i.test(path) && included(relative(path))) assets.add(path);
    }
  }
  const bundled = [...assets].filter((path) => !excluded(relative(path)));

  const kept = new Set(bundled);
  const left = index
    .under(joinDocPath(root, '.gitbook/assets'))
    .map((entry) => entry.path)
    .filter((path) => !kept.has(path));
  if (left.length > 0) {
    const named = left.slice(0, MOST_NAMED).map(relative).join(', ');
    const more = left.length > MOST_NAMED ? ` and ${left.length - MOST_NAMED} more` : '';
    const files = left.length === 1 ? '1 file' : `${left.length} files`;
    warnings.push(
      `${joinDocPath(root, '.gitbook/assets')}: ${files} referenced by no page, so not bundled: ${named}${more} (add a pattern to the target's assets.include to bundle them)`,
    );
  }
  return bundled;
}

/** The files one page's references point at (pages among them), and the warnings about those that are missing or outside. */
export interface LinkedFiles {
  readonly paths: readonly string[];
  readonly warnings: readonly string[];
}

/** What the references of the page at `pagePath` (from the source's top) point at. */
export function linkedFiles(pagePath: string, meta: Pick<PageMeta, 'refs'>, root: string, index: LinkIndex): LinkedFiles {
  const paths: string[] = [];
  const warnings: string[] = [];
  for (const ref of meta.refs) {
    const found = resolveLink(parentOf(pagePath), ref.target, { root, index, page: false });
    if (found.kind === 'file') {
      paths.push(found.path);
      if (found.note !== undefined) warnings.push(`${pagePath}:${ref.line}: "${ref.target}" ${found.note}; fix its case`);
    } else if (ref.image && found.kind === 'missing') {
      warnings.push(`${pagePath}:${ref.line}: image "${ref.target}" not found (looked for ${found.path}); not bundled`);
    } else if (ref.image && found.kind === 'outside') {
      warnings.push(`${pagePath}:${ref.line}: image "${ref.target}" is outside the docs root; not bundled`);
    }
  }
  return { paths, warnings };
}
