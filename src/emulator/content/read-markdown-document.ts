import { documentTitle } from '../../content/gitbook/document-title.js';
import { parsePageMeta } from '../../content/gitbook/parse-page-meta.js';
import { splitFrontmatter } from '../../content/gitbook/split-frontmatter.js';

/** What a markdown document sent in a content batch says about its page. */
export interface MarkdownDocument {
  /** The body without its frontmatter, verbatim (as imports keep it). */
  body: string;
  /** Frontmatter `title`, else the leading `# ` heading. */
  title?: string;
  description?: string;
  icon?: string;
  hidden?: boolean;
  /** Frontmatter `cover:` as written (a URL, a batch ref or `/files/<id>`) and `coverY:`. */
  cover?: { target: string; yPos: number };
  /** Frontmatter `layout.<switch>.visible`, as `<switch>: visible`. */
  layout?: Record<string, boolean>;
}

/**
 * Reads a page's markdown as Git Sync does, with docsync's own GitBook-format reader: the frontmatter
 * keys `description`, `icon`, `hidden`, `cover`, `coverY`, `layout` (and `title`), and the title from the leading
 * heading. Frontmatter that is not valid YAML is ignored, as on import. The frontmatter is parsed
 * once: a batch carries up to 50 documents, and their YAML was most of the batch's cost.
 */
export function readMarkdownDocument(markdown: string): MarkdownDocument {
  const split = splitFrontmatter(markdown);
  const meta = parsePageMeta(markdown, split);
  const doc: MarkdownDocument = { body: split.body };
  const title = documentTitle(markdown, { page: split, meta });
  if (title !== undefined) doc.title = title;
  if (meta.description !== undefined) doc.description = meta.description;
  if (meta.icon !== undefined) doc.icon = meta.icon;
  if (meta.hidden !== undefined) doc.hidden = meta.hidden;
  if (meta.cover !== undefined) doc.cover = { target: meta.cover, yPos: meta.coverY ?? 0 };
  const layout = layoutSwitches(meta.layout);
  if (layout !== undefined) doc.layout = layout;
  return doc;
}

/** Frontmatter `layout.<switch>.visible`, as `<switch>: visible`; undefined when it sets none. */
export function layoutSwitches(layout: Readonly<Record<string, unknown>> | undefined): Record<string, boolean> | undefined {
  const switches = Object.entries(layout ?? {}).flatMap(([key, value]) => {
    const visible = typeof value === 'object' && value !== null ? (value as { visible?: unknown }).visible : undefined;
    return typeof visible === 'boolean' ? [[key, visible] as const] : [];
  });
  return switches.length > 0 ? Object.fromEntries(switches) : undefined;
}
