/** The full CLI: the bin (launcher.ts) loads it for every command line it does not answer itself. */
import { CommanderError } from 'commander';
import { EXIT, exitCodeFor } from '../failure/exit-codes.js';
import { commanderExitCode } from './commander-exit-code.js';
import { errorDocument, wantsJson } from './error-document.js';
import { SecretRedactor, secretsFromEnv } from '../logging/redact-secrets.js';
import { withoutCommandLines } from '../logging/sanitize-output.js';
import { docsyncProgram } from './program.js';

const program = docsyncProgram();

/** The running command's `--json`, once its options are parsed. */
let json: boolean | undefined;
program.hook('preAction', (_program, action) => {
  json = action.opts<{ json?: boolean }>().json === true;
});

try {
  await program.parseAsync(process.argv);
} catch (error) {
  const redact = (text: string): string => withoutCommandLines(new SecretRedactor(secretsFromEnv(process.env)).text(text));
  const message = redact(error instanceof Error ? error.message : String(error)).replace(/^error: /, '');
  if (error instanceof CommanderError) {
    // Help and --version end here too, with exit 0; commander has printed the message already.
    process.exitCode = commanderExitCode(error);
  } else {
    process.stderr.write(`docsync: ${message}\n`);
    process.exitCode = exitCodeFor(error);
  }
  // With --json, stdout holds one JSON document whatever happens, so a CI step can always parse it.
  if (process.exitCode !== EXIT.ok && wantsJson(json, error, process.argv.slice(2))) {
    process.stdout.write(`${JSON.stringify(errorDocument(error, message, process.exitCode), null, 2)}\n`);
  }
}
