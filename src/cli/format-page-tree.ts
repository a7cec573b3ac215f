/** What the tree needs of a page of the content API. */
export interface TreePage {
  readonly title: string;
  readonly type: string;
  readonly path?: string | undefined;
  readonly pages?: readonly TreePage[] | undefined;
}

/**
 * A space's page tree for a person: groups are headings (`▸ Title  (group)`), pages are `- Title
 * (path)`, and the count is of pages only, so a group and a page sharing a slug cannot be mistaken
 * for one nested in the other.
 */
export function formatPageTree(pages: readonly TreePage[]): { lines: string[]; pages: number; groups: number } {
  const lines: string[] = [];
  let pageCount = 0;
  let groupCount = 0;
  const walk = (list: readonly TreePage[], depth: number): void => {
    for (const page of list) {
      const indent = '  '.repeat(depth + 1);
      if (page.type === 'group') {
        groupCount += 1;
        lines.push(`${indent}▸ ${page.title}  (group)`);
      } else {
        pageCount += 1;
        lines.push(`${indent}- ${page.title}${page.path ? `  (${page.path})` : ''}`);
      }
      walk(page.pages ?? [], depth + 1);
    }
  };
  walk(pages, 0);
  return { lines, pages: pageCount, groups: groupCount };
}
