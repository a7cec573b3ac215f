import { Command, InvalidArgumentError } from 'commander';
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { OpenAPISpec } from '../../api/schemas/openapi.js';
import { ConfigError } from '../../config/config-error.js';
import { MissingTokenError } from '../../config/missing-token-error.js';
import type { LoadedConfig } from '../../config/load-config.js';
import type { Logger } from '../../logging/logger.js';
import type { SpecRunReport, SpecRunResult } from '../../runtime/run-specs-once.js';
import type { SpecsApi } from '../../runtime/open-specs-api.js';
import type { StateStore } from '../../state/state-store.js';
import { EXIT } from '../../failure/exit-codes.js';
import { serverText } from '../../logging/sanitize-output.js';
import { escapeData, escapeProperty } from '../workflow-command.js';

/** Where a spec action writes and what it reads; tests pass their own. */
export interface SpecIo {
  readonly stdout?: (text: string) => void;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly logger?: Logger;
  /** Replaces the real timer while waiting for processing. */
  readonly sleep?: (ms: number) => Promise<void>;
}

interface CommonFlags {
  config?: string;
  json?: boolean;
}
export interface SpecPublishFlags extends CommonFlags {
  wait?: boolean;
  dryRun?: boolean;
  force?: boolean;
  /** Overall wait limit in seconds. Default 300. */
  timeout?: number;
}
export interface SpecReadFlags extends CommonFlags {
  /** Organization of a slug that is not in the configuration. */
  org?: string;
}

interface SpecContext {
  loaded: LoadedConfig | undefined;
  api: SpecsApi;
  state: StateStore | undefined;
  logger: Logger;
  close(): Promise<void>;
}

const DEFAULT_CONFIG = 'docsync.yaml';

/** How an action prints: `text` for reports, `commands` for docsync's own annotations. */
interface SpecWriter {
  text(text: string): void;
  commands(text: string): void;
}

/**
 * Everything an action prints goes through safe-output: the token and the configured secrets cut
 * by value, and no line a workflow command. Text from the API or a spec file is also escaped field
 * by field (`serverText`), so no control character reaches the terminal.
 */
async function writerFor(io: SpecIo, loaded: LoadedConfig | undefined): Promise<SpecWriter> {
  const [{ safeOutput }, { configSecrets }] = await Promise.all([import('../safe-output.js'), import('../../config/config-secrets.js')]);
  const safe = safeOutput(loaded ? configSecrets(loaded.config) : [], io.env ?? process.env);
  const write = io.stdout ?? ((text: string) => process.stdout.write(text));
  return { text: (text) => write(safe.text(text)), commands: (text) => write(safe.commands(text)) };
}
const NO_TOKEN = 'no API token; set GITBOOK_TOKEN (as the official CLI reads it) or DOCSYNC_TOKEN, or api.token in the configuration';

/** Heavy modules load here, inside actions, so `docsync --help` and other commands stay lean. */
async function openContext(flags: CommonFlags & { org?: string }, io: SpecIo, options: { tokenOptional?: boolean } = {}): Promise<SpecContext> {
  const [{ loadConfig }, { openSpecsApi }, { openStateStore }, { createLogger }] = await Promise.all([
    import('../../config/load-config.js'),
    import('../../runtime/open-specs-api.js'),
    import('../../runtime/open-state-store.js'),
    import('../../logging/logger.js'),
  ]);
  const env = io.env ?? process.env;
  const logger = io.logger ?? createLogger();
  const path = flags.config ?? DEFAULT_CONFIG;
  // Reads with --org work without a configuration file (endpoint and token from the environment).
  const loaded = flags.org !== undefined && !existsSync(resolve(path)) ? undefined : await loadConfig(path, env, options);
  const api = openSpecsApi(loaded?.config, { env, logger });
  // Without a token every call is a 401: say so before the first request.
  if (options.tokenOptional !== true && !api.hasToken) {
    await api.close();
    throw new MissingTokenError(NO_TOKEN, loaded?.file);
  }
  const opened = loaded ? await openStateStore(loaded.config, loaded.baseDir, logger, { defaultBackend: 'file' }) : undefined;
  return {
    loaded,
    api,
    state: opened?.state,
    logger,
    close: async () => {
      await api.close();
      await opened?.close();
    },
  };
}

