import { existsSync } from 'node:fs';
import path from 'node:path';
import { BlobReader } from './blob-reader.js';
import { treeEntriesOf, type GitTreeEntry } from './git-tree-entry.js';
import { mayBeInRepository } from './may-be-in-repository.js';
import { changedFilesOf, type ChangedFile } from './changed-file.js';
import { commitChangesOf, pastBlobsOf, type CommitChanges } from './commit-changes.js';
import { commitInfoOf, type CommitInfo } from './commit-info.js';
import { fatalLine, networkGit, pushReason, redactUrl } from './git-network.js';
import { runGit } from './run-git.js';
import { throwIfAborted } from '../throw-if-aborted.js';
import { worktreeStatusOf, type WorktreeStatus } from './worktree-status.js';
import { mergeTexts, type MergedText, type MergeLabels, type MergeTexts } from './merge-texts.js';
import { commitFiles, type CommitSignature, type FileChange } from './commit-files.js';
import { GitError } from '../errors/git-error.js';
import { GitPushRejectedError } from '../errors/git-push-rejected-error.js';
import { GitRemoteUnreachableError } from '../errors/git-remote-unreachable-error.js';
import { GitRefNotFoundError } from '../errors/git-ref-not-found-error.js';
import { NotAGitRepositoryError } from '../errors/not-a-git-repository-error.js';

const SHA = /^[0-9a-f]{40}$|^[0-9a-f]{64}$/;

/**
 * The one wrapper of git (`runGit` for local commands, simple-git for those that reach a remote, one
 * `git cat-file --batch` process for bulk blob reads; commits beside the index and merges of texts in
 * files of their own, reached through it). Runs at the work tree's top level.
 */
export class GitRepository {
  private constructor(
    /** Top level of the work tree. */
    readonly directory: string,
    /** Path of the opened directory below the top level ('' at the top), `/`-separated. */
    readonly prefix: string,
    /** Ends every git process of this repository when it aborts (a job's shutdown, a lost lock). */
    private readonly signal: AbortSignal | undefined,
  ) {
    this.blobs = new BlobReader(directory, signal);
  }

  private readonly blobs: BlobReader;
  /** The remotes' names, once listed. */
  private remotes: Promise<readonly string[]> | undefined;

  /** Opens the repository containing `directory`. Throws `NotAGitRepositoryError`. */
  static async open(directory: string, options: { signal?: AbortSignal | undefined } = {}): Promise<GitRepository> {
    const absolute = path.resolve(directory);
    // Outside any repository no git process is started: a daemon asks on every sync, and starting
    // one blocks the event loop while the process forks.
    if (!existsSync(absolute) || !mayBeInRepository(absolute)) throw new NotAGitRepositoryError(absolute);
    const { signal } = options;
    try {
      // One process for both: a line each, the prefix empty at the top level.
      const out = await runGit(absolute, ['rev-parse', '--show-toplevel', '--show-prefix'], { signal });
      const [top = '', prefix = ''] = out.split('\n').map((line) => line.trim());
      if (top === '') throw new GitError(`git printed no top level for ${absolute}`);
      return new GitRepository(top, prefix.replace(/\/$/, ''), signal);
    } catch (error) {
      throwIfAborted(signal, 'rev-parse');
      throw new NotAGitRepositoryError(absolute, error);
    }
  }

  /**
   * What may differ in the folder `directory` of a work tree from the commit checked out, ignored files
   * too (docsync may skip less than git), by one process started there: git names paths from the top,
   * so the top need not be known first. Undefined when git cannot tell; none started outside a repository.
   */
  static async worktreeStatusIn(directory: string, signal?: AbortSignal): Promise<WorktreeStatus | undefined> {
    const absolute = path.resolve(directory);
    if (!existsSync(absolute) || !mayBeInRepository(absolute)) return undefined;
    try {
      return worktreeStatusOf(
        await runGit(absolute, ['status', '--porcelain=v2', '-z', '--branch', '--untracked-files=all', '--ignored=matching', '--no-renames', '--', '.'], {
          signal,
        }),
      );
    } catch {
      throwIfAborted(signal, 'status');
      return undefined;
    }
  }

