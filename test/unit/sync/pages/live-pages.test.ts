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
  it('keys a page docsync delivered by its record while it is as delivered, or while the repo still has the page it recorded', () => {
    expect(livePages([page('p-readme', 'intro', 't1'), page('p-old', 'guide', 't1')], desired, delivered).map((live) => [live.key, live.hash])).toEqual([
      ['README.md', 'h-readme'],
      ['old.md', 'h-old'],
    ]);
    expect(livePages([page('p-readme', 'guide', 't2')], desired, delivered).map((live) => [live.key, live.hash])).toEqual([['README.md', undefined]]);
  });

  it('keys a page edited since docsync delivered it, whose recorded page the repo no longer has, by its place, as a runner without state does', () => {
    // The platform gave it a new slug where the repo now lists a page (its edit kept live, say).
    expect(livePages([page('p-old', 'guide', 't2')], desired, delivered).map((live) => [live.key, live.hash])).toEqual([['guide.md', undefined]]);
    expect(livePages([page('p-old', 'elsewhere', 't2')], desired, delivered).map((live) => [live.key, live.hash])).toEqual([['old.md', undefined]]);
  });
});
