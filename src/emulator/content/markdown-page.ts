import { decodeText } from '../../content/gitbook/clean-text.js';
import { parsePageMeta } from '../../content/gitbook/parse-page-meta.js';
import { splitFrontmatter } from '../../content/gitbook/split-frontmatter.js';
import { slugify } from '../state/revisions.js';
import { gitBlobOid } from '../../content/git/git-blob-oid.js';
import { layoutSwitches } from './read-markdown-document.js';
import type { ImportedPage } from './imported-content.js';
import { nonBlank } from '../../content/gitbook/non-blank.js';

export interface MarkdownPageInput {
  bytes: Uint8Array;
  /** Path in the repository; sets `git`. */
  path?: string | undefined;
  /** Title given by the structure (a SUMMARY.md link text); wins over the leading heading. */
  title?: string | undefined;
  /** Used when neither a given title nor a `# heading` exists: the file name. */
  fallbackTitle: string;
  /** Defaults to the slug of the title. */
  slug?: string | undefined;
  /** The path of the imported file a relative link of this page names, if any; without it a relative cover is dropped. */
  resolveFile?: ((target: string) => string | undefined) | undefined;
}

const URL_COVER = /^https?:\/\//i;

/**
 * One markdown file as a page, read by docsync's own GitBook-format reader: frontmatter fields (the layout's switches too), title
 * from the leading heading (the first block), body kept verbatim (block tags, HTML, CRLF).
 */
export function markdownPage(input: MarkdownPageInput): ImportedPage {
  const text = decodeText(input.bytes);
  const meta = parsePageMeta(text);
  const title = nonBlank(input.title) ?? nonBlank(meta.heading) ?? input.fallbackTitle;
  const page: ImportedPage = {
    kind: 'document',
    title,
    slug: input.slug ?? slugify(title),
    markdown: splitFrontmatter(text).body,
    pages: [],
  };
  if (meta.description !== undefined) page.description = meta.description;
  if (meta.hidden !== undefined) page.hidden = meta.hidden;
  if (meta.icon !== undefined) page.icon = meta.icon;
  const layout = layoutSwitches(meta.layout);
  if (layout !== undefined) page.layout = layout;
  if (input.path !== undefined) page.git = { oid: gitBlobOid(input.bytes), path: input.path };
  if (meta.cover !== undefined) {
    const yPos = meta.coverY ?? 0;
    const file = URL_COVER.test(meta.cover) ? undefined : input.resolveFile?.(meta.cover);
    if (URL_COVER.test(meta.cover)) page.cover = { kind: 'url', url: meta.cover, yPos };
    else if (file !== undefined) page.cover = { kind: 'file', path: file, yPos };
  }
  return page;
}
