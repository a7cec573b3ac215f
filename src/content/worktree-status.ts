import { existsSync } from 'node:fs';
import path from 'node:path';
import { simpleGit } from 'simple-git';
import { mayBeInRepository } from './may-be-in-repository.js';
import { throwIfAborted } from './throw-if-aborted.js';

/** What git says may differ in a work tree from its last commit, as {@link worktreeStatusIn} reads it. */
export interface WorktreeStatus {
  /** The commit checked out; undefined before the first commit. */
  readonly head: string | undefined;
  /**
   * Paths from the top of the work tree that may hold other bytes than the commit: modified, added,
   * removed, untracked and ignored files. Every other file git tracks there is the commit's.
   */
  readonly paths: readonly string[];
}

/** Fields before the path, by record kind of `git status --porcelain=v2 -z`. */
const FIELDS: Readonly<Record<string, number>> = { '1': 8, u: 10, '?': 1, '!': 1 };

/**
 * `git status --porcelain=v2 -z --branch` read: the `# branch.oid` header, then each record's path
 * (the last field; a path may hold spaces). Renames are not asked for (`--no-renames`), so no record
 * holds two paths.
 */
export function worktreeStatusOf(out: string): WorktreeStatus {
  let head: string | undefined;
  const paths: string[] = [];
  for (const record of out.split('\0')) {
    if (record.startsWith('# branch.oid ')) {
      const oid = record.slice('# branch.oid '.length);
      head = oid === '(initial)' ? undefined : oid;
      continue;
    }
    const fields = FIELDS[record.slice(0, record.indexOf(' '))];
    if (fields === undefined) continue;
    let at = 0;
    for (let field = 0; field < fields; field++) at = record.indexOf(' ', at) + 1;
    // An untracked or ignored folder git did not open is named with a trailing slash.
    paths.push(record.slice(at).replace(/\/$/, ''));
  }
  return { head, paths };
}

/**
 * What may differ in the folder `directory` of a work tree from the commit checked out, by git's stat
 * of the work tree against its index, in one process started in that folder (no need to know the
 * work tree's top first: git names paths from the top); ignored files too (docsync may skip less
 * than git: nested `.gitignore` files, `info/exclude`). Undefined outside a work tree or when git
 * cannot tell; outside any repository no process is started.
 */
export async function worktreeStatusIn(directory: string, signal?: AbortSignal): Promise<WorktreeStatus | undefined> {
  const absolute = path.resolve(directory);
  if (!existsSync(absolute) || !mayBeInRepository(absolute)) return undefined;
  try {
    const git = simpleGit({ baseDir: absolute, ...(signal ? { abort: signal } : {}) });
    return worktreeStatusOf(await git.raw(['status', '--porcelain=v2', '-z', '--branch', '--untracked-files=all', '--ignored=matching', '--no-renames', '--', '.']));
  } catch {
    throwIfAborted(signal, 'status');
    return undefined;
  }
}
