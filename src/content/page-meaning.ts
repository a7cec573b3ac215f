import { posix } from 'node:path';
import { decodeText } from './clean-text.js';
import { parsePageMeta } from './parse-page-meta.js';
import { splitFrontmatter } from './split-frontmatter.js';

/**
 * What a page file says to the platform: the frontmatter fields an import sets, and the body. Two
 * files that say the same compare equal (`isDeepStrictEqual`) however their YAML is written: quoted
 * or plain, folded with `>-` or on one line, `hidden: false` or nothing.
 */
export interface PageMeaning {
  readonly description: string | undefined;
  readonly icon: string | undefined;
  readonly hidden: boolean;
  /** A cover file by its path in the docs root (or a URL), and its vertical offset. */
  readonly cover: { readonly image: string; readonly yPos: number } | undefined;
  readonly body: string;
}

/** The frontmatter keys whose meaning {@link PageMeaning} holds in full. */
const KNOWN = new Set(['description', 'icon', 'hidden', 'cover', 'coverY']);
const URL = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The meaning of the page file at `path` (in the docs root). Undefined when only its bytes can tell:
 * frontmatter that is not valid YAML, or that sets keys beyond those above (`layout`, …) and
 * `comparedApart`, keys the caller compares on its own.
 */
export function pageMeaning(path: string, bytes: Uint8Array, comparedApart: readonly string[] = []): PageMeaning | undefined {
  const text = decodeText(bytes);
  const page = splitFrontmatter(text);
  if (page.notes.length > 0 || Object.keys(page.data).some((key) => !KNOWN.has(key) && !comparedApart.includes(key))) return undefined;
  const meta = parsePageMeta(text);
  if (meta.binary === true || meta.notes.length > 0) return undefined;
  return {
    description: nonEmpty(meta.description),
    icon: nonEmpty(meta.icon),
    hidden: meta.hidden === true,
    cover: meta.cover === undefined ? undefined : { image: coverPath(path, meta.cover), yPos: meta.coverY ?? 0 },
    body: page.body,
  };
}

/** An empty value sets nothing, as no value does. */
export function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/** A cover as written (relative to its page, percent-encoded or not) as a path in the docs root. */
function coverPath(page: string, cover: string): string {
  if (URL.test(cover)) return cover;
  let decoded = cover;
  try {
    decoded = decodeURIComponent(cover);
  } catch {
    // Not percent-encoded after all: the path as written.
  }
  return decoded.startsWith('/') ? posix.normalize(decoded.slice(1)) : posix.normalize(posix.join(posix.dirname(page), decoded));
}
