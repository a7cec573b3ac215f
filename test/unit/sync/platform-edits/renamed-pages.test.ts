import { describe, expect, it } from 'vitest';
import { fromGitMoves, movedAndEdited, renamedAndEdited, renamedInGit, renamedInPlatform } from '../../../../src/sync/platform-edits/renamed-pages.js';

// Fingerprints here are the blob's own text: a page holds a blob's content when its fingerprint is the blob id.
const fingerprintOf = (oid: string): Promise<string> => Promise.resolve(oid);

describe('renamedInPlatform', () => {
  it('pairs each page git keeps that is no longer live with the new path holding its base version, once', async () => {
    const renamed = await renamedInPlatform(
      {
        base: new Map([
          ['b/one.md', 'one'],
          ['b/two.md', 'two'],
          ['b/edited.md', 'edited'],
          ['git-moved.md', 'moved'],
        ]),
        git: new Map([
          ['b/one.md', 'one'],
          ['b/two.md', 'two'],
          ['b/edited.md', 'edited'],
          ['elsewhere.md', 'moved'],
        ]),
        platform: new Map([
          ['b/two.md', 'two'],
          ['bee/one.md', 'one'],
          ['bee/copy.md', 'one'],
          ['bee/edited.md', 'edited, and more'],
          ['bee/moved.md', 'moved'],
        ]),
      },
      new Set(['b/two.md', 'bee/one.md', 'bee/copy.md', 'bee/edited.md', 'bee/moved.md']),
      new Map(),
      fingerprintOf,
    );
    // b/two.md is live still; b/edited.md was edited too, so nothing holds its base version; git moved the other itself.
    expect(renamed).toEqual(new Map([['b/one.md', 'bee/one.md']]));
  });

  it('pairs a page by its id first, edited in the platform or not, and only with a path new to both sides; by content where its id is not known', async () => {
    const renamed = await renamedInPlatform(
      {
        base: new Map([
          ['b/edited.md', 'edited'],
          ['b/one.md', 'one'],
          ['b/two.md', 'two'],
          ['b/three.md', 'three'],
        ]),
        git: new Map([
          ['b/edited.md', 'edited in git'],
          ['b/one.md', 'one'],
          ['b/two.md', 'two'],
          ['b/three.md', 'three'],
          ['git-new.md', 'new'],
        ]),
        platform: new Map([
          ['bee/edited.md', 'edited, and more'],
          ['bee/one-a.md', 'one'],
          ['bee/one-b.md', 'one'],
          ['git-new.md', 'two'],
          ['bee/three.md', 'three'],
        ]),
      },
      new Set(['bee/edited.md', 'bee/one-a.md', 'bee/one-b.md', 'git-new.md', 'bee/three.md']),
      new Map([
        ['b/edited.md', 'bee/edited.md'],
        ['b/one.md', 'bee/one-b.md'],
        ['b/two.md', 'git-new.md'],
      ]),
      fingerprintOf,
    );
    // b/two.md's page is at a path git has: no rename of its own.
    expect(renamed).toEqual(
      new Map([
        ['b/edited.md', 'bee/edited.md'],
        ['b/one.md', 'bee/one-b.md'],
        ['b/three.md', 'bee/three.md'],
      ]),
    );
  });
});

describe('movedAndEdited', () => {
  it('takes a renamed page git changed as one page: left by the platform at its base path, changed on both sides at its new one', () => {
    const changes = movedAndEdited(
      [
        { path: 'b/edited.md', kind: 'both', base: 'e', git: 'e2', platform: undefined },
        { path: 'b/one.md', kind: 'platform', base: 'one', git: 'one', platform: undefined },
        { path: 'bee/edited.md', kind: 'platform', base: undefined, git: undefined, platform: 'e' },
        { path: 'bee/one.md', kind: 'platform', base: undefined, git: undefined, platform: 'one' },
      ],
      new Map([
        ['b/edited.md', 'bee/edited.md'],
        ['b/one.md', 'bee/one.md'],
      ]),
    );
    expect(changes).toEqual([
      { path: 'b/edited.md', kind: 'platform', base: 'e', git: 'e2', platform: undefined },
      { path: 'b/one.md', kind: 'platform', base: 'one', git: 'one', platform: undefined },
      { path: 'bee/edited.md', kind: 'both', base: 'e', git: 'e2', platform: 'e' },
      { path: 'bee/one.md', kind: 'platform', base: undefined, git: undefined, platform: 'one' },
    ]);
  });
});

