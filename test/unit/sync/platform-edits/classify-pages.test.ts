import { describe, expect, it } from 'vitest';
import { classifyPages, type PageChangeKind } from '../../../../src/sync/platform-edits/classify-pages.js';

const side = (value: string | undefined): Map<string, string> => new Map(value === undefined ? [] : [['page.md', value]]);

describe('classifyPages', () => {
  // Every combination of one page on three sides: absent, the base's content, or one of two others.
  const cases: [base: string | undefined, git: string | undefined, platform: string | undefined, kind: PageChangeKind][] = [
    ['a', 'a', 'a', 'unchanged'],
    ['a', 'b', 'a', 'git'],
    ['a', undefined, 'a', 'git'], // removed in git
    [undefined, 'a', undefined, 'git'], // added in git
    ['a', 'a', 'b', 'platform'],
    ['a', 'a', undefined, 'platform'], // removed in the platform
    [undefined, undefined, 'a', 'platform'], // added in the platform
    ['a', 'b', 'c', 'both'],
    ['a', 'b', undefined, 'both'], // edited in git, removed in the platform
    ['a', undefined, 'b', 'both'], // removed in git, edited in the platform
    [undefined, 'a', 'b', 'both'], // added on both sides, differently
    ['a', 'b', 'b', 'converged'],
    ['a', undefined, undefined, 'converged'], // removed on both sides
    [undefined, 'a', 'a', 'converged'], // added on both sides, the same
  ];
  it.each(cases)('base %s, git %s, platform %s → %s', (base, git, platform, kind) => {
    expect(classifyPages(side(base), side(git), side(platform))).toEqual([{ path: 'page.md', kind, base, git, platform }]);
  });

  // A page a sync left live with other content than git's (`h`): held while neither side moves.
  const heldCases: [base: string, git: string, platform: string | undefined, kind: PageChangeKind][] = [
    ['a', 'a', 'h', 'held'],
    ['a', 'a', 'c', 'platform'], // edited again in the platform
    ['a', 'a', undefined, 'platform'], // removed in the platform since
    ['a', 'b', 'h', 'both'], // git changed it otherwise: merged with what is live
    ['a', 'h', 'h', 'converged'], // the branch was merged into git
  ];
  it.each(heldCases)('held h: base %s, git %s, platform %s → %s', (base, git, platform, kind) => {
    expect(classifyPages(side(base), side(git), side(platform), side('h'))).toEqual([{ path: 'page.md', kind, base, git, platform }]);
  });

  // Git merged the branch that held it and changed it since (a conflict resolved in git): git's goes live.
  const takenInCases: [base: string, git: string, platform: string | undefined, kind: PageChangeKind][] = [
    ['a', 'r', 'h', 'git'], // resolved in git
    ['a', 'h', 'h', 'converged'], // merged as the platform has it
    ['a', 'r', 'c', 'both'], // edited again in the platform since
    ['a', 'a', 'h', 'held'],
  ];
  it.each(takenInCases)('held h, its branch merged: base %s, git %s, platform %s → %s', (base, git, platform, kind) => {
    expect(classifyPages(side(base), side(git), side(platform), side('h'), new Set(['page.md']))).toEqual([{ path: 'page.md', kind, base, git, platform }]);
  });

  it('takes every path of any side, once, sorted', () => {
    const changes = classifyPages(
      new Map([
        ['b.md', '1'],
        ['a.md', '1'],
      ]),
      new Map([
        ['a.md', '1'],
        ['c.md', '2'],
      ]),
      new Map([
        ['b.md', '1'],
        ['a.md', '3'],
      ]),
    );
    expect(changes.map((change) => [change.path, change.kind])).toEqual([
      ['a.md', 'platform'],
      ['b.md', 'git'],
      ['c.md', 'git'],
    ]);
  });
});