/** `docsync spec publish`: validate, publish what changed, optionally wait. Returns the exit code. */
export async function specPublishAction(slugs: string[], flags: SpecPublishFlags, io: SpecIo = {}): Promise<number> {
  // A dry run without a token (a pull request from a fork has no secrets) still validates and plans.
  const ctx = await openContext(flags, io, { tokenOptional: flags.dryRun === true });
  const [{ runSpecsOnce }, { openSpecLoader }] = await Promise.all([import('../../runtime/run-specs-once.js'), import('../../runtime/open-spec-loader.js')]);
  const write = await writerFor(io, ctx.loaded);
  try {
    if (!ctx.loaded || !ctx.state) return EXIT.config;
    const dryRun = flags.dryRun ?? false;
    const { load } = openSpecLoader(ctx.loaded.baseDir);
    const report = await runSpecsOnce({ api: ctx.api, state: ctx.state, logger: ctx.logger, load, sleep: io.sleep }, ctx.loaded, {
      dryRun,
      wait: flags.wait ?? false,
      force: flags.force ?? false,
      // A dry run only validates when no token is set, instead of failing on the read.
      readLive: !dryRun || ctx.api.hasToken,
      slugs: slugs.length > 0 ? slugs : undefined,
      poll: flags.timeout === undefined ? {} : { timeoutMs: flags.timeout * 1000 },
    });
    write.text(flags.json === true ? `${JSON.stringify(toJson(report), null, 2)}\n` : formatPublish(report));
    const env = io.env ?? process.env;
    if (env.GITHUB_ACTIONS === 'true') write.commands(formatAnnotations(report));
    // One PUT per published spec.
    const writes = report.results.filter((r) => r.outcome === 'published').length;
    const status = report.failures.length > 0 ? 'failed' : dryRun ? 'planned' : writes > 0 ? 'synced' : 'unchanged';
    const { writeGithubOutputs } = await import('../github-outputs.js');
    await writeGithubOutputs({ 'change-request-url': '', status, writes: String(writes) }, env);
    return report.failures[0]?.exitCode ?? EXIT.ok;
  } finally {
    await ctx.close();
  }
}

/**
 * `docsync spec validate [file...]`: validates the files named, or every configured spec with a
 * `file`, offline: no token, no request. Exit 2 on the first invalid one, naming its file and line.
 */
export async function specValidateAction(files: string[], flags: CommonFlags, io: SpecIo = {}): Promise<number> {
  const [{ loadConfig, configReadScope }, { loadSpec }, { SpecValidationError }] = await Promise.all([
    import('../../config/load-config.js'),
    import('../../specs/load-spec.js'),
    import('../../specs/errors/spec-validation-error.js'),
  ]);
  let loaded: LoadedConfig | undefined;
  let targets: { file: string; scope?: ReturnType<typeof configReadScope> }[];
  if (files.length > 0) targets = files.map((file) => ({ file }));
  else {
    const config = await loadConfig(flags.config ?? DEFAULT_CONFIG, io.env ?? process.env, { tokenOptional: true });
    loaded = config;
    const scope = configReadScope(config);
    targets = config.config.specs.flatMap((spec) => (spec.file === undefined ? [] : [{ file: resolve(config.baseDir, spec.file), scope }]));
    if (targets.length === 0)
      throw new ConfigError('no spec with a local `file` to validate; name a file, or add one under `specs`', config.file, undefined, 'specs');
  }
  const results: { file: string; version?: string; error?: { message: string; line: number | null } }[] = [];
  for (const { file, scope } of targets) {
    try {
      const spec = await loadSpec(file, scope);
      results.push({ file: spec.file, version: spec.version });
    } catch (error) {
      if (!(error instanceof SpecValidationError)) throw error;
      results.push({ file: error.file, error: { message: error.message, line: error.line ?? null } });
    }
  }
  const write = await writerFor(io, loaded);
  if (flags.json === true) write.text(`${JSON.stringify({ valid: results.every((r) => !r.error), results }, null, 2)}\n`);
  else
    for (const r of results)
      write.text(
        r.error
          ? `invalid  ${serverText(r.error.message)}\n`
          : `valid    ${serverText(relative(process.cwd(), r.file) || r.file)} (${serverText(r.version ?? '?')})\n`,
      );
  return results.some((r) => r.error) ? EXIT.config : EXIT.ok;
}