  /**
   * The files in the folder `directory` of a work tree that differ from the commit checked out or
   * are untracked, ignored ones aside: what a `HEAD` source leaves unsynced. Undefined when git
   * cannot tell; none started outside a repository.
   */
  static async uncommittedIn(directory: string, signal?: AbortSignal): Promise<readonly string[] | undefined> {
    const absolute = path.resolve(directory);
    if (!existsSync(absolute) || !mayBeInRepository(absolute)) return undefined;
    try {
      return worktreeStatusOf(await runGit(absolute, ['status', '--porcelain=v2', '-z', '--untracked-files=all', '--no-renames', '--', '.'], { signal })).paths;
    } catch {
      throwIfAborted(signal, 'status');
      return undefined;
    }
  }

  /**
   * This work tree's git directory (`.git/worktrees/<name>` in a linked worktree), which holds its
   * `HEAD`, and the one all worktrees share, which holds `refs/` and `packed-refs`.
   */
  async gitDirs(): Promise<{ gitDir: string; commonDir: string }> {
    const gitDir = (await this.run(['rev-parse', '--absolute-git-dir'])).trim();
    // Printed relative to the working directory when not absolute.
    const commonDir = path.resolve(this.directory, (await this.run(['rev-parse', '--git-common-dir'])).trim());
    if (gitDir === '') throw new GitError(`git printed no git directory for ${this.directory}`);
    return { gitDir, commonDir };
  }

  /** The checked-out branch; undefined on a detached HEAD. */
  async currentBranch(): Promise<string | undefined> {
    const ref = await this.quiet(['rev-parse', '--symbolic-full-name', 'HEAD']);
    return ref?.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : undefined;
  }

