import type { ContentApi } from '../../api/resources/content.js';
import type { Page } from '../../api/schemas/content.js';
import { documentTitle } from '../../content/gitbook/document-title.js';
import { relativeTo } from '../../content/gitbook/doc-path.js';
import { parsePageMeta } from '../../content/gitbook/parse-page-meta.js';
import { liveTitle, titledBody, type PageTitling } from '../../content/gitbook/page-titling.js';
import { planPullLayout } from '../pull/pull-layout.js';
import { pageText } from '../pull/pull-space.js';
import { relativeLink, withFileLinksAsPaths } from './file-links-as-paths.js';
import { livePlaces, type LivePlace } from './live-places.js';
import { laidOutTree, type PathTree } from './page-moves.js';

/** A live document page and the file of the repo it is. */
export interface LiveDocument {
  readonly page: Page;
  readonly path: string;
  /** Blob id of the file it was synced from; undefined once edited in the platform. */
  readonly oid: string | undefined;
}

/** A live page as the file of the repo it is, and the title the platform shows for it. */
export interface LiveText {
  readonly text: string;
  readonly title: string;
  /** The title differs from the one its file gives: changed in the platform. */
  readonly retitled: boolean;
}

/**
 * A live page as the file of the repo it is: its markdown with its metadata and layout as
 * frontmatter, and links to files (and the cover) by their paths from the page, so that committed
 * back and synced, it says what is live. A cover whose file is not known is left out (it is no part
 * of the fingerprint). A title the platform changed goes where the file gives its title, as Git Sync
 * writes it: the `# ` heading on its first line (added when it has none); not where the platform
 * titles the page by its `SUMMARY.md` link text (the branch's `SUMMARY.md` takes it in either case).
 */
export async function liveTextOf(
  api: Pick<ContentApi, 'getPage'>,
  location: Parameters<ContentApi['getPage']>[0],
  doc: LiveDocument,
  filePaths: ReadonlyMap<string, string>,
  titling: PageTitling,
  signal: AbortSignal | undefined,
): Promise<LiveText> {
  const full = await api.getPage(location, doc.page.id, { format: 'markdown', signal });
  const ref = full.cover?.ref;
  const coverFile = ref?.kind === 'file' && ref.file !== undefined ? filePaths.get(ref.file) : undefined;
  const image = coverFile !== undefined ? relativeLink(doc.path, coverFile) : ref?.kind === 'url' ? ref.url : undefined;
  const cover = image === undefined ? undefined : { image, yPos: full.cover?.yPos ?? 0 };
  let markdown = withFileLinksAsPaths(full.markdown ?? '', doc.path, filePaths);
  const retitled = liveTitle(titling, documentTitle(markdown), parsePageMeta(markdown).heading) !== full.title;
  if (retitled && (titling.source === 'document' || titling.summaryTitle === undefined))
    markdown = withHeading(markdown, full.title, titledBody(markdown, titling).heading !== undefined);
  const text = pageText({ description: full.description, icon: full.icon, hidden: full.hidden, layout: full.layout, cover }, markdown);
  return { text, title: full.title, retitled };
}

/** The markdown with `title` as its first line's `# ` heading: in place of the one it has (`replace`), or added above. */
function withHeading(markdown: string, title: string, replace: boolean): string {
  const start = /^\uFEFF?(?:[ \t]*\r?\n)*/.exec(markdown)?.[0].length ?? 0;
  if (!replace) return `# ${title}\n\n${markdown.slice(start)}`;
  const end = markdown.indexOf('\n', start);
  const lineEnd = end < 0 ? markdown.length : markdown[end - 1] === '\r' ? end - 1 : end;
  return `${markdown.slice(0, start)}# ${title}${markdown.slice(lineEnd)}`;
}

/** A live page titled otherwise than its `SUMMARY.md` link text, where that text is what titles it. */
export function retitledLive(doc: LiveDocument, titling: PageTitling): boolean {
  return titling.source === 'summary' && titling.summaryTitle !== undefined && doc.page.title !== titling.summaryTitle;
}

/** Every document page of a page tree. */
export function documentPages(tree: readonly Page[]): Page[] {
  return tree.flatMap((page) => [...(page.type === 'document' ? [page] : []), ...documentPages(page.pages ?? [])]);
}

/** Whether a document page has no git source (edited or made in the platform) and is not `untouched`. */
export function hasEditedPages(pages: readonly Page[], untouched: (page: Page) => boolean): boolean {
  return pages.some((page) => (page.type === 'document' && page.git === undefined && !untouched(page)) || hasEditedPages(page.pages ?? [], untouched));
}

/**
 * The live document pages and their files: a page's git path; else, for a page edited in the
 * platform, the path it had in the base; else the path a pull writes it to, the first page git's
 * readme (`readme`, relative to the root; none when git has none: a page the platform gave a new slug
 * that git made first is that page still, not the readme). And where each is.
 */
export function liveDocuments(
  tree: readonly Page[],
  pathById: ReadonlyMap<string, string>,
  headings: ReadonlySet<string>,
  { root, readme }: { root: string; readme: string | undefined },
): { docs: LiveDocument[]; places: Map<string, LivePlace>; tree: PathTree[] } {
  const edited = new Set<string>();
  const restore = (pages: readonly Page[]): Page[] =>
    pages.map((page) => {
      const known = page.git === undefined ? pathById.get(page.id) : undefined;
      if (known === undefined) return { ...page, pages: restore(page.pages ?? []) };
      edited.add(page.id);
      return { ...page, git: { path: known, oid: '' }, pages: restore(page.pages ?? []) };
    });
  const layout = planPullLayout(restore(tree), [], root, undefined, false, { pages: new Map(), files: new Map(), headings }, readme ?? null);
  const docs = layout.pages.map(({ page, file }) => ({
    page,
    path: relativeTo(root, file) ?? file,
    oid: edited.has(page.id) ? undefined : page.git?.oid,
  }));
  return { docs, places: livePlaces(layout), tree: laidOutTree(layout) };
}