/** `docsync spec status [slug]`: platform state, last version and last error; exit 1 if one failed. */
export async function specStatusAction(slug: string | undefined, flags: SpecReadFlags, io: SpecIo = {}): Promise<number> {
  const ctx = await openContext(flags, io);
  const { NotFoundError } = await import('../../api/errors/not-found-error.js');
  const { describeSpecFailure } = await import('../../specs/spec-poll-step.js');
  const write = await writerFor(io, ctx.loaded);
  try {
    const rows = [];
    for (const { organizationId, slug: s } of targetsOf(ctx, slug, flags.org)) {
      let spec: OpenAPISpec | null = null;
      try {
        spec = await ctx.api.openapi.get(organizationId, s);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
      }
      const local = await ctx.state?.get(`spec:${s}`);
      const code = spec?.processingState === 'complete' ? spec.lastProcessErrorCode : undefined;
      rows.push({
        slug: s,
        organizationId,
        state: spec?.processingState ?? 'not-published',
        lastVersion: spec?.lastVersion ?? null,
        lastProcessedAt: spec?.lastProcessedAt ?? null,
        lastError: spec && code ? { code, message: describeSpecFailure(code, spec) } : null,
        local: local ? { lastVersion: local.lastVersion ?? null, lastHash: local.lastHash ?? null, publishedAt: local.syncedAt ?? null } : null,
      });
    }
    if (flags.json === true) write.text(`${JSON.stringify(rows, null, 2)}\n`);
    else {
      for (const r of rows) {
        const local = r.local?.lastVersion
          ? `  (docsync published ${serverText(r.local.lastVersion)}${r.local.publishedAt ? ` at ${serverText(r.local.publishedAt)}` : ''})`
          : '';
        write.text(`${r.slug.padEnd(24)} ${serverText(r.state).padEnd(13)} version ${serverText(r.lastVersion ?? '-')}${local}\n`);
        if (r.lastError) write.text(`${' '.repeat(25)}error ${serverText(r.lastError.message)}\n`);
      }
      if (rows.length === 0) write.text('no specs configured\n');
    }
    return rows.some((r) => r.lastError !== null) ? EXIT.failed : EXIT.ok;
  } finally {
    await ctx.close();
  }
}

/** `docsync spec versions <slug>`: the spec's versions, newest first. */
export async function specVersionsAction(slug: string, flags: SpecReadFlags, io: SpecIo = {}): Promise<number> {
  const ctx = await openContext(flags, io);
  const write = await writerFor(io, ctx.loaded);
  try {
    const [target] = targetsOf(ctx, slug, flags.org);
    if (!target) return EXIT.config;
    const versions = await ctx.api.openapi.listVersions(target.organizationId, slug).all();
    if (flags.json === true)
      write.text(
        `${JSON.stringify(
          versions.map(({ id, createdAt, url }) => ({ id, createdAt: createdAt ?? null, url })),
          null,
          2,
        )}\n`,
      );
    else for (const v of versions) write.text(`${serverText(v.id).padEnd(28)} ${serverText(v.createdAt ?? '').padEnd(26)} ${serverText(v.url)}\n`);
    if (flags.json !== true && versions.length === 0) write.text(`spec "${slug}" has no versions\n`);
    return EXIT.ok;
  } finally {
    await ctx.close();
  }
}

/** The configured specs (or the one named), with `--org` for a slug that is not configured. */
function targetsOf(ctx: SpecContext, slug: string | undefined, org: string | undefined): { organizationId: string; slug: string }[] {
  const configured = ctx.loaded?.config.specs ?? [];
  if (slug === undefined) return configured.map((s) => (org === undefined ? s : { ...s, organizationId: org }));
  const found = configured.find((s) => s.slug === slug);
  if (org !== undefined || found) return [{ organizationId: org ?? found?.organizationId ?? '', slug }];
  throw new ConfigError(
    'no spec with this slug; add it under `specs`, or pass --org',
    ctx.loaded?.file ?? resolve(DEFAULT_CONFIG),
    undefined,
    `specs (${slug})`,
  );
}

function toJson(report: SpecRunReport): object {
  const counts: Record<string, number> = { published: 0, skipped: 0, planned: 0, failed: report.failures.length };
  for (const r of report.results) counts[r.outcome] = (counts[r.outcome] ?? 0) + 1;
  return {
    summary: counts,
    results: report.results.map((r) => ({
      slug: r.slug,
      organizationId: r.organizationId,
      outcome: r.outcome,
      reason: r.plan.reason,
      hash: r.hash,
      source: r.source,
      referencedFiles: r.referencedFiles,
      version: versionOf(r) ?? null,
      processingState: (r.processing?.spec ?? r.spec)?.processingState ?? null,
      processing: r.processing
        ? r.processing.kind === 'done'
          ? { kind: 'done' }
          : { kind: 'failed', code: r.processing.code, message: r.processing.message }
        : null,
    })),
    failures: report.failures,
  };
}

function versionOf(r: SpecRunResult): string | undefined {
  return r.processing?.kind === 'done' ? r.processing.version : (r.spec?.lastVersion ?? undefined);
}

