import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { badRequest } from '../emulator-error.js';

const run = promisify(execFile);
const CLONE_TIMEOUT_MS = 60_000;

export interface ClonedRepository {
  /** Tracked files, path (`/`-separated) → bytes. */
  readonly files: Map<string, Uint8Array>;
  readonly commit: { readonly oid: string; readonly message: string };
}

/**
 * Clones `ref` (a branch or tag, `refs/heads/…` accepted) of the repository at `url` with the
 * system's git, shallow, into a temporary folder that is removed afterwards, and reads its tracked
 * files, refusing more than `limit` bytes in all. Only the file, http(s) and ssh transports are
 * allowed (never `ext::`, which runs commands). Every failure is a 400 naming the field.
 */
export async function cloneGitRepository(url: string, ref: string, limit: number): Promise<ClonedRepository> {
  const branch = ref.replace(/^refs\/(heads|tags)\//, '');
  const directory = await mkdtemp(path.join(tmpdir(), 'docsync-emulator-git-'));
  const env = { ...process.env, GIT_ALLOW_PROTOCOL: 'file:http:https:ssh', GIT_TERMINAL_PROMPT: '0' };
  try {
    const clone = (shallow: boolean) =>
      run('git', ['clone', '--quiet', ...(shallow ? ['--depth', '1'] : []), '--branch', branch, '--', url, directory], { env, timeout: CLONE_TIMEOUT_MS });
    try {
      // git's "dumb" HTTP transport (a static file server) cannot clone shallow: whole, then.
      await clone(true).catch(async (error: unknown) => {
        if (!/shallow/i.test((error as { stderr?: string }).stderr ?? '')) throw error;
        await rm(directory, { recursive: true, force: true });
        await clone(false);
      });
    } catch (error) {
      const detail = (error as { stderr?: string }).stderr?.trim().split('\n').at(-1) ?? (error as Error).message;
      throw badRequest(`Invalid body field "url": could not clone ref "${ref}" of ${url} (${detail}).`);
    }
    const git = (args: string[]) => run('git', args, { cwd: directory, env, maxBuffer: 64 * 1024 * 1024 });
    const [{ stdout: listed }, { stdout: head }] = await Promise.all([git(['ls-files', '-z']), git(['log', '-1', '--format=%H%x00%s'])]);
    const files = new Map<string, Uint8Array>();
    let total = 0;
    for (const file of listed.split('\0').filter((name) => name !== '')) {
      const data = await readFile(path.join(directory, file));
      total += data.byteLength;
      if (total > limit) throw badRequest(`Invalid body field "url": the repository is larger than the import size limit of ${limit} bytes.`);
      files.set(file, new Uint8Array(data));
    }
    const [oid = '', message = ''] = head.trim().split('\0');
    return { files, commit: { oid, message } };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
