import { describe, expect, it } from 'vitest';
import { platformMoves, type PathTree } from '../../../../src/sync/platform-edits/page-moves.js';

/** A path tree from `a(b,c),d`-like nesting given as [path, children] pairs. */
const tree = (...pages: (string | [string, PathTree[]])[]): PathTree[] =>
  pages.map((page) => (typeof page === 'string' ? { path: page, children: [] } : { path: page[0], children: page[1] }));

describe('platformMoves', () => {
  const base = tree('a', ['b', tree('b1', 'b2')], 'c', 'd');

  it('finds nothing where the live pages are where the base has them', () => {
    expect(platformMoves(base, base, base)).toEqual([]);
  });

  it('finds the one page moved among its siblings, not the ones it passed', () => {
    expect(platformMoves(tree('d', 'a', ['b', tree('b1', 'b2')], 'c'), base, base)).toEqual(['d']);
  });

  it('finds a page moved under another parent', () => {
    expect(platformMoves(tree('a', ['b', tree('b1', 'b2', 'c')], 'd'), base, base)).toEqual(['c']);
  });

  it('leaves out a page git moved (its place is git’s to say) and pages added or removed', () => {
    const git = tree('c', 'a', ['b', tree('b1', 'b2')], 'd');
    expect(platformMoves(tree('c', 'a', ['b', tree('b2')], 'd', 'e'), base, git)).toEqual([]);
    expect(platformMoves(tree('a', ['b', tree('b2', 'b1')], 'c', 'e'), base, git)).toEqual(['b2']);
  });
});
