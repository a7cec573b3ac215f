import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { decodeText } from './clean-text.js';
import { documentTitle } from './document-title.js';
import { parsePageMeta } from './parse-page-meta.js';
import { liveTitle, titledBody, type PageTitling } from './page-titling.js';
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

/** What every page says, whatever else its frontmatter sets: the metadata an import sets on any page, its title and layout, and the body. */
export interface PageEssentials {
  readonly body: string;
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly icon?: string | undefined;
  readonly hidden?: boolean | undefined;
  /** The layout's switches (`layout.outline.visible: false`, or the live page's `outline: false`); unset ones are shown. */
  readonly layout?: Readonly<Record<string, unknown>> | undefined;
}

/** The layout switches a page's frontmatter sets and the platform shows, in the order GitBook writes them; each shown unless set off. */
export const LAYOUT_SWITCHES = ['title', 'description', 'tableOfContents', 'outline', 'pagination'] as const;

/**
 * A hash of what a page says, looser than {@link pageMeaning}: frontmatter compared by value, the body
 * with line endings, trailing spaces and trailing blank lines evened out; covers and other keys
 * left out. A page written back from the platform's copy has the fingerprint of the file it came from.
 */
export function pageFingerprint(page: PageEssentials): string {
  const fields = [
    normalizeBody(page.body),
    nonEmpty(page.description),
    nonEmpty(page.icon),
    page.hidden === true ? true : undefined,
    page.title,
    hiddenSwitches(page.layout),
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/**
 * The {@link pageFingerprint} of a page file as the reader takes it in, titled as `titling` says.
 * `shownTitle`: the file is a live page's, and this the title the platform shows for it.
 */
export function fileFingerprint(file: Uint8Array | string, titling: PageTitling, shownTitle?: string): string {
  const text = typeof file === 'string' ? file : decodeText(file);
  const page = splitFrontmatter(text);
  const meta = parsePageMeta(text, page);
  const titled = titledBody(page.body, titling);
  const title = shownTitle ?? liveTitle(titling, documentTitle(text, { page, meta }), meta.heading);
  return pageFingerprint({ body: titled.body, title, description: meta.description, icon: meta.icon, hidden: meta.hidden, layout: meta.layout });
}

/** The switches of a layout that hide something, `outline: {visible: false}` and `outline: false` alike. */
export function hiddenSwitches(layout: Readonly<Record<string, unknown>> | undefined): string[] {
  return LAYOUT_SWITCHES.filter((key) => {
    const value = layout?.[key];
    return (typeof value === 'object' && value !== null && 'visible' in value ? value.visible : value) === false;
  });
}

function normalizeBody(body: string): string {
  return body
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n+$/, '')
    .replace(/^\n+/, '');
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
