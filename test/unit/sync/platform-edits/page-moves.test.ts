import { describe, expect, it } from 'vitest';
import { movedSince, platformMoves, renamedTree, type PathTree } from '../../../../src/sync/platform-edits/page-moves.js';

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

describe('renamedTree', () => {
  it('names the pages it is given by their new paths, at every depth, and leaves the others', () => {
    const live = tree('a', ['b', tree('b/x', 'b2')]);
    expect(renamedTree(live, new Map([['b/x', 'x']]))).toEqual(tree('a', ['b', tree('x', 'b2')]));
  });

  it('lets a page found at a new path be told moved by its old one', () => {
    const before = tree('a', 'x', ['b', tree('b2')]);
    const now = tree('a', ['b', tree('b/x', 'b2')]);
    expect(movedSince(before, now)).toEqual(new Set());
    expect(movedSince(before, renamedTree(now, new Map([['b/x', 'x']])))).toEqual(new Set(['x']));
  });
});
