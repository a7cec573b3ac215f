import type { CommanderError } from 'commander';
import { EXIT, type ExitCode } from '../failure/exit-codes.js';

/** docsync's exit code when commander ends a run itself: 0 for help and the version, else a refused command line. */
export function commanderExitCode(error: CommanderError): ExitCode {
  return error.exitCode === 0 ? EXIT.ok : EXIT.config;
}
