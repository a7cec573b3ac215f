#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { emulatorCommand } from './commands/emulator-command.js';
import { syncCommand } from './commands/sync-command.js';
import { demoCommand } from './commands/demo-command.js';
import { configSchemaCommand } from './commands/config-schema-command.js';
import { daemonCommands } from './commands/daemon-commands.js';
import { statusCommand } from './commands/status-command.js';
import { siteCommand } from './commands/site-command.js';
import { specCommand } from './commands/spec-command.js';
import { initCommand } from './commands/init-command.js';
import { pullCommand } from './commands/pull-command.js';
import { migrateCommand } from './commands/migrate-command.js';
import { EXIT, exitCodeFor } from '../failure/exit-codes.js';
import { readPackageVersion } from './package-version.js';
import { errorDocument, wantsJson } from './error-document.js';
import { SecretRedactor, secretsFromEnv } from '../logging/redact-secrets.js';

/** Command modules import their heavy dependencies lazily, so `docsync sync --once` never loads Redis. */
const program = new Command('docsync')
  .description('Keep a hosted documentation platform in step with git.')
  .version(readPackageVersion())
  .exitOverride()
  .showHelpAfterError()
  .addCommand(syncCommand())
  .addCommand(emulatorCommand())
  .addCommand(demoCommand())
  .addCommand(configSchemaCommand())
  .addCommand(statusCommand())
  .addCommand(specCommand())
  .addCommand(siteCommand())
  .addCommand(initCommand())
  .addCommand(pullCommand())
  .addCommand(migrateCommand());

for (const command of daemonCommands()) program.addCommand(command);

// addCommand does not pass settings down: without this a subcommand's parse error exits 1 itself.
const settle = (command: Command): void => {
  command.exitOverride().showHelpAfterError();
  command.commands.forEach(settle);
};
program.commands.forEach(settle);

/** The running command's `--json`, once its options are parsed. */
let json: boolean | undefined;
program.hook('preAction', (_program, action) => {
  json = action.opts<{ json?: boolean }>().json === true;
});

try {
  await program.parseAsync(process.argv);
} catch (error) {
  const redact = (text: string): string => new SecretRedactor(secretsFromEnv(process.env)).text(text);
  const message = redact(error instanceof Error ? error.message : String(error)).replace(/^error: /, '');
  if (error instanceof CommanderError) {
    // Help and --version end here too, with exit 0; commander has printed the message already.
    process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.config;
  } else {
    process.stderr.write(`docsync: ${message}\n`);
    process.exitCode = exitCodeFor(error);
  }
  // With --json, stdout holds one JSON document whatever happens, so a CI step can always parse it.
  if (process.exitCode !== EXIT.ok && wantsJson(json, error, process.argv.slice(2))) {
    process.stdout.write(`${JSON.stringify(errorDocument(error, message, process.exitCode), null, 2)}\n`);
  }
}
