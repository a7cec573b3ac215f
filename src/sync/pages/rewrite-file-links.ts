import { joinDocPath, normalizeDocPath, parentOf } from '../../content/gitbook/doc-path.js';
import { scanLink } from '../../content/gitbook/scan-link.js';

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** `src="…"` of raw HTML (`<img>`) and GitBook's `{% file src="…" %}`. */
const SRC_ATTRIBUTE = /\bsrc=(["'])(.*?)\1/g;
/** A frontmatter block, as `splitFrontmatter` cuts it. */
const FRONTMATTER = /^\uFEFF?---[ \t]*\r?\n(?:[\s\S]*?\r?\n)?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;
/** Its `cover:` line, the value plain or quoted. */
const COVER = /^(cover:[ \t]*)(?:"([^"\r\n]*)"|'([^'\r\n]*)'|([^\s'"#][^\r\n]*?))([ \t]*\r?)$/m;

/**
 * The file (by path in the docs root) a link of the page at `pagePath` points at: relative to the
 * page's folder or rooted at the docs root, URL-encoded or not. Undefined for external links and
 * links out of the docs root.
 */
export function linkedPath(pagePath: string, target: string): string | undefined {
  const bare = target.trim().replace(/[#?].*$/s, '');
  if (bare === '' || SCHEME.test(bare) || bare.startsWith('//')) return undefined;
  let decoded = bare;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    // a literal % in a file name
  }
  return normalizeDocPath(decoded.startsWith('/') ? decoded : joinDocPath(parentOf(pagePath), decoded));
}

/**
 * The page's markdown with its links to files replaced by what the API knows them as: `./<ref>` for
 * a file uploaded in the same batch, `/files/<id>` for one the change request holds. The frontmatter's
 * `cover:` is one too: the API has no paths for files, so a cover left as a path would be dropped.
 * `replacement` answers by path in the docs root; links it does not know are left as written.
 */
export function rewriteFileLinks(markdown: string, pagePath: string, replacement: (path: string) => string | undefined): string {
  const swap = (target: string): string | undefined => {
    const path = linkedPath(pagePath, target);
    return path === undefined ? undefined : replacement(path);
  };
  let out = '';
  let from = 0;
  for (let at = markdown.indexOf('[', from); at >= 0; at = markdown.indexOf('[', at + 1)) {
    if (at < from) continue;
    const link = scanLink(markdown, at);
    if (link === undefined) continue;
    const next = swap(link.target);
    if (next !== undefined) {
      const text = markdown.slice(at, link.end);
      const open = text.indexOf('](');
      const title = link.title === undefined ? '' : ` "${link.title.replace(/"/g, '\\"')}"`;
      out += `${markdown.slice(from, at)}${text.slice(0, open)}](${next}${title})`;
      from = link.end;
    }
  }
  out += markdown.slice(from);
  const block = FRONTMATTER.exec(out)?.[0];
  if (block !== undefined) {
    const cover = block.replace(COVER, (whole, key: string, double?: string, single?: string, plain?: string, end?: string) => {
      const next = swap(double ?? single ?? plain ?? '');
      return next === undefined ? whole : `${key}${next}${end ?? ''}`;
    });
    out = cover + out.slice(block.length);
  }
  return out.replace(SRC_ATTRIBUTE, (whole, quote: string, target: string) => {
    const next = swap(target);
    return next === undefined ? whole : `src=${quote}${next}${quote}`;
  });
}
