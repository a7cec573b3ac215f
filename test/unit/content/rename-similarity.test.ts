import { writeFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RENAME_THRESHOLD, renameSimilarity } from '../../../src/content/git/rename-similarity.js';
import { git, makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

afterAll(() => removeTempDirs());

const page = (title: string, extra = ''): string => `# ${title}\n\n${extra}About ${title}.\n\nMore on ${title}.\n\nThe end of ${title}.\n`;

/** git's own score of a rename of `from` to `to` (`git diff -M1%`, a percentage), or undefined when it pairs none. */
async function gitScore(from: string, to: string): Promise<number | undefined> {
  const dir = await makeTempDir('docsync-rename-');
  git(dir, 'init', '--quiet');
  await writeFile(join(dir, 'a.md'), from);
  git(dir, 'add', '.');
  git(dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-m', 'a');
  await rm(join(dir, 'a.md'));
  await writeFile(join(dir, 'b.md'), to);
  git(dir, 'add', '--all', '.');
  const status = git(dir, 'diff', '--cached', '-M1%', '--name-status').trim();
  const score = /^R(\d+)\t/.exec(status)?.[1];
  return score === undefined ? undefined : Number(score);
}

describe('renameSimilarity', () => {
  const pairs: [string, string, string][] = [
    ['the same text', page('Guide'), page('Guide')],
    ['a paragraph added', page('Guide'), page('Guide', 'Git line gitmark3z.\n\n')],
    ['a line changed', page('Guide'), page('Guide').replace('More on', 'Much more on')],
    ['another page', page('Guide'), page('Reference')],
    ['a long line cut in chunks', `${'x'.repeat(150)}\n${page('Guide')}`, `${'x'.repeat(140)}y\n${page('Guide')}`],
    ['line endings aside', page('Guide'), page('Guide').replaceAll('\n', '\r\n')],
  ];
  for (const [what, from, to] of pairs)
    it(`scores ${what} as git does`, async () => {
      const ours = renameSimilarity(from, to);
      const theirs = await gitScore(from, to);
      expect(Math.floor(ours * 100)).toBe(theirs ?? 0);
    });

  it('takes a page with a paragraph added for a rename, another page for none', () => {
    expect(renameSimilarity(page('Guide'), page('Guide', 'Git line gitmark3z.\n\n'))).toBeGreaterThanOrEqual(RENAME_THRESHOLD);
    expect(renameSimilarity(page('Guide'), page('Reference'))).toBeLessThan(RENAME_THRESHOLD);
  });
});
