import type { Page } from '../../api/schemas/content.js';

/**
 * Whether the space's pages carry their git source (the seed's API) and lack a page git has: one
 * removed in the platform, or new in git, which only the base tells apart.
 */
export function lacksGitPage(pages: readonly Page[], gitOids: ReadonlyMap<string, string>): boolean {
  const sourced = new Set<string>();
  const visit = (list: readonly Page[]): void =>
    list.forEach((page) => {
      if (page.type === 'document' && page.git !== undefined) sourced.add(page.git.path);
      visit(page.pages ?? []);
    });
  visit(pages);
  return sourced.size > 0 && [...gitOids.keys()].some((path) => !sourced.has(path));
}
