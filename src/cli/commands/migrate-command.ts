import { Command, InvalidArgumentError } from 'commander';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadedConfig } from '../../config/load-config.js';
import type { Logger } from '../../logging/logger.js';
import type { MigrationOutcome } from '../../migrate/run-migration.js';
import type { MigrationPlan } from '../../migrate/plan-schema.js';
import type { StateStore } from '../../state/state-store.js';
import { EXIT } from '../../failure/exit-codes.js';
import { colorEnabled } from '../../logging/color-enabled.js';
import type { DivertableDestination } from '../../logging/divertable-destination.js';
import type { ProgressOutput } from '../../migrate/progress-output.js';

export interface MigrateFlags {
  /** Most items in flight (inline). Default 16. */
  concurrency?: number;
  /** Resume this run (default: the plan's own run id, so running the same plan again resumes). */
  resume?: string;
  dryRun?: boolean;
  /** Also write the final report here, as JSON. */
  report?: string;
  /** Print the final report as JSON on stdout (progress goes to stderr). */
  json?: boolean;
  /** Configuration file; default ./docsync.yaml when it exists (migrate works without one). */
  config?: string;
  /** Enqueue one migrate-item job per item for `docsync worker`s instead of running inline. */
  queue?: boolean;
}

/** Where a migration writes and what it reads; tests pass their own. */
export interface MigrateIo {
  readonly stdout?: NodeJS.WriteStream | { write(text: string): unknown; isTTY?: boolean };
  readonly stderr?: { write(text: string): unknown; isTTY?: boolean };
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly logger?: Logger;
  /** Replaces the configured state store. */
  readonly state?: StateStore;
  /** Aborts the run (default: SIGINT / SIGTERM). */
  readonly signal?: AbortSignal;
}

const DEFAULT_CONFIG = 'docsync.yaml';

