import type { PageRecord } from '../state/records.js';
import { slugify } from '../state/revisions.js';

export interface SearchSection {
  /** Heading anchor, `''` for the text before the first heading. */
  anchor: string;
  title: string;
  body: string;
}

export interface SearchHit {
  page: PageRecord;
  /** Titles of the pages above it, from the top. */
  ancestors: string[];
  sections: SearchSection[];
  /** Higher is better: a title match counts most, then each matching section. */
  score: number;
}

const HEADING = /^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/;
const MAX_BODY = 400;

/**
 * Case-insensitive substring search over page titles and markdown, depth-first in page order.
 * A matching page lists the sections (split at headings) whose heading or text holds the query.
 */
export function searchPages(pages: readonly PageRecord[], query: string): SearchHit[] {
  const needle = query.toLowerCase();
  const hits: SearchHit[] = [];
  const visit = (list: readonly PageRecord[], ancestors: string[]): void => {
    for (const page of list) {
      if (page.type === 'document') {
        const inTitle = page.title.toLowerCase().includes(needle);
        if (inTitle || page.markdown.toLowerCase().includes(needle)) {
          const sections = splitSections(page)
            .filter((section) => section.title.toLowerCase().includes(needle) || section.body.toLowerCase().includes(needle))
            .map((section) => ({ ...section, body: excerpt(section.body, needle) }));
          hits.push({ page, ancestors, sections, score: (inTitle ? 2 : 0) + sections.length });
        }
      }
      visit(page.pages, [...ancestors, page.title]);
    }
  };
  visit(pages, []);
  return hits;
}

function splitSections(page: PageRecord): SearchSection[] {
  const sections: { anchor: string; title: string; lines: string[] }[] = [{ anchor: '', title: page.title, lines: [] }];
  for (const line of page.markdown.split(/\r?\n/)) {
    const heading = HEADING.exec(line);
    if (heading?.[1]) sections.push({ anchor: slugify(heading[1]), title: heading[1], lines: [] });
    else sections.at(-1)?.lines.push(line);
  }
  return sections.map(({ anchor, title, lines }) => ({ anchor, title, body: lines.join('\n').trim() }));
}

/** At most MAX_BODY characters of the section, starting a little before the first match. */
function excerpt(body: string, needle: string): string {
  if (body.length <= MAX_BODY) return body;
  const start = Math.max(0, body.toLowerCase().indexOf(needle) - 80);
  const end = start + MAX_BODY;
  return `${start > 0 ? '…' : ''}${body.slice(start, end)}${end < body.length ? '…' : ''}`;
}
