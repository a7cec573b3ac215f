import path from 'node:path';
import { GitRepository } from './git-repository.js';

/**
 * One line when a docs folder read at `HEAD` holds edits git has not committed (a sync would skip
 * them, saying the content is unchanged); undefined when it holds none or git cannot tell.
 */
export async function uncommittedNotice(directory: string, signal?: AbortSignal): Promise<string | undefined> {
  const paths = await GitRepository.uncommittedIn(directory, signal);
  if (paths === undefined || paths.length === 0) return undefined;
  const folder = `${path.relative(process.cwd(), path.resolve(directory)) || '.'}/`;
  const changes = paths.length === 1 ? '1 uncommitted change' : `${paths.length} uncommitted changes`;
  return `${changes} under ${folder} ${paths.length === 1 ? 'is' : 'are'} not synced (source: HEAD); commit them or set source: worktree`;
}