describe('renamedInGit', () => {
  const texts = new Map([
    ['guide', '# Guide\n\nAbout the guide.\n\nMore on the guide.\n\nThe end of the guide.\n'],
    ['guide-edited', '# Guide\n\nA line git added.\n\nAbout the guide.\n\nMore on the guide.\n\nThe end of the guide.\n'],
    ['faq', '# FAQ\n\nAbout the questions.\n\nMore questions.\n\nThe end of the questions.\n'],
    ['other', '# Other\n\nNothing alike.\n'],
  ]);
  const textOf = (oid: string): Promise<string | undefined> => Promise.resolve(texts.get(oid));

  it("pairs each page the platform changed that git moved, edited or not, with git's most alike new path", async () => {
    const renamed = await renamedInGit(
      {
        base: new Map([
          ['guide.md', 'guide'],
          ['faq.md', 'faq'],
          ['kept.md', 'other'],
        ]),
        git: new Map([
          ['kept.md', 'other'],
          ['docs/guide.md', 'guide-edited'],
          ['docs/faq.md', 'faq'],
          ['new.md', 'other'],
        ]),
      },
      new Set(['guide.md', 'faq.md']),
      new Set(['guide.md', 'faq.md', 'kept.md']),
      textOf,
    );
    expect(renamed).toEqual(
      new Map([
        ['faq.md', 'docs/faq.md'],
        ['guide.md', 'docs/guide.md'],
      ]),
    );
  });

  it("pairs none where the platform left the page alone, the platform has a page at git's path, or less than half is kept", async () => {
    const sides = { base: new Map([['guide.md', 'guide']]), git: new Map([['docs/guide.md', 'guide']]) };
    expect(await renamedInGit(sides, new Set(), new Set(['guide.md']), textOf)).toEqual(new Map());
    expect(await renamedInGit(sides, new Set(['guide.md']), new Set(['guide.md', 'docs/guide.md']), textOf)).toEqual(new Map());
    const unlike = { base: new Map([['guide.md', 'guide']]), git: new Map([['other.md', 'other']]) };
    expect(await renamedInGit(unlike, new Set(['guide.md']), new Set(['guide.md']), textOf)).toEqual(new Map());
  });
});

describe('renamedAndEdited', () => {
  it("leaves the base path out and takes the change given at git's path", () => {
    const changes = renamedAndEdited(
      [
        { path: 'docs/guide.md', kind: 'git', base: undefined, git: 'g', platform: undefined },
        { path: 'guide.md', kind: 'both', base: 'b', git: undefined, platform: 'p' },
        { path: 'other.md', kind: 'git', base: 'o', git: 'o2', platform: 'o' },
      ],
      new Map([['guide.md', 'docs/guide.md']]),
      new Map([['docs/guide.md', { path: 'docs/guide.md', kind: 'both' as const, base: 'b', git: 'g', platform: 'p' }]]),
    );
    expect(changes).toEqual([
      { path: 'docs/guide.md', kind: 'both', base: 'b', git: 'g', platform: 'p' },
      { path: 'other.md', kind: 'git', base: 'o', git: 'o2', platform: 'o' },
    ]);
  });
});

describe('fromGitMoves', () => {
  it('names each page held at a path git moved a base page to by that base path, and asks for the moves only when a page is held', async () => {
    let asked = 0;
    const moves = (): Promise<ReadonlyMap<string, string>> => {
      asked += 1;
      return Promise.resolve(new Map([['guide.md', 'moved/guide.md']]));
    };
    const held = new Map([
      ['page_a', 'moved/guide.md'],
      ['page_b', 'new.md'],
    ]);
    expect(await fromGitMoves(held, moves)).toEqual(new Map([['page_a', 'guide.md']]));
    expect(await fromGitMoves(new Map(), moves)).toEqual(new Map());
    expect(await fromGitMoves(undefined, moves)).toEqual(new Map());
    expect(asked).toBe(1);
  });
});
