import { Command } from 'commander';
import { EXIT } from '../../failure/exit-codes.js';
import { appendFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GitCheckout } from '../git-checkout.js';

interface SyncOptions {
  once?: boolean;
  config?: string;
  target?: string[];
  dryRun?: boolean;
  json?: boolean;
  summaryFile?: string;
  branch?: string;
  closeBranch?: string;
  allowDeletions?: boolean;
}

/**
 * The branch a run previews when `--branch` is not given: the pull or merge request's branch in CI;
 * outside CI, the checked-out branch unless it is the default one. In CI without those variables (a
 * push build) the run is the main-branch sync, whatever the checkout.
 */
async function previewBranch(env: NodeJS.ProcessEnv, fromCi: string | undefined, checkout: GitCheckout | undefined): Promise<string | undefined> {
  if (fromCi !== undefined) return fromCi;
  const { previewBranchOf } = await import('../git-checkout.js');
  return env.CI === undefined || env.CI === '' || env.CI === 'false' ? previewBranchOf(checkout) : undefined;
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
    .option(
      '--branch <name>',
      "sync into one preview change request per target for this branch (default: the pull or merge request's branch in GitHub Actions and GitLab CI; outside CI, the checked-out git branch unless it is the default branch)",
    )
    .option('--close-branch <name>', 'archive the preview change requests of this branch instead of syncing')
    .option('--allow-deletions', 'sync even when it removes more live pages than sync.maxDeletions allows')
    .option('--summary-file <path>', 'also write the markdown summary (the GitHub step summary) to this file, e.g. for a pull-request comment')
    .action(async (options: SyncOptions) => {
      const { loadConfig } = await import('../../config/load-config.js');
      const { runSyncOnce } = await import('../../runtime/run-sync-once.js');
      const { createLogger, logFormat } = await import('../../logging/logger.js');
      const { ciPreviewBranch, previewTarget } = await import('../../sync/branch-previews.js');
      const { readGitCheckout } = await import('../git-checkout.js');
      const { formatAnnotations, formatHuman, formatJson, formatStepSummary, syncOutputs } = await import('../sync-report.js');
      const { writeGithubOutputs } = await import('../github-outputs.js');
      const { safeOutput } = await import('../safe-output.js');
      const { configSecrets } = await import('../../config/config-secrets.js');
      const env = process.env;
      const loaded = await loadConfig(options.config);
      const safe = safeOutput(configSecrets(loaded.config), env);
      const checkout = await readGitCheckout(loaded.baseDir);
      const branch = options.closeBranch === undefined ? (options.branch ?? (await previewBranch(env, ciPreviewBranch(env), checkout))) : undefined;
      // In a terminal the report below says what was done and planned; info records would say it twice.
      const logger = createLogger({ level: env.DOCSYNC_LOG_LEVEL ?? (logFormat() === 'pretty' ? 'warn' : 'info') });
      const summaryFile = env.GITHUB_STEP_SUMMARY;
      const report = await runSyncOnce(loaded, {
        dryRun: options.dryRun ?? false,
        targets: options.target,
        branch,
        closeBranch: options.closeBranch,
        allowDeletions: options.allowDeletions,
        logger,
      });
      process.stdout.write(safe.text(options.json ? formatJson(report) : formatHuman(report, options.dryRun ?? false)));
      if (env.GITHUB_ACTIONS === 'true') {
        // Warnings name files relative to their target's folder; GitHub wants them from the repository root.
        const root = env.GITHUB_WORKSPACE ?? checkout?.root ?? loaded.baseDir;
        const directoryOf = (name: string): string => {
          const target = loaded.config.spaces.find((t) => t.name === name || (branch !== undefined && previewTarget(t, branch).name === name));
          return path.resolve(loaded.baseDir, target?.directory ?? '.');
        };
        const repoPath = (target: string, file: string): string =>
          path
            .relative(root, path.resolve(directoryOf(target), file))
            .split(path.sep)
            .join('/');
        // Workflow commands are read from either stream; under --json stdout keeps only the report.
        (options.json ? process.stderr : process.stdout).write(safe.commands(formatAnnotations(report, repoPath)));
      }
      const summary = safe.text(formatStepSummary(report));
      if (summaryFile) await appendFile(summaryFile, summary);
      if (options.summaryFile !== undefined) await writeFile(options.summaryFile, summary);
      await writeGithubOutputs(
        Object.fromEntries(Object.entries(syncOutputs(report, options.dryRun ?? false)).map(([name, value]) => [name, safe.commands(value)])),
      );
      process.exitCode = report.failures[0]?.exitCode ?? EXIT.ok;
    });
}
