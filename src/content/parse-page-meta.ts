import matter from '@11ty/gray-matter';
import { parseDocument } from 'yaml';
import type { LineNote } from './line-note.js';
import { scanLink } from './scan-link.js';
import { yamlErrorSummary } from './yaml-error.js';

/** A file a page points at relatively (an image, a download), as written, at a line of the page. */
export interface PageRef {
  readonly target: string;
  readonly line: number;
  /** Images are worth a warning when missing; other links may be site routes. */
  readonly image: boolean;
}

/** What docsync needs from a page, JSON-safe so a cache can keep it. The markdown itself is never kept. */
export interface PageMeta {
  /** Text of the first `# ` heading outside code blocks. */
  readonly heading?: string;
  readonly description?: string;
  readonly icon?: string;
  readonly hidden?: boolean;
  /** GitBook's `layout.*` block (title, description, tableOfContents, outline, pagination visibility…). */
  readonly layout?: Record<string, unknown>;
  readonly refs: readonly PageRef[];
  readonly notes: readonly LineNote[];
  /** The file holds NUL bytes: binary data under a `.md` name, not a page. */
  readonly binary?: true;
}

const HAS_FRONTMATTER = /^---[ \t]*\n(?:[\s\S]*?\n)?(?:---|\.\.\.)[ \t]*(?:\n|$)/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/;
const IMG_SRC = /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const FILE_TAG = /\{%\s*file\s+src\s*=\s*"([^"]*)"/g;
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i;
const FILE_LINK = /\.(?!md$)[a-z0-9]{1,8}$/i;

/**
 * Reads a page's frontmatter (`description`, `icon`, `hidden`, `layout`), its first `# ` heading and
 * the local files it references. Bad frontmatter becomes a note naming its line, never an error.
 */
export function parsePageMeta(text: string): PageMeta {
  if (text.includes('\u0000')) return { refs: [], notes: [], binary: true };
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const notes: LineNote[] = [];
  let data: Record<string, unknown> = {};
  let body = source;
  const block = HAS_FRONTMATTER.exec(source)?.[0];
  if (block !== undefined) {
    body = source.slice(block.length);
    try {
      // Only the block goes to gray-matter: it keys a lookup by its whole input, costly for long pages.
      // Passing options keeps it from caching every input in a module-level map.
      const parsed = matter(block, { engines: { yaml: parseYamlMapping } });
      data = isRecord(parsed.data) ? parsed.data : {};
    } catch (error) {
      const { line, reason } = yamlErrorSummary(error);
      // gray-matter hands over the text after the opening `---` including its newline: lines match the file's.
      notes.push({ line: line ?? 1, message: `frontmatter is not valid YAML (${reason}); ignored` });
    }
  }
  const bodyFirstLine = source.slice(0, source.length - body.length).split('\n').length;
  const meta = { ...frontmatterFields(data, notes), ...scanBody(body, bodyFirstLine) };
  return { ...meta, notes };
}

function frontmatterFields(data: Record<string, unknown>, notes: LineNote[]): Omit<PageMeta, 'refs' | 'notes'> {
  const fields: { -readonly [K in keyof PageMeta]?: PageMeta[K] } = {};
  const wrongType = (key: string, expected: string): void => {
    notes.push({ line: 1, message: `frontmatter "${key}" should be ${expected}; ignored` });
  };
  const { description, icon, hidden, layout } = data;
  if (typeof description === 'string') fields.description = description;
  else if (description !== undefined && description !== null) wrongType('description', 'text');
  if (typeof icon === 'string') fields.icon = icon;
  else if (icon !== undefined && icon !== null) wrongType('icon', 'text');
  if (typeof hidden === 'boolean') fields.hidden = hidden;
  else if (hidden === 'true' || hidden === 'false') fields.hidden = hidden === 'true';
  else if (hidden !== undefined && hidden !== null) wrongType('hidden', 'true or false');
  if (isRecord(layout)) fields.layout = JSON.parse(JSON.stringify(layout)) as Record<string, unknown>;
  else if (layout !== undefined && layout !== null) wrongType('layout', 'a mapping');
  return fields;
}

function scanBody(body: string, firstLine: number): { heading?: string; refs: PageRef[] } {
  let heading: string | undefined;
  const refs: PageRef[] = [];
  let fence: string | undefined;
  body.split('\n').forEach((line, index) => {
    const lineNumber = firstLine + index;
    const fenceMark = line.includes('``') || line.includes('~~') ? FENCE.exec(line)?.[1] : undefined;
    if (fenceMark !== undefined) {
      if (fence === undefined) fence = fenceMark;
      else if (fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = undefined;
      return;
    }
    if (fence !== undefined) return;
    if (heading === undefined && line.includes('#')) heading = HEADING.exec(line)?.[1]?.trim();
    for (let at = line.indexOf('['); at >= 0; at = line.indexOf('[', at + 1)) {
      const link = scanLink(line, at);
      if (link === undefined) continue;
      const image = line[at - 1] === '!';
      if (!EXTERNAL.test(link.target) && (image || FILE_LINK.test(link.target.replace(/[#?].*$/s, '')))) {
        refs.push({ target: link.target, line: lineNumber, image });
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
    refs.push({ target: target.trim(), line, image: true });
  }
}

function parseYamlMapping(input: string): object {
  const doc = parseDocument(input, { uniqueKeys: false });
  const error = doc.errors[0];
  if (error !== undefined) throw error;
  const data: unknown = doc.toJS();
  return isRecord(data) ? data : {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
