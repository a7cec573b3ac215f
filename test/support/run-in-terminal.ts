import { spawn } from 'node:child_process';

export interface TerminalRun {
  /** Exit code of the program (`script -e` passes it on). */
  code: number | null;
  /** Everything the program wrote to the terminal, escape sequences included. */
  raw: string;
}

const quote = (arg: string): string => `'${arg.replace(/'/g, `'\\''`)}'`;

/**
 * Runs `node <args>` in a pseudo-terminal `columns` wide (util-linux `script`), as a person at a
 * terminal would: standard output and error are both the terminal. Returns what reached it.
 */
export function runInTerminal(
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; columns?: number; timeoutMs?: number },
): Promise<TerminalRun> {
  const command = `stty cols ${options.columns ?? 140} rows 50; exec ${[process.execPath, ...args].map(quote).join(' ')}`;
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeoutMs ?? 60_000,
    });
    let raw = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', (error) => reject(new Error(`could not run script (util-linux) for a pseudo-terminal: ${error.message}`, { cause: error })));
    child.once('close', (code) => (errors.trim() === '' ? resolve({ code, raw }) : reject(new Error(`script failed: ${errors.trim()}`))));
  });
}
