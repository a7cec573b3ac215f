import { parsePageMeta } from '../../content/parse-page-meta.js';
import { splitFrontmatter } from '../../content/split-frontmatter.js';

/** What a markdown document sent in a content batch says about its page. */
export interface MarkdownDocument {
  /** The body without its frontmatter, verbatim (as imports keep it). */
  body: string;
  /** Frontmatter `title`, else the first `# ` heading. */
  title?: string;
  description?: string;
  icon?: string;
  hidden?: boolean;
  /** Frontmatter `cover:` as written (a URL, a batch ref or `/files/<id>`) and `coverY:`. */
  cover?: { target: string; yPos: number };
}

/**
 * Reads a page's markdown as Git Sync does, with docsync's own GitBook-format reader: the frontmatter
 * keys `description`, `icon`, `hidden`, `cover`, `coverY` (and `title`), and the title from the first
 * heading. Frontmatter that is not valid YAML is ignored, as on import.
 */
export function readMarkdownDocument(markdown: string): MarkdownDocument {
  const split = splitFrontmatter(markdown);
  const meta = parsePageMeta(markdown);
  const doc: MarkdownDocument = { body: split.body };
  const title = nonEmpty(typeof split.data.title === 'string' ? split.data.title : undefined) ?? nonEmpty(meta.heading);
  if (title !== undefined) doc.title = title;
  if (meta.description !== undefined) doc.description = meta.description;
  if (meta.icon !== undefined) doc.icon = meta.icon;
  if (meta.hidden !== undefined) doc.hidden = meta.hidden;
  if (meta.cover !== undefined) doc.cover = { target: meta.cover, yPos: meta.coverY ?? 0 };
  return doc;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.replace(/[\u200B-\u200D\uFEFF]/g, '').trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}
