import { describe, expect, it } from 'vitest';
import type { Page } from '../../../../src/api/schemas/content.js';
import { livePages } from '../../../../src/sync/pages/live-pages.js';

const desired = [
  {
    title: undefined,
    pages: [
      { path: 'README.md', title: 'Intro', hash: 'h-readme', children: [] },
      { path: 'guide.md', title: 'Guide', hash: 'h-guide', children: [] },
    ],
  },
];
const delivered = {
  pages: new Map([
    ['README.md', { id: 'p-readme', hash: 'h-readme', updatedAt: 't1' }],
    ['old.md', { id: 'p-old', hash: 'h-old', updatedAt: 't1' }],
  ]),
  files: new Map(),
};
const page = (id: string, path: string, updatedAt: string): Page => ({ id, title: id, type: 'document', path, slug: path, updatedAt, pages: [] });

describe('livePages', () => {
  const keys = (pages: Page[]) => livePages(pages, desired, delivered).map((live) => [live.key, live.hash]);

  it('keys a page docsync delivered by its record, with its hash while it is as delivered', () => {
    expect(keys([page('p-readme', 'intro', 't1'), page('p-old', 'elsewhere', 't1')])).toEqual([
      ['README.md', 'h-readme'],
      ['old.md', 'h-old'],
    ]);
    expect(keys([page('p-readme', 'intro', 't2'), page('p-old', 'elsewhere', 't2')])).toEqual([
      ['README.md', undefined],
      ['old.md', undefined],
    ]);
  });

  it('keys a page docsync delivered, now at the place of another repo page, by that page, of unknown content, as a runner without state does', () => {
    // The platform gave it the slug where the repo now lists a page (that page kept live from the platform, say), or a new slug to its parent.
    expect(keys([page('p-old', 'guide', 't2')])).toEqual([['guide.md', undefined]]);
    expect(keys([page('p-old', 'guide', 't1')])).toEqual([['guide.md', undefined]]);
    expect(keys([page('p-readme', 'guide', 't1')])).toEqual([['guide.md', undefined]]);
  });

  it('trusts a page recorded without its stamp (sent in a single batch) to hold what was sent only while told to', () => {
    const unstamped = { pages: new Map([['README.md', { id: 'p-readme', hash: 'h-readme' }]]), files: new Map() };
    const hashes = (trustUnstamped: boolean) =>
      livePages([page('p-readme', 'intro', 't9')], desired, unstamped, trustUnstamped).map((live) => [live.key, live.hash]);
    expect(hashes(true)).toEqual([['README.md', 'h-readme']]);
    // Main moved from the revision docsync left: it may have been written over since, so it is read.
    expect(hashes(false)).toEqual([['README.md', undefined]]);
  });
});