function formatPublish(report: SpecRunReport): string {
  const lines: string[] = [];
  for (const r of report.results) {
    const from =
      r.source.kind === 'file'
        ? `${serverText(r.source.file)} (${(r.source.bytes / 1024).toFixed(1)} kB${r.source.files > 1 ? `, ${r.source.files} files bundled` : ''})`
        : serverText(r.source.url);
    // A plan's reason may quote the platform's version ids.
    if (r.outcome === 'planned') {
      lines.push(`DRY-RUN: would publish spec ${r.slug} to ${r.organizationId} from ${from}: ${serverText(r.plan.reason)}`);
      continue;
    }
    const state = r.processing ? (r.processing.kind === 'done' ? 'complete' : `failed ${r.processing.code}`) : (r.spec?.processingState ?? '');
    const note = r.outcome === 'skipped' ? `  ${r.plan.reason}` : '';
    lines.push(`${r.outcome.padEnd(10)} ${r.slug}  version ${serverText(versionOf(r) ?? '-')}  ${serverText(state + note)}`);
  }
  for (const f of report.failures) lines.push(`failed     ${f.target.replace(/^spec:/, '')}  ${serverText(f.error)}`);
  const counts = toJson(report) as { summary: Record<string, number> };
  lines.push(
    Object.entries(counts.summary)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ') || 'no specs to publish',
  );
  return `${lines.join('\n')}\n`;
}

/** GitHub Actions annotations: an invalid file is marked at its line in the pull request. */
function formatAnnotations(report: SpecRunReport): string {
  return report.failures
    .map((f) => {
      const at = f.file === undefined ? '' : `file=${escapeProperty(f.file)}${f.line === undefined ? '' : `,line=${f.line}`},`;
      return `::error ${at}title=${escapeProperty(`docsync spec ${f.target.replace(/^spec:/, '')}`)}::${serverText(escapeData(f.error))}\n`;
    })
    .join('');
}

/** Runs a spec action, which parses each schema about once, and sets the exit code it returns. */
async function oneShot(action: () => Promise<number>): Promise<void> {
  const { parseSchemasOnce } = await import('../one-shot-schemas.js');
  parseSchemasOnce();
  process.exitCode = await action();
}

function seconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('give a number of seconds, like 300');
  return n;
}

/** `docsync spec validate|publish|status|versions`. */
export function specCommand(): Command {
  const spec = new Command('spec').description('validate, publish and inspect OpenAPI specs');
  spec
    .command('publish')
    .description('validate configured specs, publish the ones that changed, and optionally wait for processing')
    .argument('[slug...]', 'only these specs (default: all configured)')
    .option('-c, --config <file>', 'configuration file', DEFAULT_CONFIG)
    .option('--wait', 'wait until the platform has processed each spec; exit 1 if processing fails')
    .option('--timeout <seconds>', 'with --wait: give up after this long (default 300)', seconds)
    .option('--dry-run', 'validate and plan; print what would be published and write nothing')
    .option('--force', 'publish even when unchanged')
    .option('--json', 'print the report as JSON on stdout')
    .action(async (slugs: string[], flags: SpecPublishFlags) => {
      await oneShot(() => specPublishAction(slugs, flags));
    });
  spec
    .command('validate')
    .description('check OpenAPI files offline (no token, no request): the files named, or every configured spec with a file')
    .argument('[file...]', 'spec files (default: the configured specs)')
    .option('-c, --config <file>', 'configuration file, when no file is named', DEFAULT_CONFIG)
    .option('--json', 'print the results as JSON on stdout')
    .action(async (files: string[], flags: CommonFlags) => {
      await oneShot(() => specValidateAction(files, flags));
    });
  spec
    .command('status')
    .description("show each spec's processing state, last version and last error")
    .argument('[slug]', 'only this spec')
    .option('-c, --config <file>', 'configuration file', DEFAULT_CONFIG)
    .option('--org <id>', 'organization, for a slug that is not in the configuration')
    .option('--json', 'print JSON on stdout')
    .action(async (slug: string | undefined, flags: SpecReadFlags) => {
      await oneShot(() => specStatusAction(slug, flags));
    });
  spec
    .command('versions')
    .description("list a spec's versions, newest first")
    .argument('<slug>', 'the spec')
    .option('-c, --config <file>', 'configuration file', DEFAULT_CONFIG)
    .option('--org <id>', 'organization, for a slug that is not in the configuration')
    .option('--json', 'print JSON on stdout')
    .action(async (slug: string, flags: SpecReadFlags) => {
      await oneShot(() => specVersionsAction(slug, flags));
    });
  return spec;
}
