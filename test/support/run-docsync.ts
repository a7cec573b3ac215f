import { spawn } from 'node:child_process';
import { CLI } from './daemon-harness.js';

/** What a finished `docsync` process printed, and how it exited (`expect(run).toExitWith(code)` shows the output when the code is not the one expected). */
export interface DocsyncRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI (or the one at `cli`) to its end in `cwd`, with a bare environment (PATH, HOME) plus `env`. */
export function runDocsync(args: readonly string[], cwd: string, env: Record<string, string> = {}, cli = CLI): Promise<DocsyncRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
