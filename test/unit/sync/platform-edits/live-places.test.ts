import { describe, expect, it } from 'vitest';
import { renamedPlaces } from '../../../../src/sync/platform-edits/live-places.js';

describe('renamedPlaces', () => {
  it('names a page by its new path where it is and wherever a place names it', () => {
    const places = new Map([
      ['new-slug.md', { parent: 'README.md', before: 'other.md' }],
      ['other.md', { parent: 'README.md', after: 'new-slug.md' }],
      ['new-slug/child.md', { parent: 'new-slug.md' }],
    ]);
    expect(renamedPlaces(places, new Map([['new-slug.md', 'section/page.md']]))).toEqual(
      new Map([
        ['section/page.md', { parent: 'README.md', before: 'other.md' }],
        ['other.md', { parent: 'README.md', after: 'section/page.md' }],
        ['new-slug/child.md', { parent: 'section/page.md' }],
      ]),
    );
  });

  it('gives the places as they are when nothing is renamed', () => {
    const places = new Map([['a.md', { before: 'b.md' }]]);
    expect(renamedPlaces(places, new Map())).toBe(places);
  });
});
