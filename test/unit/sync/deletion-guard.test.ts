import { describe, expect, it } from 'vitest';
import { checkDeletions } from '../../../src/sync/deletion-guard.js';

const diff = (removed: string[], unchanged: number) => ({
  added: [],
  changed: [],
  removed,
  unchanged,
  files: { added: [], changed: [], removed: [] },
  titles: {},
});

describe('checkDeletions', () => {
  it('allows up to the share of the live pages from git, and stops one page more', () => {
    expect(() => checkDeletions('docs', diff(['a.md'], 3), '25%')).not.toThrow();
    expect(() => checkDeletions('docs', diff(['a.md', 'b.md'], 2), '25%')).toThrow(
      /would remove 2 of the 4 live pages, more than sync.maxDeletions \(25%\) allows; nothing was written\. Pages it would remove: a\.md, b\.md/,
    );
  });

  it('takes an absolute number and ignores pages made in the editor', () => {
    expect(() => checkDeletions('docs', diff(['a.md', 'b.md'], 100), 1)).toThrow(/more than sync.maxDeletions \(1\)/);
    expect(() => checkDeletions('docs', diff(['(no source file) intro', '(no source file) guide'], 0), 0)).not.toThrow();
  });
});

describe('checkDeletions in a small space', () => {
  it('rounds a share up to whole pages: one of three pages may go', () => {
    expect(() => checkDeletions('docs', diff(['a.md'], 2), '25%')).not.toThrow();
    expect(() => checkDeletions('docs', diff(['a.md', 'b.md'], 1), '25%')).toThrow(/would remove 2 of the 3 live pages/);
  });
});
