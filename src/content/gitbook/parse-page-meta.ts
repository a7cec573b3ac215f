import { detachText } from './detach-text.js';
import type { LineNote } from './line-note.js';
import { scanLink } from './scan-link.js';
import { splitFrontmatter, type SplitPage } from './split-frontmatter.js';
import { isRecord } from './is-record.js';

/** A file a page points at relatively (an image, a download), as written, at a line of the page. */
export interface PageRef {
  readonly target: string;
  readonly line: number;
  /** Images are worth a warning when missing; other links may be site routes. */
  readonly image: boolean;
}

/**
 * What docsync needs from a page, JSON-safe so a cache can keep it. The markdown itself is never kept:
 * its texts are copies, not slices of the page's text (see {@link detachText}).
 */
export interface PageMeta {
  /**
   * Text of the leading heading: the document's first block (after frontmatter and blank lines) when
   * it is a `# ` heading. A `# ` further down titles nothing, as the 0.202.0 document says of
   * `insert_page` ("the document's frontmatter or leading heading").
   */
  readonly heading?: string;
  readonly description?: string;
  readonly icon?: string;
  readonly hidden?: boolean;
  /** GitBook's `layout.*` block (title, description, tableOfContents, outline, pagination visibility…). */
  readonly layout?: Record<string, unknown>;
  /** GitBook's `cover:` image, as written (a path relative to the page, or a URL). */
  readonly cover?: string;
  /** GitBook's `coverY:` vertical offset of the cover. */
  readonly coverY?: number;
  /** Local files the page points at (links, images, `{% file %}`, its cover and a file `icon`). */
  readonly refs: readonly PageRef[];
  readonly notes: readonly LineNote[];
  /** The file holds NUL bytes: binary data under a `.md` name, not a page. */
  readonly binary?: true;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/;
const IMG_SRC = /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const FILE_TAG = /\{%\s*file\s+src\s*=\s*"([^"]*)"/g;
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i;
const FILE_LINK = /\.(?!md$)[a-z0-9]{1,8}$/i;

/**
 * Reads a page's frontmatter (`description`, `icon`, `hidden`, `layout`), its leading `# ` heading and
 * the local files it references. Bad frontmatter becomes a note naming its line, never an error.
 * `page` is the text already split, for a caller that needs both: the YAML is then parsed once.
 */
export function parsePageMeta(text: string, page?: SplitPage): PageMeta {
  if (text.includes('\u0000')) return { refs: [], notes: [], binary: true };
  page ??= splitFrontmatter(text);
  const notes: LineNote[] = [...page.notes];
  const undecodable = text.indexOf('\uFFFD');
  if (undecodable >= 0) {
    // decodeText turned each byte that is not UTF-8 into U+FFFD, as for SUMMARY.md: the page would go live garbled.
    const line = text.slice(0, undecodable).split('\n').length;
    notes.push({ line, message: 'not UTF-8 (an unreadable byte became "\uFFFD"); the page may be garbled: save the file as UTF-8' });
  }
  const meta = frontmatterFields(page.data, notes);
  const body = scanBody(page.body.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'), page.bodyLine);
  // Frontmatter files come first: they are named at line 1, before any body reference.
  const refs: PageRef[] = [];
  addImage(refs, meta.cover, 1);
  if (meta.icon !== undefined && FILE_LINK.test(meta.icon)) addImage(refs, meta.icon, 1);
  // Set on the fields' object, not spread into a new one: V8 gives each object spread from one built
  // at run time a hidden class of its own, 200 bytes more for each of a read's 30,000 pages.
  if (body.heading !== undefined) meta.heading = body.heading;
  meta.refs = [...refs, ...body.refs];
  meta.notes = notes;
  return meta as PageMeta;
}

function frontmatterFields(data: Readonly<Record<string, unknown>>, notes: LineNote[]): { -readonly [K in keyof PageMeta]?: PageMeta[K] } {
  const fields: { -readonly [K in keyof PageMeta]?: PageMeta[K] } = {};
  const wrongType = (key: string, expected: string): void => {
    notes.push({ line: 1, message: `frontmatter "${key}" should be ${expected}; ignored` });
  };
  const { description, icon, hidden, layout, cover, coverY } = data;
  if (typeof description === 'string') fields.description = detachText(description);
  else if (description !== undefined && description !== null) wrongType('description', 'text');
  if (typeof icon === 'string') fields.icon = detachText(icon);
  else if (icon !== undefined && icon !== null) wrongType('icon', 'text');
  if (typeof hidden === 'boolean') fields.hidden = hidden;
  else if (hidden === 'true' || hidden === 'false') fields.hidden = hidden === 'true';
  else if (hidden !== undefined && hidden !== null) wrongType('hidden', 'true or false');
  if (isRecord(layout)) fields.layout = JSON.parse(JSON.stringify(layout)) as Record<string, unknown>;
  else if (layout !== undefined && layout !== null) wrongType('layout', 'a mapping');
  if (typeof cover === 'string' && cover.trim() !== '') fields.cover = detachText(cover.trim());
  else if (cover !== undefined && cover !== null) wrongType('cover', 'an image path or URL');
  if (typeof coverY === 'number' && Number.isFinite(coverY)) fields.coverY = coverY;
  else if (coverY !== undefined && coverY !== null) wrongType('coverY', 'a number');
  return fields;
}

function scanBody(body: string, firstLine: number): { heading?: string; refs: PageRef[] } {
  let heading: string | undefined;
  let firstBlock = true;
  const refs: PageRef[] = [];
  let fence: string | undefined;
  body.split('\n').forEach((line, index) => {
    const lineNumber = firstLine + index;
    if (firstBlock && line.trim() !== '') {
      firstBlock = false;
      const text = line.includes('#') ? HEADING.exec(line)?.[1]?.trim() : undefined;
      if (text !== undefined) heading = detachText(text);
    }
    const fenceMark = line.includes('``') || line.includes('~~') ? FENCE.exec(line)?.[1] : undefined;
    if (fenceMark !== undefined) {
      if (fence === undefined) fence = fenceMark;
      else if (fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = undefined;
      return;
    }
    if (fence !== undefined) return;
    for (let at = line.indexOf('['); at >= 0; at = line.indexOf('[', at + 1)) {
      const link = scanLink(line, at);
      if (link === undefined) continue;
      const image = line[at - 1] === '!';
      if (!EXTERNAL.test(link.target) && (image || FILE_LINK.test(link.target.replace(/[#?].*$/s, '')))) {
        refs.push({ target: detachText(link.target), line: lineNumber, image });
      }
      at = link.end - 1;
    }
    // Cheap guards first: these run on every line of every page.
    if (line.includes('<')) {
      for (const match of line.matchAll(IMG_SRC)) addImage(refs, match[1] ?? match[2] ?? match[3], lineNumber);
    }
    if (line.includes('{%')) {
      for (const match of line.matchAll(FILE_TAG)) addImage(refs, match[1], lineNumber);
    }
  });
  return heading === undefined ? { refs } : { heading, refs };
}

function addImage(refs: PageRef[], target: string | undefined, line: number): void {
  if (target !== undefined && target.trim() !== '' && !EXTERNAL.test(target.trim())) {
    refs.push({ target: detachText(target.trim()), line, image: true });
  }
}
