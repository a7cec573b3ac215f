import { GitAbortedError } from './errors/git-aborted-error.js';

/** Throws `GitAbortedError` once `signal` has fired: the abort, not git's failure at being killed, is what happened. */
export function throwIfAborted(signal: AbortSignal | undefined, command: string): void {
  if (signal?.aborted === true) throw new GitAbortedError(command, signal.reason);
}
