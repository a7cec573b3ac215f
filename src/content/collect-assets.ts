import type { LoadedFile } from './content-loader.js';
import { joinDocPath, parentOf } from './doc-path.js';
import type { FileIndex } from './file-index.js';
import { resolveLink } from './resolve-link.js';

/**
 * The non-page files a bundle needs: everything under `<root>/.gitbook/assets/`, plus files pages
 * reference relatively elsewhere under the root. A missing image, or one outside the root, is a
 * warning naming the page and line; other missing links are left alone (they may be site routes).
 */
export function collectAssets(
  index: FileIndex,
  root: string,
  pages: ReadonlyMap<string, LoadedFile>,
  warnings: string[],
): string[] {
  const assets = new Set(index.under(joinDocPath(root, '.gitbook/assets')).map((entry) => entry.path));
  for (const [pagePath, file] of pages) {
    for (const ref of file.page?.refs ?? []) {
      const found = resolveLink(parentOf(pagePath), ref.target, { root, index, page: false });
      if (found.kind === 'file') {
        if (!pages.has(found.path)) assets.add(found.path);
        if (found.note !== undefined) warnings.push(`${pagePath}:${ref.line}: "${ref.target}" ${found.note}; fix its case`);
      } else if (ref.image && found.kind === 'missing') {
        warnings.push(`${pagePath}:${ref.line}: image "${ref.target}" not found (looked for ${found.path}); not bundled`);
      } else if (ref.image && found.kind === 'outside') {
        warnings.push(`${pagePath}:${ref.line}: image "${ref.target}" is outside the docs root; not bundled`);
      }
    }
  }
  return [...assets];
}
