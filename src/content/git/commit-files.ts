import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GitError } from '../errors/git-error.js';
import { throwIfAborted } from '../throw-if-aborted.js';
import { runGit } from './run-git.js';

/** A file of a commit made by {@link commitFiles}: new bytes, or `null` to remove it. */
export interface FileChange {
  /** Path from the top of the work tree, `/`-separated. */
  readonly path: string;
  readonly bytes: Uint8Array | null;
}

/** Who and when, fixed by the caller so that the same change always makes the same commit. */
export interface CommitSignature {
  readonly name: string;
  readonly email: string;
  readonly date: Date;
}

/**
 * A commit of `parent`'s tree with `changes` applied, in the repository whose work tree's top is
 * `directory`, made without touching the work tree or its index (a temporary index file, then
 * `write-tree` and `commit-tree`). Undefined when the changes leave the tree as it is. The same
 * parent, changes, message and signature make the same commit.
 */
export async function commitFiles(
  directory: string,
  { parent, changes, message, signature }: { parent: string; changes: readonly FileChange[]; message: string; signature: CommitSignature },
  signal: AbortSignal | undefined,
): Promise<string | undefined> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'docsync-commit-'));
  try {
    const date = `${Math.floor(signature.date.getTime() / 1000)} +0000`;
    // Its own index file, and who and when.
    const env = {
      GIT_INDEX_FILE: path.join(scratch, 'index'),
      GIT_AUTHOR_NAME: signature.name,
      GIT_AUTHOR_EMAIL: signature.email,
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_NAME: signature.name,
      GIT_COMMITTER_EMAIL: signature.email,
      GIT_COMMITTER_DATE: date,
    };
    const raw = async (args: string[]): Promise<string> => {
      try {
        return (await runGit(directory, args, { signal, env })).trim();
      } catch (error) {
        throwIfAborted(signal, args[0] ?? '');
        throw new GitError(`git ${args[0] ?? ''} failed in ${directory}: ${(error as Error).message}`, error);
      }
    };
    await raw(['read-tree', parent]);
    const written = changes.filter((change) => change.bytes !== null);
    const files = await Promise.all(
      written.map(async (change, index) => {
        const file = path.join(scratch, `blob-${index}`);
        await writeFile(file, change.bytes ?? new Uint8Array());
        return file;
      }),
    );
    const oids = files.length === 0 ? [] : (await raw(['hash-object', '-w', '--', ...files])).split('\n');
    const entries = written.map((change, index) => `100644,${oids[index] ?? ''},${change.path}`);
    for (const entry of entries) await raw(['update-index', '--add', '--cacheinfo', entry]);
    const removed = changes.filter((change) => change.bytes === null).map((change) => change.path);
    if (removed.length > 0) await raw(['update-index', '--force-remove', '--', ...removed]);
    const tree = await raw(['write-tree']);
    if (tree === (await raw(['rev-parse', `${parent}^{tree}`]))) return undefined;
    return await raw(['commit-tree', tree, '-p', parent, '-m', message]);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
