import { Command } from 'commander';
import { EXIT, exitCodeFor } from '../../failure/exit-codes.js';

interface SiteOptions {
  config?: string;
  manifest?: string;
  prune?: boolean;
  json?: boolean;
  showSecrets?: boolean;
  yes?: boolean;
  dryRun?: boolean;
}

function withTargetOptions(command: Command): Command {
  return command
    .option('-c, --config <file>', 'configuration file (default docsync.yaml; optional with --manifest)')
    .option('-m, --manifest <file>', 'site manifest, instead of site.manifest of the configuration')
    .option('--prune', 'also delete objects the manifest does not declare')
    .option('--json', 'print the plan as JSON on stdout')
    .option('--show-secrets', "print the share links' published URLs (they hold the secret keys)");
}

/** `docsync site plan|apply|schema`: a docs site's structure kept as code. */
export function siteCommand(): Command {
  const plan = withTargetOptions(new Command('plan'))
    .description('show what apply would change; writes nothing')
    .action((options: SiteOptions) => run(options, false));
  const apply = withTargetOptions(new Command('apply'))
    .description('make the live site match the manifest')
    .option('-y, --yes', 'do not ask before deleting')
    .option('--dry-run', 'log DRY-RUN: would … for each change and write nothing')
    .action((options: SiteOptions) => run(options, true));
  const schema = new Command('schema').description('print the JSON Schema of the site manifest').action(async () => {
    const { siteManifestJsonSchema } = await import('../../site/site-manifest-json-schema.js');
    process.stdout.write(`${JSON.stringify(siteManifestJsonSchema(), null, 2)}\n`);
  });
  return new Command('site')
    .description("keep a docs site's structure (sections, groups, site spaces, share links) as code")
    .addCommand(plan)
    .addCommand(apply)
    .addCommand(schema);
}

async function run(options: SiteOptions, apply: boolean): Promise<void> {
  const { createLogger } = await import('../../logging/logger.js');
  const { openSiteRuntime } = await import('../../runtime/open-site-runtime.js');
  const { planSiteTarget } = await import('../../site/plan-site-target.js');
  const { formatSitePlan, sitePlanJson } = await import('../../site/format-site-plan.js');
  const { isDeletion } = await import('../../site/site-action.js');
  const logger = createLogger();
  let runtime: Awaited<ReturnType<typeof openSiteRuntime>> | undefined;
  try {
    runtime = await openSiteRuntime({ config: options.config, manifest: options.manifest, prune: options.prune, logger });
    const { plan } = await planSiteTarget(runtime, runtime.target);
    // Humans see the plan before being asked; --json prints one document at the end.
    // The plan quotes titles and paths the API sent: no line of it may become a workflow command.
    const { withoutCommandLines } = await import('../../logging/sanitize-output.js');
    if (!options.json) process.stdout.write(withoutCommandLines(formatSitePlan(plan)));
    let siteId = plan.siteId;
    let result: { applied: number; writes: number; dryRun: boolean } | undefined;
    if (apply) {
      const deletes = plan.actions.filter(isDeletion).length;
      if (deletes > 0 && !options.yes && !options.dryRun && !(await confirm(`Apply, deleting ${deletes} object(s)?`))) {
        process.stderr.write('docsync: nothing applied.\n');
        process.exitCode = EXIT.failed;
        // The plan, and why it was not applied: one document on stdout also when apply stops.
        if (options.json) {
          const { errorDocument } = await import('../error-document.js');
          const message = `the plan deletes ${deletes} object(s) and was not confirmed; nothing applied. Re-run with --yes to apply it.`;
          process.stdout.write(sitePlanJson(plan, errorDocument({ code: 'E_SITE_NOT_CONFIRMED' }, message, EXIT.failed)));
        }
        return;
      }
      const { applySitePlan } = await import('../../site/apply-site-plan.js');
      const done = await applySitePlan(runtime, plan, { dryRun: options.dryRun ?? false });
      siteId = done.siteId;
      result = { applied: done.applied, writes: done.writes, dryRun: options.dryRun ?? false };
      if (!options.json && plan.actions.length > 0) {
        process.stdout.write(`${options.dryRun ? 'Dry run: nothing written' : `Applied ${done.applied} change(s) with ${done.writes} write(s)`}.\n`);
      }
    }
    let secrets: { name: string; active: boolean; url: string | undefined }[] | undefined;
    if (options.showSecrets && siteId !== undefined) {
      const { shareLinkUrls } = await import('../../site/share-link-urls.js');
      secrets = await shareLinkUrls(runtime.api, { orgId: plan.organization, siteId });
    }
    if (options.json) process.stdout.write(sitePlanJson(plan, { result, shareLinkUrls: secrets }));
    if (result !== undefined) {
      const { writeGithubOutputs } = await import('../github-outputs.js');
      const status = result.dryRun ? 'planned' : result.writes > 0 ? 'synced' : 'unchanged';
      await writeGithubOutputs({ 'change-request-url': '', status, writes: String(result.writes) });
    } else for (const link of secrets ?? []) process.stdout.write(`share link "${link.name}"${link.active ? '' : ' (inactive)'}: ${link.url ?? '(no URL)'}\n`);
  } catch (error) {
    // Reported here rather than in main, so a failed action exits with the code of its API error.
    const { SecretRedactor, secretsFromEnv } = await import('../../logging/redact-secrets.js');
    const message = new SecretRedactor(secretsFromEnv(process.env)).text(error instanceof Error ? error.message : String(error));
    process.stderr.write(`docsync: ${message}\n`);
    process.exitCode = await exitCodeOf(error);
    if (options.json) {
      const { errorDocument } = await import('../error-document.js');
      process.stdout.write(`${JSON.stringify(errorDocument(error, message, process.exitCode), null, 2)}\n`);
    }
    if (apply) {
      const { writeGithubOutputs } = await import('../github-outputs.js');
      await writeGithubOutputs({ status: 'failed' });
    }
  } finally {
    await runtime?.close();
  }
}

/** Asks on a terminal; anywhere else (CI, pipes) deleting needs --yes. */
async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write('docsync: the plan deletes objects; re-run with --yes to apply it without a terminal.\n');
    return false;
  }
  const { createInterface } = await import('node:readline/promises');
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await prompt.question(`${question} [y/N] `)).trim());
  } finally {
    prompt.close();
  }
}

async function exitCodeOf(error: unknown): Promise<number> {
  const { SiteApplyError } = await import('../../site/errors/site-apply-error.js');
  const { SiteLookupError } = await import('../../site/errors/site-lookup-error.js');
  const { SiteTitleError } = await import('../../site/errors/site-title-error.js');
  if (error instanceof SiteLookupError || error instanceof SiteTitleError) return EXIT.config;
  return exitCodeFor(error instanceof SiteApplyError ? error.cause : error);
}
