import { execFile } from 'node:child_process';

/** Options of {@link runGit}. */
export interface RunGitOptions {
  /** Kills git when it fires. */
  readonly signal?: AbortSignal | undefined;
  /** Variables set for this command beyond the environment git is given (a temporary index, a commit's signature). */
  readonly env?: Readonly<Record<string, string>>;
}

/** Output git may print before it is cut off: a tree of 30,000 files lists in a few MB. */
const MAX_OUTPUT = 1 << 30;

/** What simple-git strips from the environment it inherits (and refuses when passed explicitly), editors and pagers included. */
const GUARDED = /^(GIT_|EDITOR$|VISUAL$|PAGER$|PREFIX$|SSH_ASKPASS$)/i;

/**
 * The environment every git command runs in, with `extra` set: this process's without git's own
 * variables and those that start editors or pagers, as simple-git (for commands that reach remotes)
 * gives it. An ambient `GIT_DIR` or `GIT_INDEX_FILE` (a git hook's) would point git at another
 * repository or index.
 */
export function gitEnv(extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  const inherited = Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && !GUARDED.test(entry[0]));
  return { ...Object.fromEntries(inherited), ...extra };
}

/**
 * Runs a local git command in `cwd` and gives what it printed (UTF-8), rejecting on a non-zero exit
 * with git's own message. Not through simple-git: it waits 50 ms more after a command that printed
 * nothing, as a `diff-tree` of docs a commit did not touch does.
 */
export function runGit(cwd: string, args: readonly string[], options?: RunGitOptions): Promise<string>;
export function runGit(cwd: string, args: readonly string[], options: RunGitOptions & { readonly binary: true }): Promise<Buffer>;
export function runGit(cwd: string, args: readonly string[], options: RunGitOptions & { readonly binary?: boolean } = {}): Promise<string | Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      {
        cwd,
        env: gitEnv(options.env),
        maxBuffer: MAX_OUTPUT,
        encoding: options.binary === true ? 'buffer' : 'utf8',
        ...(options.signal ? { signal: options.signal } : {}),
      },
      (error, stdout, stderr) => {
        if (error === null) resolve(stdout);
        else reject(new Error(String(stderr).trim() || error.message, { cause: error }));
      },
    );
  });
}
