import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GitError } from '../errors/git-error.js';
import { throwIfAborted } from '../throw-if-aborted.js';
import { gitEnv } from './run-git.js';

/** The outcome of `git merge-file`: the merged text, with conflict markers where the sides overlap. */
export interface MergedText {
  readonly text: string;
  /** Conflicting hunks; 0 is a clean merge. */
  readonly conflicts: number;
}

export interface MergeTexts {
  readonly ours: string;
  readonly base: string;
  readonly theirs: string;
}
export type MergeLabels = MergeTexts;

const execFileAsync = promisify(execFile);

/**
 * Three-way merge of texts (`git merge-file`): what `base` became in `ours` and in `theirs`. Where both
 * changed the same lines the result holds conflict markers labelled with `labels`.
 */
export async function mergeTexts(texts: MergeTexts, labels: MergeLabels, options: { cwd: string; signal?: AbortSignal | undefined }): Promise<MergedText> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'docsync-merge-'));
  try {
    const files = { ours: path.join(scratch, 'ours'), base: path.join(scratch, 'base'), theirs: path.join(scratch, 'theirs') };
    await Promise.all([writeFile(files.ours, texts.ours), writeFile(files.base, texts.base), writeFile(files.theirs, texts.theirs)]);
    const args = ['merge-file', '-p', '-L', labels.ours, '-L', labels.base, '-L', labels.theirs, files.ours, files.base, files.theirs];
    try {
      // Not `runGit`: the exit code is the number of conflicts here.
      const { stdout } = await execFileAsync('git', args, {
        cwd: options.cwd,
        env: gitEnv(),
        maxBuffer: 64 * 1024 * 1024,
        encoding: 'utf8',
        ...(options.signal ? { signal: options.signal } : {}),
      });
      return { text: stdout, conflicts: 0 };
    } catch (error) {
      // git merge-file exits with the number of conflicts (up to 127), and prints the merge all the same.
      const failed = error as { code?: unknown; stdout?: unknown };
      if (typeof failed.code === 'number' && failed.code > 0 && failed.code < 128 && typeof failed.stdout === 'string')
        return { text: failed.stdout, conflicts: failed.code };
      throwIfAborted(options.signal, 'merge-file');
      throw new GitError(`git merge-file failed in ${options.cwd}: ${(error as Error).message}`, error);
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
