import { simpleGit, type SimpleGit } from 'simple-git';
import { gitEnv } from './run-git.js';

/** simple-git for remotes, and what git says about them with credentials masked: the network side of `GitRepository`. */

/** What git said about a refused push: its `!`, `error:`, `fatal:` and `hint:` lines, else the whole message. */
export function pushReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const lines = message.split('\n').filter((line) => /^(error|fatal|remote|hint):|^ ! /.test(line.trim()) || line.startsWith(' ! '));
  return redactUrls((lines.length > 0 ? lines.join('\n') : message).trim());
}

/** Every URL of a message with its user and password masked. */
function redactUrls(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/@\s']*@/gi, '$1***@');
}

/** A URL with its user and password (a token, often) masked, for messages. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1***@');
}

/** simple-git for commands that reach a remote: never prompts for credentials, gives up after `timeoutMs` of silence or on `signal`. */
export function networkGit(baseDir: string | undefined, timeoutMs = 300_000, signal?: AbortSignal): SimpleGit {
  return simpleGit({
    ...(baseDir === undefined ? {} : { baseDir }),
    ...(signal === undefined ? {} : { abort: signal }),
    timeout: { block: timeoutMs },
    allowEnvironment: ['GIT_TERMINAL_PROMPT'],
  }).env(gitEnv({ GIT_TERMINAL_PROMPT: '0' }));
}

/** git's own `fatal:` line when there is one, else the whole message. */
export function fatalLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n').find((line) => line.startsWith('fatal:')) ?? message).trim();
}

/**
 * The commit `ref` (a full ref, `refs/heads/main`) points at on the remote `url`, by `git ls-remote`;
 * undefined when the remote has no such ref. Never prompts for credentials. Throws what git said,
 * with every URL's credentials masked (the error carries no other cause).
 */
export async function remoteRefOid(
  url: string,
  ref: string,
  options: { timeoutMs?: number; signal?: AbortSignal | undefined } = {},
): Promise<string | undefined> {
  let listed: string;
  try {
    listed = await networkGit(undefined, options.timeoutMs, options.signal).raw(['ls-remote', '--', url, ref]);
  } catch (error) {
    throw new Error(redactUrls(fatalLine(error)).replaceAll(url, redactUrl(url)));
  }
  const line = listed.split('\n').find((entry) => entry.split('\t')[1]?.trim() === ref);
  return line?.split('\t')[0]?.trim() || undefined;
}
