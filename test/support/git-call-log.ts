import { execFileSync } from 'node:child_process';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { makeTempDir } from './temp-tree.js';

/**
 * Puts a `git` first on PATH for each test of the file, which logs its arguments and runs the real
 * one: what docsync starts of git, counted. Returns the calls logged so far in the current test.
 */
export function logGitCalls(): () => Promise<string[]> {
  let log = '';
  let savedPath: string | undefined;
  beforeEach(async () => {
    const bin = await makeTempDir('docsync-git-shim-');
    log = path.join(bin, 'calls.log');
    await writeFile(log, '');
    const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    await writeFile(path.join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${real}' "$@"\n`);
    await chmod(path.join(bin, 'git'), 0o755);
    savedPath = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${savedPath ?? ''}`;
  });
  afterEach(() => {
    process.env.PATH = savedPath;
  });
  return async () => (await readFile(log, 'utf8')).split('\n').filter((line) => line !== '');
}
