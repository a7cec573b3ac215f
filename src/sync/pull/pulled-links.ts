import path from 'node:path';
import { normalizeDocPath } from '../../content/gitbook/doc-path.js';
import { scanLink } from '../../content/gitbook/scan-link.js';

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** `src="…"` of raw HTML (`<img>`) and `url="…"` of GitBook's `{% content-ref %}` / `{% file src %}`. */
const ATTRIBUTE = /\b(src|url)=(["'])(.*?)\2/g;
/** A frontmatter block. */
const FRONTMATTER = /^\uFEFF?---[ \t]*\r?\n(?:[\s\S]*?\r?\n)?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/** Where the pages and files of a pulled space go, and where they came from. */
export interface PulledLinks {
  /** Page id → its file in the pulled folder. */
  readonly pageFiles: ReadonlyMap<string, string>;
  /** File id → its path in the pulled folder. */
  readonly assetFiles: ReadonlyMap<string, string>;
  /** The path a page or file had in git (in the pulled folder's terms) → where it goes now. */
  readonly byOrigin: ReadonlyMap<string, string>;
}

/**
 * A page's markdown with every link into the space made a relative path from the page's file, the
 * anchor kept: `/files/<id>` and `/pages/<id>` (what the API answers for a file or page), and a
 * relative link written for the page's old place (`origin`, its git path when known) that names a
 * page or file now written elsewhere. Links that already resolve, external links and links the space
 * cannot answer are left byte for byte.
 */
export function rewritePulledLinks(markdown: string, file: string, origin: string, links: PulledLinks): string {
  const replace = (target: string): string | undefined => {
    const cut = target.search(/[#?]/);
    const bare = cut < 0 ? target : target.slice(0, cut);
    const suffix = cut < 0 ? '' : target.slice(cut);
    const to = destination(bare.trim(), origin, links);
    // Already leading there from the page's file: left as written.
    if (to === undefined || resolve(bare.trim(), file) === to) return undefined;
    const relative = path.posix.relative(path.posix.dirname(file), to) || path.posix.basename(to);
    return `${relative.split('/').map(encodeSegment).join('/')}${suffix}`;
  };
  const block = FRONTMATTER.exec(markdown)?.[0] ?? '';
  let out = block;
  let from = block.length;
  for (let at = markdown.indexOf('[', from); at >= 0; at = markdown.indexOf('[', at + 1)) {
    if (at < from) continue;
    const link = scanLink(markdown, at);
    if (link === undefined) continue;
    const next = replace(link.target);
    if (next === undefined) continue;
    const open = markdown.lastIndexOf('](', link.end - 1) + 2;
    const where = markdown.indexOf(link.target, open);
    if (where < 0 || where + link.target.length >= link.end) continue;
    out += markdown.slice(from, where) + next;
    from = where + link.target.length;
    at = link.end - 1;
  }
  out += markdown.slice(from);
  return out.replace(ATTRIBUTE, (whole, key: string, quote: string, target: string) => {
    const next = replace(target);
    return next === undefined ? whole : `${key}=${quote}${next}${quote}`;
  });
}

/** Where a link's path leads in the pulled folder, when it names a page or file of the space. */
function destination(bare: string, origin: string, links: PulledLinks): string | undefined {
  if (bare === '' || SCHEME.test(bare) || bare.startsWith('//')) return undefined;
  const api = /^\/(files|pages)\/([^/]+)$/.exec(bare);
  if (api !== null) return (api[1] === 'files' ? links.assetFiles : links.pageFiles).get(api[2] ?? '');
  const resolved = resolve(bare, origin);
  return resolved === undefined ? undefined : links.byOrigin.get(resolved);
}

/** A link's path from the file `from`, in the folder's terms; rooted links from the folder's top. */
function resolve(bare: string, from: string): string | undefined {
  let decoded = bare;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    // a literal % in a file name
  }
  return normalizeDocPath(decoded.startsWith('/') ? decoded.slice(1) : path.posix.join(path.posix.dirname(from), decoded));
}

/** Percent-encoded where a markdown destination needs it (spaces, parentheses, `%`, `#`, `?`). */
function encodeSegment(segment: string): string {
  return segment.replace(/[\s()%#?<>"]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
