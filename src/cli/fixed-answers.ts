import { CommanderError, type Command } from 'commander';
import type { ExitCode } from '../failure/exit-codes.js';
import { commanderExitCode } from './commander-exit-code.js';

/** What the CLI prints and exits with for one command line. */
export interface FixedAnswer {
  readonly argv: readonly string[];
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: ExitCode;
}

export interface FixedAnswers {
  /** The help width they were rendered at: commander's own when the output is not a terminal. */
  readonly width: number;
  readonly answers: readonly FixedAnswer[];
}

/**
 * The command lines whose whole answer the program definition fixes: top-level help (`--help`,
 * `-h` and `help` on stdout with exit 0; no arguments on stderr with exit 2) and the version.
 */
export const FIXED_ARGV: readonly (readonly string[])[] = [[], ['--help'], ['-h'], ['help'], ['--version'], ['-V']];

/** Commander wraps help at a terminal's columns, and at 80 when the output is not a terminal. */
const OFF_TERMINAL_WIDTH = 80;

/**
 * What `program` answers to each of {@link FIXED_ARGV} as the CLI would print it off a terminal,
 * rendered by commander itself. The build writes them into the `bin` (src/cli/launcher.ts).
 */
export async function fixedAnswers(program: () => Command): Promise<FixedAnswers> {
  const answers: FixedAnswer[] = [];
  for (const argv of FIXED_ARGV) {
    let stdout = '';
    let stderr = '';
    const command = program().configureOutput({
      writeOut: (text) => (stdout += text),
      writeErr: (text) => (stderr += text),
      getOutHelpWidth: () => OFF_TERMINAL_WIDTH,
      getErrHelpWidth: () => OFF_TERMINAL_WIDTH,
      getOutHasColors: () => false,
      getErrHasColors: () => false,
    });
    const ended = await command.parseAsync(argv, { from: 'user' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (!(ended instanceof CommanderError)) throw new Error(`docsync ${argv.join(' ')} did not end in commander's own answer`, { cause: ended });
    answers.push({ argv, stdout, stderr, exitCode: commanderExitCode(ended) });
  }
  return { width: OFF_TERMINAL_WIDTH, answers };
}
