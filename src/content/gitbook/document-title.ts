import { parsePageMeta, type PageMeta } from './parse-page-meta.js';
import { splitFrontmatter, type SplitPage } from './split-frontmatter.js';
import { nonBlank } from './non-blank.js';

/**
 * The title a markdown document gives its page, as Git Sync (and a content batch) reads it: the
 * frontmatter's `title`, else the leading `# ` heading; undefined when it has neither, and the title
 * given beside it (or the table of contents') stands. `read` is the document already split and read,
 * for a caller that needs those too: its frontmatter is then parsed once.
 */
export function documentTitle(markdown: string, read?: { readonly page: SplitPage; readonly meta: PageMeta }): string | undefined {
  const page = read?.page ?? splitFrontmatter(markdown);
  const { data } = page;
  return nonBlank(typeof data.title === 'string' ? data.title : undefined) ?? nonBlank((read?.meta ?? parsePageMeta(markdown, page)).heading);
}