/** `docsync migrate <plan>`: every item of the plan into its space. Returns the exit code. */
export async function migrateAction(planFile: string, flags: MigrateFlags, io: MigrateIo = {}): Promise<number> {
  const [{ loadConfig }, { ConfigError }, { createLogger }, { DivertableDestination }, { loadPlan }, { runIdFor, RUN_ID }, { RunLedger }, { ReadScope }] =
    await Promise.all([
      import('../../config/load-config.js'),
      import('../../config/config-error.js'),
      import('../../logging/logger.js'),
      import('../../logging/divertable-destination.js'),
      import('../../migrate/load-plan.js'),
      import('../../migrate/run-id.js'),
      import('../../migrate/run-ledger.js'),
      import('../../config/read-scope.js'),
    ]);
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  const env = io.env ?? process.env;
  // Log lines pass through here, so that while a progress bar is drawn they go above it.
  const logLines = io.logger ? undefined : new DivertableDestination(stderr);
  const logger =
    io.logger ??
    createLogger({ env, level: env.DOCSYNC_LOG_LEVEL ?? 'warn', destination: logLines, isTTY: stderr.isTTY === true, color: colorFor(stderr, env) });
  const configPath = flags.config ?? (existsSync(DEFAULT_CONFIG) ? DEFAULT_CONFIG : undefined);
  const loaded = configPath === undefined ? undefined : await loadConfig(configPath, env);
  // Local sources stay in the plan's repository, or in the config's allowPaths.
  const allow = loaded ? loaded.config.allowPaths.map((entry) => path.resolve(loaded.baseDir, entry)) : [];
  const plan = await loadPlan(planFile, ReadScope.of(path.dirname(path.resolve(planFile)), allow));
  const runId = flags.resume ?? runIdFor(plan);
  if (!RUN_ID.test(runId)) throw new ConfigError('a run id is letters, digits, ".", "_" or "-" (max 24)', plan.file, undefined, '--resume');

  const controller = new AbortController();
  const signal = io.signal ?? controller.signal;
  const stop = (): void => controller.abort(new Error('interrupted'));
  if (!io.signal) {
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }
  try {
    if (flags.queue === true) return await onQueue(plan, runId, flags, { loaded, logger, stdout, stderr, logLines, signal, env });
    const { openMigration, announcedLimit } = await import('../../runtime/open-migration.js');
    const { URL_SOURCE_KINDS } = await import('../../migrate/plan-schema.js');
    const publishesBundles = plan.items.some((item) => !(URL_SOURCE_KINDS as readonly string[]).includes(item.source.kind));
    const runtime = await openMigration({ loaded, env, logger, publishesBundles, ...(io.state ? { state: io.state } : {}) });
    try {
      const ledger = new RunLedger(runtime.state, runId);
      if (flags.resume !== undefined && !flags.dryRun && (await ledger.run()) === undefined) {
        throw new ConfigError(`no migration run "${runId}" in the state store; run the plan without --resume to start it`, plan.file, undefined, '--resume');
      }
      if (flags.dryRun === true) {
        const { dryRunPlan, formatDryRun } = await import('../../migrate/dry-run.js');
        const items = await dryRunPlan({ api: runtime.api, sources: runtime.processorDeps.sources, logger }, plan, { concurrency: flags.concurrency, signal });
        stdout.write(
          flags.json === true ? `${JSON.stringify({ runId, plan: plan.file, dryRun: true, items }, null, 2)}\n` : formatDryRun(runId, plan.file, items),
        );
        return items.every((item) => item.valid) ? EXIT.ok : EXIT.failed;
      }
      const { migrateItemProcessor } = await import('../../migrate/migrate-item-processor.js');
      const { runMigration } = await import('../../migrate/run-migration.js');
      const output = await progressFor(flags, { stdout, stderr, logLines });
      const outcome = await runMigration(
        { processor: migrateItemProcessor(runtime.processorDeps), ledger, logger, meter: runtime.meter, rateLimit: announcedLimit(runtime.api.rateBudget) },
        plan,
        { concurrency: flags.concurrency, signal, onEvent: (event) => output.event(event) },
      );
      return await finish(plan, outcome, flags, output, { stdout, stderr });
    } finally {
      await runtime.close();
    }
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

interface Streams {
  readonly stdout: { write(text: string): unknown; isTTY?: boolean };
  readonly stderr: { write(text: string): unknown; isTTY?: boolean };
  /** The logger's destination, when this command made the logger. */
  readonly logLines?: DivertableDestination | undefined;
}

function colorFor(stream: { isTTY?: boolean }, env: Readonly<Record<string, string | undefined>>): boolean {
  return colorEnabled(stream.isTTY === true, env);
}

/**
 * Progress goes where the report does not: stdout, or stderr under --json. A bar only in a terminal;
 * while it is drawn, log lines meant for the terminal are printed above it, never across it.
 */
async function progressFor(flags: MigrateFlags, { stdout, stderr, logLines }: Streams): Promise<ProgressOutput> {
  const { progressOutput, BarOutput } = await import('../../migrate/progress-output.js');
  const stream = flags.json === true ? stderr : stdout;
  const output = progressOutput(stream, stream.isTTY === true);
  if (!(output instanceof BarOutput) || logLines === undefined || stderr.isTTY !== true) return output;
  const restore = logLines.divert((line) => output.log(line));
  return {
    event: (event) => output.event(event),
    end: () => {
      output.end();
      restore();
    },
  };
}

async function finish(
  plan: MigrationPlan,
  outcome: MigrationOutcome,
  flags: MigrateFlags,
  output: ProgressOutput,
  { stdout, stderr }: Streams,
): Promise<number> {
  const { buildReport, formatSummary } = await import('../../migrate/migration-report.js');
  const report = buildReport(plan.file, outcome);
  output.end(report);
  if (flags.report !== undefined) {
    const file = path.resolve(flags.report);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  }
  if (flags.json === true) stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  // In a terminal the summary follows the bar; when stdout carries JSON lines it goes to stderr.
  else (stdout.isTTY === true ? stdout : stderr).write(formatSummary(report));
  if (report.interrupted) return EXIT.interrupted;
  return report.totals.failed > 0 ? EXIT.failed : EXIT.ok;
}

/** `--queue`: enqueue for `docsync worker`s and watch the ledger in Redis. */
async function onQueue(
  plan: MigrationPlan,
  runId: string,
  flags: MigrateFlags,
  context: { loaded: LoadedConfig | undefined; logger: Logger; signal: AbortSignal; env: Readonly<Record<string, string | undefined>> } & Streams,
): Promise<number> {
  const { ConfigError } = await import('../../config/config-error.js');
  const { loaded, logger, signal } = context;
  if (!loaded) throw new ConfigError('--queue needs a configuration with redis (the workers and this command share it)', path.resolve(DEFAULT_CONFIG));
  if (flags.dryRun === true) throw new ConfigError('--dry-run runs inline; leave out --queue', loaded.file, undefined, '--queue');
  const [{ redisKeyPrefix }, { connectRedis }, { RedisStateStore }, { BullmqProducer }, { JOBS }, { RunLedger }, { runMigrationOnQueue }] = await Promise.all([
    import('../../config/redis-config-schema.js'),
    import('../../redis/redis-connection.js'),
    import('../../state/redis-state-store.js'),
    import('../../queue/bullmq-producer.js'),
    import('../../jobs/job-kinds.js'),
    import('../../migrate/run-ledger.js'),
    import('../../migrate/run-migration-on-queue.js'),
  ]);
  const { redis: redisConfig } = loaded.config;
  // Fails within seconds when Redis is away; both connections are closed at the end, or the
  // process would stay alive after its report.
  const admin = await connectRedis(redisConfig, logger);
  const producerRedis = await connectRedis(redisConfig, logger).catch((error: unknown) => {
    admin.disconnect();
    throw error;
  });
  const producer = new BullmqProducer(producerRedis, redisKeyPrefix(redisConfig), JOBS);
  try {
    const ledger = new RunLedger(new RedisStateStore(admin, redisKeyPrefix(redisConfig)), runId);
    if (flags.resume !== undefined && (await ledger.run()) === undefined) {
      throw new ConfigError(`no migration run "${runId}" in Redis; run the plan without --resume to start it`, plan.file, undefined, '--resume');
    }
    const output = await progressFor(flags, context);
    const queue = producer.queue('migrate-item');
    const outcome = await runMigrationOnQueue(
      {
        queue: {
          enqueue: (job) => producer.enqueue('migrate-item', job),
          failedJobs: async () => new Map((await queue.getFailed(0, 5_000)).flatMap((job) => (job.id === undefined ? [] : [[job.id, job.failedReason]]))),
        },
        ledger,
        logger,
      },
      plan,
      { signal, onEvent: (event) => output.event(event) },
    );
    return await finish(plan, outcome, flags, output, context);
  } finally {
    await producer.close();
    producerRedis.disconnect();
    admin.disconnect();
  }
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new InvalidArgumentError('give a whole number from 1 to 256');
  return n;
}

export function migrateCommand(): Command {
  return new Command('migrate')
    .description(
      'move many doc sets (folders, git repositories, websites, zip or markdown URLs, other spaces) into spaces, at the rate limit, resumable, verified',
    )
    .argument('<plan>', 'migration plan: YAML (items: [{source, space}]) or CSV (source,space,...)')
    .option('--concurrency <n>', 'most items in flight; adapts below it to the API rate limit (default 16)', positiveInt)
    .option('--resume <run-id>', 'resume this run (running the same plan again resumes its run by default)')
    .option('--dry-run', 'validate every source and target and print the plan; write nothing')
    .option('--report <file>', 'also write the final report (every item, API calls, time) as JSON')
    .option('--json', 'print the final report as JSON on stdout (progress goes to stderr)')
    .option('-c, --config <file>', 'configuration file (default ./docsync.yaml when present): API, artifacts, state, redis')
    .option('--queue', 'enqueue one migrate-item job per item for `docsync worker`s (needs Redis) and wait for them')
    .action(async (plan: string, flags: MigrateFlags) => {
      process.exitCode = await migrateAction(plan, flags);
    });
}
