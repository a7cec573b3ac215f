import { joinDocPath, normalizeDocPath, relativeTo } from './doc-path.js';
import type { FileIndex } from '../file-index.js';

/** Where a link in `SUMMARY.md` or a page points. Paths are relative to the source's top. */
export type LinkResolution =
  | { readonly kind: 'file'; readonly path: string; readonly note: string | undefined }
  | { readonly kind: 'missing'; readonly path: string }
  | { readonly kind: 'outside' }
  | { readonly kind: 'external' };

/** Options of {@link resolveLink}. */
export interface ResolveLinkOptions {
  /** Docs root, relative to the source's top: rooted links (`/x.md`) start there, none may leave it. */
  readonly root: string;
  readonly index: LinkIndex;
  /** Also try `x/README.md` and `x.md` for `x` and `x/`, as page links allow. */
  readonly page: boolean;
}

/** The lookups a link is resolved by: a listing's. */
export type LinkIndex = Pick<FileIndex, 'has' | 'findIgnoringCase'>;

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Resolves a link destination against the listed files: relative to `fromFolder` or rooted at the docs
 * root, URL-encoded or not (`my%20page.md`, `My Image (1).png`), falling back to a match that ignores
 * case (reported in `note`).
 */
export function resolveLink(fromFolder: string, target: string, options: ResolveLinkOptions): LinkResolution {
  const bare = target.trim().replace(/[#?].*$/s, '');
  if (bare === '' || SCHEME.test(bare) || bare.startsWith('//')) return { kind: 'external' };
  const spellings = [safeDecode(bare), bare].filter((value, i, all) => value !== undefined && all.indexOf(value) === i);

  let firstMissing: string | undefined;
  for (const spelling of spellings as string[]) {
    const rooted = spelling.startsWith('/');
    const joined = normalizeDocPath(joinDocPath(rooted ? options.root : fromFolder, spelling.replace(/^\/+/, '')));
    if (joined === undefined || (joined !== options.root && relativeTo(options.root, joined) === undefined)) {
      return { kind: 'outside' };
    }
    const candidates = [joined];
    if (options.page && !/\.md$/i.test(joined)) candidates.push(joinDocPath(joined, 'README.md'), `${joined}.md`);
    const exact = candidates.find((candidate) => options.index.has(candidate));
    if (exact !== undefined) return { kind: 'file', path: exact, note: undefined };
    for (const candidate of candidates) {
      const found = options.index.findIgnoringCase(candidate);
      if (found !== undefined) return { kind: 'file', path: found, note: `matched "${found}" ignoring case` };
    }
    firstMissing ??= joined;
  }
  return { kind: 'missing', path: firstMissing ?? bare };
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined; // a literal % in a file name
  }
}
