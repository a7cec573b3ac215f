import { Command } from 'commander';

/** `docsync status`: queue counts, last sync per target, recent failures. */
export function statusCommand(): Command {
  return new Command('status')
    .description('show queue counts, the last sync of each target and recent failures')
    .option('-c, --config <file>', 'configuration file', 'docsync.yaml')
    .option('--json', 'print as JSON')
    .action(async (options: { config: string; json?: boolean }) => {
      const { loadConfig } = await import('../../config/load-config.js');
      const { readStatus, formatStatus } = await import('../../daemon/read-status.js');
      const { createLogger } = await import('../../logging/logger.js');
      const loaded = await loadConfig(options.config);
      const status = await readStatus(loaded, createLogger({ level: 'warn' }));
      process.stdout.write(options.json ? `${JSON.stringify(status, null, 2)}\n` : formatStatus(status));
    });
}
