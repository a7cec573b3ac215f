import { slugify } from '../state/revisions.js';
import { gitBlobOid } from './git-blob-oid.js';
import type { ImportedPage } from './imported-content.js';
import { splitFrontmatter } from './split-frontmatter.js';

const decoder = new TextDecoder('utf-8');
const FIRST_HEADING = /^#[ \t]+(.+?)[ \t]*#*[ \t]*$/m;

export interface MarkdownPageInput {
  bytes: Uint8Array;
  /** Path in the repository; sets `git`. */
  path?: string | undefined;
  /** Title given by the structure (a SUMMARY.md link text); wins over the first heading. */
  title?: string | undefined;
  /** Used when neither a given title nor a `# heading` exists: the file name. */
  fallbackTitle: string;
  /** Defaults to the slug of the title. */
  slug?: string | undefined;
}

/** One markdown file as a page: frontmatter read, body kept verbatim (block tags, HTML, CRLF). */
export function markdownPage(input: MarkdownPageInput): ImportedPage {
  const text = decoder.decode(input.bytes);
  const { data, body } = splitFrontmatter(text);
  const title = nonEmpty(input.title) ?? nonEmpty(FIRST_HEADING.exec(body)?.[1]) ?? input.fallbackTitle;
  const page: ImportedPage = { kind: 'document', title, slug: input.slug ?? slugify(title), markdown: body, pages: [] };
  if (data.description !== undefined) page.description = data.description;
  if (data.hidden !== undefined) page.hidden = data.hidden;
  if (data.icon !== undefined) page.icon = data.icon;
  if (input.path !== undefined) page.git = { oid: gitBlobOid(input.bytes), path: input.path };
  return page;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.replace(/[\u200B-\u200D\uFEFF]/g, '').trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}
