import { createHash } from 'node:crypto';
import { decodeText } from '../../content/clean-text.js';
import { parsePageMeta } from '../../content/parse-page-meta.js';
import { splitFrontmatter } from '../../content/split-frontmatter.js';

/** What a page is, as docsync compares it: its markdown body and the metadata its frontmatter sets. */
export interface PageContent {
  readonly body: string;
  readonly description?: string | undefined;
  readonly icon?: string | undefined;
  readonly hidden?: boolean | undefined;
}

/**
 * A hash of a page by meaning: frontmatter compared by value (not YAML style or key order), the body
 * with line endings, trailing spaces and trailing blank lines evened out. A page written back from
 * the platform's copy has the same fingerprint as the file it came from.
 */
export function pageFingerprint(page: PageContent): string {
  const meta = {
    description: page.description === '' ? undefined : page.description,
    icon: page.icon === '' ? undefined : page.icon,
    hidden: page.hidden === true ? true : undefined,
  };
  return createHash('sha256').update(JSON.stringify([normalizeBody(page.body), meta.description, meta.icon, meta.hidden])).digest('hex');
}

/** A page file's content as the reader takes it in. */
export function fileContent(bytes: Uint8Array | string): PageContent {
  const text = typeof bytes === 'string' ? bytes : decodeText(bytes);
  const meta = parsePageMeta(text);
  return { body: splitFrontmatter(text).body, description: meta.description, icon: meta.icon, hidden: meta.hidden };
}

function normalizeBody(body: string): string {
  return body
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n+$/, '')
    .replace(/^\n+/, '');
}
