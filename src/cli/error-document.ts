import { CommanderError } from 'commander';

/** What `--json` prints on stdout when a command fails before it has a report to print. */
export interface ErrorDocument {
  readonly error: {
    /** Stable kind: `E_CONFIG`, `E_API_NETWORK`, `commander.unknownOption`, … (`E_FAILED` when the error has none). */
    readonly code: string;
    readonly message: string;
    readonly exitCode: number;
    /** The file at fault (configuration, plan, spec, manifest) and its line, when known; otherwise null. */
    readonly file: string | null;
    readonly line: number | null;
  };
}

/** The one JSON document a failed `--json` run leaves on stdout. `message` is already redacted. */
export function errorDocument(error: unknown, message: string, exitCode: number): ErrorDocument {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; file?: unknown; line?: unknown };
  return {
    error: {
      code: typeof fields.code === 'string' ? fields.code : 'E_FAILED',
      message,
      exitCode,
      file: typeof fields.file === 'string' ? fields.file : null,
      line: typeof fields.line === 'number' ? fields.line : null,
    },
  };
}

/**
 * Whether the failed invocation asked for JSON: the command's parsed `--json` when parsing got that
 * far, else the flag among the arguments (a command line commander refused).
 */
export function wantsJson(parsed: boolean | undefined, error: unknown, argv: readonly string[]): boolean {
  if (parsed !== undefined && !(error instanceof CommanderError)) return parsed;
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json');
}
