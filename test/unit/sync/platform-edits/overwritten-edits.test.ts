import { describe, expect, it } from 'vitest';
import type { PageChange } from '../../../../src/sync/platform-edits/classify-pages.js';
import { discardedEdits, overwriteWarning } from '../../../../src/sync/platform-edits/overwritten-edits.js';

const change = (path: string, kind: PageChange['kind'], sides: Partial<Pick<PageChange, 'base' | 'git' | 'platform'>>): PageChange => ({
  path,
  kind,
  base: sides.base,
  git: sides.git,
  platform: sides.platform,
});

describe('discardedEdits', () => {
  it('names the pages the platform changed, removed or moved by path, one it made by its title, and none git alone changed', () => {
    const detected = {
      changes: [
        change('edited.md', 'platform', { base: 'a', git: 'a', platform: 'b' }),
        change('both.md', 'both', { base: 'a', git: 'b', platform: 'c' }),
        change('removed.md', 'platform', { base: 'a', git: 'a' }),
        change('made.md', 'platform', { platform: 'a' }),
        change('git.md', 'git', { base: 'a', git: 'b', platform: 'a' }),
        change('held.md', 'held', { base: 'a', git: 'a', platform: 'b' }),
      ],
      titles: new Map([['made.md', 'Made there']]),
      moved: ['moved.md', 'edited.md'],
    };
    expect(discardedEdits(detected)).toEqual(['edited.md', 'both.md', 'removed.md', '"Made there" (made in the platform)', 'moved.md']);
  });
});

describe('overwriteWarning', () => {
  it('says what a sync discards, or would in a dry run; nothing when it discards none', () => {
    expect(overwriteWarning(['a.md', 'b.md'], true)).toBe(
      'platformEdits: overwrite would discard what was edited in the platform since the last sync of a.md, b.md (platformEdits: preserve keeps such edits on a branch)',
    );
    expect(overwriteWarning(['a.md'], false)).toContain('overwrite discards what');
    expect(overwriteWarning([], false)).toBeUndefined();
  });
});
