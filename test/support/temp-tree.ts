import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Temp directories made by {@link makeTempDir}, removed by {@link removeTempDirs}. */
const made: string[] = [];

export async function makeTempDir(prefix = 'docsync-content-'): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** Writes `files` (path → text or bytes) under `dir`, creating folders. */
export async function writeTree(dir: string, files: Record<string, string | Uint8Array>): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(dir, ...relative.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}

/** A temp dir holding `files`. */
export async function tempTree(files: Record<string, string | Uint8Array>): Promise<string> {
  const dir = await makeTempDir();
  await writeTree(dir, files);
  return dir;
}

/** Runs git in `dir` with a fixed identity and no user or system config, so tests behave alike everywhere. */
export function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 'Ada Writer',
      GIT_AUTHOR_EMAIL: 'ada@example.com',
      GIT_COMMITTER_NAME: 'Ada Writer',
      GIT_COMMITTER_EMAIL: 'ada@example.com',
    },
  });
}
