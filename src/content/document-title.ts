import { parsePageMeta } from './parse-page-meta.js';
import { splitFrontmatter } from './split-frontmatter.js';

/**
 * The title a markdown document gives its page, as Git Sync (and a content batch) reads it: the
 * frontmatter's `title`, else the first `# ` heading; undefined when it has neither, and the title
 * given beside it (or the table of contents') stands.
 */
export function documentTitle(markdown: string): string | undefined {
  const { data } = splitFrontmatter(markdown);
  return nonBlank(typeof data.title === 'string' ? data.title : undefined) ?? nonBlank(parsePageMeta(markdown).heading);
}

function nonBlank(value: string | undefined): string | undefined {
  const trimmed = value?.replace(/[\u200B-\u200D\uFEFF]/g, '').trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}
