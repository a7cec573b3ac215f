import { Command } from 'commander';

/** `docsync status`: the configured spaces as the API has them, queue counts, last sync per target, recent failures. */
export function statusCommand(): Command {
  return new Command('status')
    .description(
      'show the configured spaces (title, visibility), queue counts, the last sync of each target and recent failures; exits 3-6 when a space cannot be read',
    )
    .option('-c, --config <file>', 'configuration file', 'docsync.yaml')
    .option('--json', 'print as JSON')
    .action(async (options: { config: string; json?: boolean }) => {
      const { loadConfig } = await import('../../config/load-config.js');
      const { readStatus, formatStatus } = await import('../../daemon/read-status.js');
      const { createLogger } = await import('../../logging/logger.js');
      const { SecretRedactor, secretsFromEnv } = await import('../../logging/redact-secrets.js');
      const { openApiClient } = await import('../../runtime/open-api-client.js');
      const loaded = await loadConfig(options.config);
      const logger = createLogger({ level: 'warn' });
      // One quick try per space: status reports an unreachable API instead of waiting on retries.
      const api = openApiClient(loaded.config, { timeoutMs: 5_000, retry: { maxAttempts: 1 }, logger });
      let status;
      try {
        status = await readStatus(loaded, logger, api);
      } finally {
        await api.close();
      }
      // Failure reasons come from Redis as the jobs left them: a signed URL or secret in one stays there.
      const redactor = new SecretRedactor(secretsFromEnv(process.env));
      const { withoutCommandLines } = await import('../../logging/sanitize-output.js');
      process.stdout.write(withoutCommandLines(redactor.text(options.json ? `${JSON.stringify(status, null, 2)}\n` : formatStatus(status))));
      // Everything is shown first; then a space the API would not show fails the command, a wrong token with 3 as everywhere.
      const failed = status.spaces.find((space) => space.exitCode !== undefined);
      if (failed?.exitCode !== undefined) process.exitCode = failed.exitCode;
    });
}