  /** The branch `origin/HEAD` names, else `main` or `master` when the repository has one: one process. */
  async defaultBranch(): Promise<string | undefined> {
    const out = await this.quiet(['for-each-ref', '--format=%(refname) %(symref)', 'refs/remotes/origin/HEAD', 'refs/heads/main', 'refs/heads/master']);
    // Each line `<ref> <the ref it names>`, the second part empty (and trimmed away last) for a plain ref.
    const refs = new Map((out ?? '').split('\n').map((line) => [line.split(' ')[0] ?? '', line.split(' ')[1] ?? ''] as const));
    const remoteHead = refs.get('refs/remotes/origin/HEAD')?.replace(/^refs\/remotes\/origin\//, '');
    if (remoteHead) return remoteHead;
    return ['main', 'master'].find((name) => refs.has(`refs/heads/${name}`));
  }

  /**
   * Clones `url` (a remote URL or a local path) into `directory`, which must not exist yet, without
   * checking files out: docs are read from commits (`GitRefSource`, `readDocsRepo`'s `directory`).
   * Never prompts for credentials. With `ref`, also checks that the clone has that commit.
   * Throws `GitError` (unreachable, not a repository; the URL's credentials never appear),
   * `GitRefNotFoundError`, `GitAbortedError` (`signal` fired: git was killed).
   */
  static async clone(
    url: string,
    directory: string,
    options: { ref?: string; timeoutMs?: number; signal?: AbortSignal | undefined } = {},
  ): Promise<GitRepository> {
    const shown = redactUrl(url);
    if (url.trim() === '' || url.startsWith('-')) throw new GitError(`"${shown}" is not a git repository URL or path`);
    const absolute = path.resolve(directory);
    try {
      await networkGit(undefined, options.timeoutMs, options.signal).clone(url, absolute, ['--no-checkout', '--quiet']);
    } catch (error) {
      throwIfAborted(options.signal, `clone ${shown}`);
      throw new GitError(`git clone ${shown} failed: ${fatalLine(error).replaceAll(url, shown)}`, error);
    }
    const repository = await GitRepository.open(absolute, { signal: options.signal });
    if (options.ref !== undefined) await repository.resolveFetchedCommit(options.ref);
    return repository;
  }

  /** Brings a clone up to date: every branch (as `origin/<name>`) and tag of `origin`, rewritten ones too. */
  async fetch(options: { timeoutMs?: number } = {}): Promise<void> {
    try {
      await networkGit(this.directory, options.timeoutMs, this.signal).raw([
        'fetch',
        '--quiet',
        '--prune',
        '--tags',
        '--force',
        'origin',
        '+refs/heads/*:refs/remotes/origin/*',
      ]);
    } catch (error) {
      throwIfAborted(this.signal, 'fetch');
      throw new GitError(`git fetch failed in ${this.directory}: ${fatalLine(error)}`, error);
    }
  }

  /**
   * In a clone: the commit of the remote's branch `ref` when there is one (fresher than a local
   * branch of the same name after a fetch), else of `ref` itself (a tag, a sha). `HEAD` is the
   * remote's default branch. Throws `GitRefNotFoundError`.
   */
  async resolveFetchedCommit(ref: string): Promise<string> {
    if (ref !== '' && !ref.startsWith('-') && !ref.startsWith('refs/')) {
      try {
        return await this.resolveCommit(`refs/remotes/origin/${ref}`);
      } catch (error) {
        if (!(error instanceof GitRefNotFoundError)) throw error;
      }
    }
    return this.resolveCommit(ref);
  }

  /**
   * The full sha of the commit `ref` names in the repository containing `directory`: one process
   * when it is there, no top level looked up. Throws `NotAGitRepositoryError`, `GitRefNotFoundError`.
   */
  static async commitIn(directory: string, ref: string, options: { signal?: AbortSignal | undefined } = {}): Promise<string> {
    const absolute = path.resolve(directory);
    // Outside any repository, as in open(): no process started.
    if (existsSync(absolute) && mayBeInRepository(absolute) && ref !== '' && !ref.startsWith('-')) {
      const oid = await runGit(absolute, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { signal: options.signal }).catch(() => '');
      throwIfAborted(options.signal, 'rev-parse');
      if (/^[0-9a-f]{40,64}$/.test(oid.trim())) return oid.trim();
    }
    // Not found: the steps one by one name what is missing.
    return (await GitRepository.open(absolute, options)).resolveCommit(ref);
  }

  /**
   * Opens the repository containing `directory` at the commit `ref` names, checking that the folder
   * is in that commit: one `rev-parse` for the top level, the prefix, the commit and the folder's
   * tree (`<ref>:./` is the folder, relative to where git runs). When any of it fails, the steps one
   * by one name what is missing: `NotAGitRepositoryError`, `GitRefNotFoundError`, or `folder: false`.
   */
  static async openAt(
    directory: string,
    ref: string,
    options: { signal?: AbortSignal | undefined } = {},
  ): Promise<{ repository: GitRepository; commit: string; folder: boolean }> {
    const absolute = path.resolve(directory);
    const { signal } = options;
    if (existsSync(absolute) && mayBeInRepository(absolute) && ref !== '' && !ref.startsWith('-')) {
      const out = await runGit(absolute, ['rev-parse', '--show-toplevel', '--show-prefix', `${ref}^{commit}`, `${ref}:./`], { signal }).catch(() => '');
      throwIfAborted(signal, 'rev-parse');
      const [top = '', prefix = '', commit = '', folder = ''] = out.split('\n').map((line) => line.trim());
      if (top !== '' && SHA.test(commit) && SHA.test(folder)) {
        return {
          repository: new GitRepository(top, prefix.replace(/\/$/, ''), signal),
          commit,
          folder: true,
        };
      }
    }
    const repository = await GitRepository.open(absolute, options);
    const commit = await repository.resolveCommit(ref);
    return { repository, commit, folder: repository.prefix === '' || (await repository.hasFolder(commit, repository.prefix)) };
  }

  /** The full sha of the commit `ref` names. Throws `GitRefNotFoundError`. */
  async resolveCommit(ref: string): Promise<string> {
    if (ref === '' || ref.startsWith('-')) throw new GitRefNotFoundError(this.directory, ref);
    let oid: string;
    try {
      oid = (await this.raw(['rev-parse', '--verify', `${ref}^{commit}`])).trim();
    } catch (error) {
      throwIfAborted(this.signal, 'rev-parse');
      throw new GitRefNotFoundError(this.directory, ref, error);
    }
    // Only a sha: `--verify` prints nothing else, but a ref's name must not be taken for one.
    if (!/^[0-9a-f]{40,64}$/.test(oid)) throw new GitRefNotFoundError(this.directory, ref);
    return oid;
  }

  /** Sha, subject and author of the commit `ref` names (default `HEAD`). */
  async headCommit(ref = 'HEAD'): Promise<CommitInfo> {
    // A full sha (a commit resolved before) needs no process of its own to resolve.
    const oid = SHA.test(ref) ? ref : await this.resolveCommit(ref);
    // Through the kept `cat-file --batch` process, which the read of the docs needs anyway: no process
    // of its own. A commit in another encoding than UTF-8 is left to `show`, which re-encodes it.
    let object: Uint8Array | undefined;
    for await (const read of this.blobs.read([oid])) object = read.bytes;
    const parsed = object === undefined ? undefined : commitInfoOf(oid, Buffer.from(object).toString('utf8'));
    if (parsed !== undefined) return parsed;
    const out = await this.run(['show', '-s', '--format=%H%x00%s%x00%an%x00%ae', oid]);
    const [sha = oid, subject = '', name = '', email = ''] = out.replace(/\n$/, '').split('\0');
    return { oid: sha, subject, author: { name, email } };
  }

  /** Every entry below `subdirectory` ('' = everything) of `commit`, paths relative to it. */
  async listTree(commit: string, subdirectory = ''): Promise<GitTreeEntry[]> {
    const treeish = subdirectory === '' ? commit : `${commit}:${subdirectory}`;
    const out = await this.run(['ls-tree', '-r', '-l', '-z', treeish]);
    return treeEntriesOf(out);
  }

  /**
   * The files that differ between two commits under `subdirectory` (paths relative to it), each with
   * its status (`A`, `M`, `D`, `T`) and its blob id and mode in `to`; undefined when either tree
   * cannot be read (a commit gone or unknown, the folder missing in one of them).
   */
  async changedFiles(from: string, to: string, subdirectory = ''): Promise<ChangedFile[] | undefined> {
    const tree = (commit: string): string => (subdirectory === '' ? commit : `${commit}:${subdirectory}`);
    let out: string;
    try {
      out = await this.raw(['diff-tree', '-r', '-z', '--no-renames', '--no-abbrev', tree(from), tree(to)]);
    } catch {
      throwIfAborted(this.signal, 'diff-tree');
      return undefined;
    }
    return changedFilesOf(out);
  }

  /**
   * The blob ids `path` (from the top of the work tree) held in the last `limit` commits of `ref`
   * that changed it, newest first, each once; none when `ref` does not resolve.
   */
  async pastBlobs(ref: string, path: string, limit: number): Promise<string[]> {
    return pastBlobsOf(await this.quiet(['log', `-n${limit}`, '--format=', '--raw', '--no-abbrev', '--no-renames', ref, '--', path]));
  }

  /**
   * The commits of `ref` that `exclude` does not have and that changed files below `folder` ('' =
   * anywhere), newest first, each with its message and the files it changed: one git process.
   * None when either does not resolve.
   */
  async history(ref: string, exclude: string, folder: string): Promise<CommitChanges[]> {
    if ([ref, exclude].some((name) => name === '' || name.startsWith('-'))) return [];
    let out: string;
    try {
      // A record per commit: \x01 sha \x02 message \x03, then its `--raw -z` entries.
      out = await this.raw([
        'log',
        '--format=%x01%H%x02%B%x03',
        '--raw',
        '-z',
        '--no-abbrev',
        '--no-renames',
        ref,
        '--not',
        exclude,
        '--',
        folder === '' ? '.' : folder,
      ]);
    } catch {
      throwIfAborted(this.signal, 'log');
      return [];
    }
    return commitChangesOf(out);
  }

  /** Whether `path` is a folder of `commit`. */
  async hasFolder(commit: string, path: string): Promise<boolean> {
    try {
      return (await this.raw(['cat-file', '-t', `${commit}:${path}`])).trim() === 'tree';
    } catch {
      throwIfAborted(this.signal, 'cat-file -t');
      return false;
    }
  }

  /** One blob's bytes. */
  async readBlob(oid: string): Promise<Uint8Array> {
    try {
      return await runGit(this.directory, ['cat-file', 'blob', oid], { signal: this.signal, binary: true });
    } catch (error) {
      throwIfAborted(this.signal, 'cat-file blob');
      throw new GitError(`git cat-file blob ${oid} failed in ${this.directory}`, error);
    }
  }

  /** Many blobs through the repository's kept `git cat-file --batch` process, yielded in request order. */
  readBlobs(oids: readonly string[]): AsyncIterable<{ oid: string; bytes: Uint8Array }> {
    return this.blobs.read(oids);
  }

  /** Whether the repository has a remote of that name: its remotes listed once per opening (a sync asks several times). */
  async hasRemote(name: string): Promise<boolean> {
    this.remotes ??= this.run(['remote']).then((out) => out.split('\n').map((line) => line.trim()));
    return (await this.remotes).includes(name);
  }

  /**
   * The tip of `branch` on `remote`, fetched into the local ref `into` so its commits can be built on;
   * undefined when the remote has no such branch. Never prompts for credentials.
   */
  async fetchBranch(remote: string, branch: string, into: string, options: { timeoutMs?: number } = {}): Promise<string | undefined> {
    const git = networkGit(this.directory, options.timeoutMs, this.signal);
    try {
      const listed = await git.raw(['ls-remote', '--heads', '--', remote, `refs/heads/${branch}`]);
      if (listed.trim() === '') return undefined;
      await git.raw(['fetch', '--quiet', '--no-tags', '--', remote, `+refs/heads/${branch}:${into}`]);
    } catch (error) {
      throwIfAborted(this.signal, 'fetch');
      throw new GitRemoteUnreachableError(remote, branch, fatalLine(error), error);
    }
    return this.resolveCommit(into);
  }

  /** A commit of `parent`'s tree with `changes` applied, the work tree and its index untouched: see {@link commitFiles}. */
  commitFiles(parent: string, changes: readonly FileChange[], message: string, signature: CommitSignature): Promise<string | undefined> {
    return commitFiles(this.directory, { parent, changes, message, signature }, this.signal);
  }

  /** Whether `ancestor` is `commit` or one of its ancestors. */
  async isAncestor(ancestor: string, commit: string): Promise<boolean> {
    try {
      return (await this.raw(['rev-list', '--count', `${commit}..${ancestor}`])).trim() === '0';
    } catch {
      throwIfAborted(this.signal, 'merge-base');
      return false;
    }
  }

  /**
   * Pushes `commit` to `branch` on `remote` (a fast-forward only). Throws `GitPushRejectedError` with
   * git's own reason when the remote refuses it or cannot be reached. Never prompts for credentials.
   */
  async push(remote: string, commit: string, branch: string, options: { timeoutMs?: number } = {}): Promise<void> {
    try {
      await networkGit(this.directory, options.timeoutMs, this.signal).raw(['push', '--quiet', '--', remote, `${commit}:refs/heads/${branch}`]);
    } catch (error) {
      throwIfAborted(this.signal, 'push');
      throw new GitPushRejectedError(remote, branch, pushReason(error), error);
    }
  }

  /** Three-way merge of texts (`git merge-file`), in this repository's folder: see {@link mergeTexts}. */
  mergeFile(texts: MergeTexts, labels: MergeLabels): Promise<MergedText> {
    return mergeTexts(texts, labels, { cwd: this.directory, signal: this.signal });
  }

  private raw(args: readonly string[]): Promise<string> {
    return runGit(this.directory, args, { signal: this.signal });
  }

  private async run(args: string[]): Promise<string> {
    try {
      return await this.raw(args);
    } catch (error) {
      throwIfAborted(this.signal, args[0] ?? '');
      throw new GitError(`git ${args[0] ?? ''} failed in ${this.directory}: ${(error as Error).message}`, error);
    }
  }

  /** The trimmed output of a command that may fail by design (`--quiet` lookups): undefined then. */
  private async quiet(args: string[]): Promise<string | undefined> {
    try {
      const out = (await this.raw(args)).trim();
      return out === '' ? undefined : out;
    } catch {
      throwIfAborted(this.signal, args[0] ?? '');
      return undefined;
    }
  }
}

export type { MergedText } from './merge-texts.js';
export type { FileChange, CommitSignature } from './commit-files.js';
export type { ChangedFile } from './changed-file.js';
export type { CommitChanges } from './commit-changes.js';
export type { CommitInfo } from './commit-info.js';
export type { GitTreeEntry } from './git-tree-entry.js';
export type { WorktreeStatus } from './worktree-status.js';
