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
import { EXIT, exitCodeFor } from './exit-codes.js';
import { readPackageVersion } from './package-version.js';

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

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.config;
  } else {
    process.stderr.write(`docsync: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = exitCodeFor(error);
  }
}
