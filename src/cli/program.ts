import { Command } from 'commander';
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
import { readPackageVersion } from '../config/package-version.js';

/**
 * Every command of `docsync`, as the CLI runs it and as docs/commands.md's command reference is written
 * from. Command modules import their heavy dependencies lazily, so `docsync sync --once` never loads Redis.
 */
export function docsyncProgram(): Command {
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
  return program;
}
