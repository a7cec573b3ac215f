import type { SearchHit } from '../content/search-pages.js';
import { APP_ORIGIN } from './serialize-space.js';

/** `rank` is the hit's one-based position among all results. */
export function serializeSearchResult(spaceId: string, hit: SearchHit, rank: number) {
  const pageUrl = `${APP_ORIGIN}/s/${spaceId}/${hit.page.path}`;
  return {
    id: hit.page.id,
    title: hit.page.title,
    path: hit.page.path,
    description: hit.page.description ?? '',
    score: hit.score,
    rank,
    ancestors: hit.ancestors.map((title) => ({ title })),
    sections: hit.sections.map((section) => ({
      id: `${hit.page.id}#${section.anchor}`,
      title: section.title,
      path: section.anchor === '' ? hit.page.path : `${hit.page.path}#${section.anchor}`,
      body: section.body,
      score: 1,
      urls: { app: section.anchor === '' ? pageUrl : `${pageUrl}#${section.anchor}` },
    })),
    urls: { app: pageUrl },
  };
}
