/** What an import source turns into, before it gets ids and paths in a revision. */

export interface ImportedPage {
  kind: 'document' | 'group' | 'link';
  title: string;
  /** A link page's URL. */
  href?: string;
  /** Path segment of the page; groups do not add theirs to their children's paths. */
  slug: string;
  markdown: string;
  description?: string;
  hidden?: boolean;
  icon?: string;
  /** Frontmatter `layout.<switch>.visible`, as `<switch>: visible`. */
  layout?: Record<string, boolean>;
  /** The source file: path in the repository and its git blob id. */
  git?: { oid: string; path: string };
  /** Frontmatter `cover:` (a file of the import, by its path, or a URL) and `coverY:`. */
  cover?: ImportedCover;
  pages: ImportedPage[];
}

export type ImportedCover = { kind: 'file'; path: string; yPos: number } | { kind: 'url'; url: string; yPos: number };

export interface ImportedFile {
  name: string;
  /** Path in the repository. */
  path: string;
  contentType: string;
  data: Uint8Array;
  oid: string;
}

export interface ImportedContent {
  pages: ImportedPage[];
  files: ImportedFile[];
  /** Everything the source offered: markdown files, assets and links to missing files. */
  totalResources: number;
  /** What was left out and why, e.g. `SUMMARY.md links to missing guide.md`. */
  skipped: string[];
}

/** Pages and files actually imported (groups are structure, not resources). */
export function countImported(content: ImportedContent): number {
  let pages = 0;
  const visit = (list: readonly ImportedPage[]): void => {
    for (const page of list) {
      if (page.kind === 'document') pages += 1;
      visit(page.pages);
    }
  };
  visit(content.pages);
  return pages + content.files.length;
}
