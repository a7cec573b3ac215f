import { describe, expect, it } from 'vitest';
import { placesInGit } from '../../../../src/sync/platform-edits/places-in-git.js';

describe('placesInGit', () => {
  it('names a page git renamed (same blob) by its new path, wherever a place names it', () => {
    const places = new Map([
      ['a.md', { before: 'b.md' }],
      ['b.md', { after: 'a.md' }],
      ['b/c.md', { parent: 'b.md' }],
    ]);
    const base = new Map([
      ['a.md', 'oid-a'],
      ['b.md', 'oid-b'],
    ]);
    const git = new Map([
      ['a.md', 'oid-a'],
      ['moved/b.md', 'oid-b'],
    ]);
    const tree = [
      { path: 'a.md', children: [] },
      { path: 'moved/b.md', children: [] },
    ];
    expect(placesInGit(places, base, git, tree)).toEqual(
      new Map([
        ['a.md', { before: 'moved/b.md' }],
        ['moved/b.md', { after: 'a.md' }],
        ['b/c.md', { parent: 'moved/b.md' }],
      ]),
    );
  });

  it('drops a sibling git moved under another page: the page is placed by its other neighbours', () => {
    const places = new Map([['c.md', { after: 'b.md' }]]);
    const tree = [{ path: 'a.md', children: [{ path: 'moved/b.md', children: [] }] }];
    expect(placesInGit(places, new Map([['b.md', 'oid-b']]), new Map([['moved/b.md', 'oid-b']]), tree)).toEqual(new Map([['c.md', {}]]));
  });

  it('leaves a page alone when its blob is at more than one new path, or git still has its path', () => {
    const places = new Map([['b/c.md', { parent: 'b.md' }]]);
    const twice = new Map([
      ['x.md', 'oid-b'],
      ['y.md', 'oid-b'],
    ]);
    expect(placesInGit(places, new Map([['b.md', 'oid-b']]), twice, [])).toBe(places);
    expect(placesInGit(places, new Map([['b.md', 'oid-b']]), new Map([...twice, ['b.md', 'oid-b']]), [])).toBe(places);
  });

  it('names a page git moved with edits (a rename paired by similarity) by its path in git', () => {
    const places = new Map([['c.md', { parent: 'b.md' }]]);
    const tree = [{ path: 'moved/b.md', children: [{ path: 'c.md', children: [] }] }];
    const alike = new Map([['b.md', 'moved/b.md']]);
    expect(placesInGit(places, new Map([['b.md', 'oid-b']]), new Map([['moved/b.md', 'oid-b2']]), tree, alike)).toEqual(
      new Map([['c.md', { parent: 'moved/b.md' }]]),
    );
  });
});
