import { describe, expect, it } from 'vitest';
import { worktreeStatusOf } from '../../../src/content/git/worktree-status.js';

describe('worktreeStatusOf', () => {
  it('reads the commit and each path, spaces included, a folder without its slash', () => {
    const oid = 'a'.repeat(40);
    const out = [
      `# branch.oid ${oid}`,
      '# branch.head main',
      `1 .M N... 100644 100644 100644 ${'b'.repeat(40)} ${'b'.repeat(40)} docs/a page.md`,
      `u UU N... 100644 100644 100644 100644 ${'c'.repeat(40)} ${'d'.repeat(40)} ${'e'.repeat(40)} docs/both.md`,
      '? docs/new file.md',
      '! docs/drafts/',
      '',
    ].join('\0');
    expect(worktreeStatusOf(out)).toEqual({ head: oid, paths: ['docs/a page.md', 'docs/both.md', 'docs/new file.md', 'docs/drafts'] });
  });

  it('has no commit before the first one', () => {
    expect(worktreeStatusOf(['# branch.oid (initial)', '# branch.head main', '? a.md', ''].join('\0'))).toEqual({ head: undefined, paths: ['a.md'] });
  });
});
