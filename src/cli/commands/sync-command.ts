import { Command } from 'commander';
import { EXIT } from '../exit-codes.js';
import { appendFile } from 'node:fs/promises';
import { formatAnnotations, formatHuman, formatJson, formatStepSummary } from '../sync-report.js';

interface SyncOptions {
  once?: boolean;
  config?: string;
  target?: string[];
  dryRun?: boolean;
  json?: boolean;
}

/** `docsync sync --once`: every configured target, inline, then exit (non-zero on failure). */
export function syncCommand(): Command {
  return new Command('sync')
    .description('sync configured targets to the API once and exit (for CI and cron)')
    .option('--once', 'run one pass inline and exit (the only mode for now; the daemon watches)')
    .option('-c, --config <file>', 'configuration file', 'docsync.yaml')
    .option('-t, --target <name...>', 'only these targets')
    .option('--dry-run', 'read, hash and plan; print what would be written and write nothing')
    .option('--json', 'print the report as JSON on stdout')
    .action(async (options: SyncOptions) => {
      const { loadConfig } = await import('../../config/load-config.js');
      const { runSyncOnce } = await import('../../runtime/run-sync-once.js');
      const loaded = await loadConfig(options.config);
      const report = await runSyncOnce(loaded, { dryRun: options.dryRun ?? false, targets: options.target });
      process.stdout.write(options.json ? formatJson(report) : formatHuman(report, options.dryRun ?? false));
      if (process.env.GITHUB_ACTIONS === 'true') process.stdout.write(formatAnnotations(report));
      const summaryFile = process.env.GITHUB_STEP_SUMMARY;
      if (summaryFile) await appendFile(summaryFile, formatStepSummary(report));
      process.exitCode = report.failures[0]?.exitCode ?? EXIT.ok;
    });
}
