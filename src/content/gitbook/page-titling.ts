import { nonBlank } from './non-blank.js';

/**
 * How the platform titles a page file. `summary`: its `SUMMARY.md` link text first, then its first
 * `# ` heading, then its file name (a zip import). `document`: the document's own title first
 * (frontmatter `title`, else the leading `# ` heading), then the link text, then the file name
 * (content batches).
 */
export interface PageTitling {
  readonly source: 'summary' | 'document';
  /** The page's link text in `SUMMARY.md`, when it is listed with one. */
  readonly summaryTitle: string | undefined;
  /** The title of a page nothing else titles: its file name. */
  readonly fileTitle: string;
}

const LEADING_HEADING = /^ {0,3}#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/;

/**
 * A page's body with the `# ` heading on its first line set apart (and the blank lines around it),
 * when that heading is what titles the page: the page's title stands for it. The platform holds a title apart from the document, so
 * a title changed in its editor leaves that line as it was, while the file a repo keeps writes it there.
 */
export function titledBody(body: string, titling: PageTitling): { readonly heading: string | undefined; readonly body: string } {
  const text = body
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/^\n+/, '');
  if (titling.source === 'summary' && titling.summaryTitle !== undefined) return { heading: undefined, body: text };
  const end = text.indexOf('\n');
  const first = end < 0 ? text : text.slice(0, end);
  const heading = nonBlank(LEADING_HEADING.exec(first)?.[1]);
  return heading === undefined ? { heading, body: text } : { heading, body: end < 0 ? '' : text.slice(end + 1).replace(/^\n+/, '') };
}

/** The title a page file goes live with, given its frontmatter `title` and leading `# ` heading (as the reader finds them). */
export function liveTitle(titling: PageTitling, documentTitle: string | undefined, heading: string | undefined): string {
  const summary = nonBlank(titling.summaryTitle);
  if (titling.source === 'summary') return summary ?? nonBlank(heading) ?? titling.fileTitle;
  return nonBlank(documentTitle) ?? nonBlank(heading) ?? summary ?? titling.fileTitle;
}
