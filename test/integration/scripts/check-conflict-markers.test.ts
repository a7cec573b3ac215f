import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { git, makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

const SCRIPT = new URL('../../../scripts/check-conflict-markers.sh', import.meta.url).pathname;

afterAll(removeTempDirs);

/** A repository whose tracked files are `files`; a checkout's own conflict markers are content of these files. */
async function repoWith(files: Record<string, string>): Promise<string> {
  const dir = await makeTempDir('docsync-markers-');
  git(dir, 'init', '-q', '-b', 'main');
  await writeTree(dir, files);
  git(dir, 'add', '-A');
  return dir;
}

async function check(dir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return promisify(execFile)('bash', [SCRIPT], { cwd: dir }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: unknown) => {
      const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
      return { code, stdout, stderr };
    },
  );
}

describe('the conflict-marker check of `npm run lint`', () => {
  it('fails naming the file and line of each marker', async () => {
    const dir = await repoWith({
      'README.md': '# Title\n\n<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> main\n',
      'docs/clean.md': 'Fine\n=======\n',
    });
    const run = await check(dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('README.md:3:<<<<<<< HEAD');
    expect(run.stdout).toContain('README.md:7:>>>>>>> main');
    expect(run.stdout).not.toContain('clean.md');
    expect(run.stderr).toContain('resolve the merge');
  });

  it('passes a tree whose `=======` lines are Markdown heading underlines and whose markers are not at a line start', async () => {
    const dir = await repoWith({ 'docs/a.md': 'Heading\n=======\n\nA `<<<<<<< HEAD` example.\n' });
    expect(await check(dir)).toMatchObject({ code: 0, stdout: '' });
  });
});
