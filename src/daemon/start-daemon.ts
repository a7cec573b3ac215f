import type { LoadedConfig } from '../config/load-config.js';
import { redisKeyPrefix } from '../config/redis-config-schema.js';
import type { RedisAuthError } from '../failure/redis-auth-error.js';
import type { Logger } from '../logging/logger.js';
import { Metrics } from '../observability/metrics.js';
import { BullmqConsumer } from '../queue/bullmq-consumer.js';
import { BullmqProducer } from '../queue/bullmq-producer.js';
import { scheduleReconcile } from '../queue/reconcile-scheduler.js';
import { routeConsoleWarnings } from '../logging/route-console-warnings.js';
import { checkEvictionPolicy, createRedisConnection, isRedisReady, redisDownReason, redisWhere, waitForRedis, type Redis } from '../redis/redis-connection.js';
import { createRuntime, type Runtime } from '../runtime/create-runtime.js';
import { openStateStore } from '../runtime/open-state-store.js';
import { watchTargets, type TargetWatchers } from '../watch/target-watcher.js';
import { JOB_KINDS, JOBS, type DocsyncJobSchemas, type JobInput, type JobKind } from '../jobs/job-kinds.js';
import type { ProcessorFactory } from '../jobs/worker-deps.js';
import { scheduleStallCheck } from '../jobs/schedule-stall-check.js';
import { startOpsServer, type OpsServer } from './ops-server.js';
import { watchPlan } from './watch-plan.js';

/** `daemon` = watch + work + schedule + HTTP; `watch` = producer only; `worker` = consumers only. */
export type DaemonRole = 'daemon' | 'watch' | 'worker';

export interface DaemonOptions {
  role: DaemonRole;
  logger: Logger;
  /** Operators' endpoint; defaults to `http.listen` for the `daemon` role, none for the others. */
  httpListen?: string | undefined;
  /** The processors of every job kind, handed in by the CLI (workers/processor-registry.ts), for the roles that work. */
  processors: ProcessorFactory;
}

export interface RunningDaemon {
  readonly producer: BullmqProducer<DocsyncJobSchemas>;
  readonly metrics: Metrics;
  readonly opsUrl: string | undefined;
  /** Targets that fell back to the reconcile loop because the watcher hit the inotify limit. */
  readonly degraded: readonly string[];
  /** Settles when Redis refuses the credentials: the role cannot work, and is to stop with that error. */
  readonly refused: Promise<RedisAuthError>;
  /** Stops the watcher, lets active jobs finish within the grace period, closes everything. */
  stop(): Promise<void>;
}

/** What stopping needs after the drain (forcing the workers, closing queues and servers). */
const STOP_RESERVE_MS = 2_000;

/** How long start-up waits for Redis before it goes on without it (and arms the schedule when it comes). */
const REDIS_AT_START_MS = 3_000;

/**
 * Starts docsync as a long-lived service in one of its roles. Everything it opens is closed by
 * `stop()`, in reverse order, so SIGTERM drains cleanly. Redis need not be there: the roles start,
 * answer `/healthz` (and `/readyz` says Redis is down), stop on SIGTERM, and go to work when it comes.
 */
export async function startDaemon(loaded: LoadedConfig, options: DaemonOptions): Promise<RunningDaemon> {
  const { config } = loaded;
  const { logger, role } = options;
  const closers: (() => Promise<unknown>)[] = [];
  const connections: Redis[] = [];
  let refuse: (error: RedisAuthError) => void = () => undefined;
  const refused = new Promise<RedisAuthError>((resolve) => (refuse = resolve));
  const connect = (kind: 'worker' | 'producer' | 'admin'): Redis => {
    const redis = createRedisConnection(config.redis, kind, logger, refuse);
    connections.push(redis);
    return redis;
  };
  const stopAll = async (): Promise<void> => {
    for (const close of closers.reverse()) {
      try {
        await close();
      } catch (error) {
        logger.warn({ err: (error as Error).message }, 'error while stopping');
      }
    }
    // quit() waits for Redis, which may be gone; disconnect() does not.
    for (const redis of connections) redis.disconnect();
  };

  // BullMQ's own eviction-policy line: checkEvictionPolicy says it once, with what to do.
  const restoreConsole = routeConsoleWarnings(logger, [/^IMPORTANT! Eviction policy is /]);
  closers.push(() => Promise.resolve(restoreConsole()));
  try {
    const admin = connect('admin');
    admin.once('ready', () => void checkEvictionPolicy(admin, logger));
    const producerRedis = connect('producer');
    const producer = new BullmqProducer(producerRedis, redisKeyPrefix(config.redis), JOBS);
    // Before Redis is first reached BullMQ waits for it without a deadline; the queues' close does not.
    closers.push(() => producer.close());
    const metrics = new Metrics({ kinds: JOB_KINDS });
    metrics.setQueueDepthCollector(async () => {
      // While Redis is away a read would wait for it: the scrape answers without depths instead.
      if (!isRedisReady(producerRedis)) throw new Error('Redis is unreachable');
      const depths = [];
      for (const kind of JOB_KINDS) {
        const counts = await producer.queue(kind).getJobCounts('waiting', 'active', 'delayed', 'failed');
        for (const [state, count] of Object.entries(counts)) depths.push({ kind, state, count });
      }
      return depths;
    });
    const enqueue = async <K extends JobKind>(kind: K, data: JobInput<K>, options: { delayMs?: number } = {}): Promise<void> => {
      await producer.enqueue(kind, data, options.delayMs === undefined ? {} : { delay: options.delayMs });
    };

    let runtime: Runtime | undefined;
    if (role !== 'watch') {
      const { state } = await openStateStore(config, loaded.baseDir, logger, { defaultBackend: 'redis', redis: admin });
      const running = await createRuntime(loaded, { logger, state, longLived: true, onApiResponse: (method, status) => metrics.apiRequest(method, status) });
      runtime = running;
      closers.push(() => running.close());
      const registry = options.processors({
        loaded,
        runtime: running,
        logger,
        enqueue,
        onDrift: (kind, n) => metrics.driftFound(kind, n),
        onPlatformEdits: (target, outcomes) => metrics.platformEditsKept(target, outcomes),
      });
      const consumer = new BullmqConsumer(JOBS, registry, () => connect('worker'), logger, {
        prefix: redisKeyPrefix(config.redis),
        concurrency: config.daemon.concurrency,
        lockDurationMs: config.daemon.lockDuration,
        onSettled: (kind, outcome, ms) => metrics.jobSettled(kind, outcome, ms),
        // The stalled attempt's write may land after the attempt that took over: checked once it must have.
        onStalled: (kind, data) => {
          const target = kind === 'space-sync' ? JOBS.schemas['space-sync'].safeParse(data) : undefined;
          if (target?.success === true) void scheduleStallCheck(enqueue, target.data.target, config.api.timeout, logger);
        },
      });
      // Active jobs drain within shutdownGrace, less what closing the rest takes, so the process is gone by then.
      const grace = config.daemon.shutdownGrace;
      closers.push(() => consumer.close(grace - Math.min(STOP_RESERVE_MS, grace / 2)));
    }

    // The operators' endpoint comes before anything waits for Redis, so /healthz answers meanwhile.
    const listen = options.httpListen ?? (role === 'daemon' ? config.http.listen : undefined);
    let ops: OpsServer | undefined;
    if (listen !== undefined) {
      const api = runtime?.api;
      ops = await startOpsServer({
        listen,
        metrics,
        queues: [...producer.queues.values()],
        dashboard: config.http.dashboard,
        logger,
        readiness: async () => {
          const redis =
            isRedisReady(admin) &&
            (await admin.ping().then(
              () => true,
              () => false,
            ));
          const apiOk =
            api === undefined
              ? true
              : await firstOrganization(api).then(
                  () => true,
                  () => false,
                );
          const details = redis ? {} : { redis: `Redis at ${redisWhere(config.redis.url)} is unreachable${reasonOf(config.redis.url)}` };
          return { redis, api: apiOk, details };
        },
      });
      const server = ops;
      closers.push(() => server.close());
    }

    let watchers: TargetWatchers | undefined;
    if (role !== 'worker') {
      // The reconcile schedule, and a full pass that catches whatever changed while docsync (or
      // Redis) was away: at start-up, and again each time Redis comes back (it may have restarted
      // empty, and the watcher could not enqueue meanwhile).
      const arm = async (): Promise<void> => {
        await scheduleReconcile(producer, 'reconcile-tick', config.daemon.reconcileInterval);
        await enqueue('reconcile-tick', {});
      };
      if (await waitForRedis(producerRedis, REDIS_AT_START_MS)) await arm();
      else logger.warn({ redis: redisWhere(config.redis.url) }, 'Redis is unreachable at start-up; the reconcile schedule is armed when it comes');
      let armed = isRedisReady(producerRedis);
      producerRedis.on('close', () => (armed = false));
      producerRedis.on('ready', () => {
        if (armed) return;
        armed = true;
        void arm().then(
          () => logger.info({}, 'Redis is there; a reconcile pass catches up on changes made while it was away'),
          (error: unknown) =>
            logger.warn({ err: (error as Error).message }, 'Redis is back but the catch-up pass could not be enqueued; the next reconcile will run it'),
        );
      });
      const plan = await watchPlan(loaded);
      const byName = new Map(plan.map((entry) => [entry.watch.name, entry.job]));
      watchers = await watchTargets(
        plan.map((entry) => entry.watch),
        async (name, reason) => {
          const job = byName.get(name);
          if (!job) return;
          logger.info({ target: name, reason }, 'change seen; enqueueing');
          try {
            // Before Redis is first reached an add would wait for it with no deadline.
            if (!isRedisReady(producerRedis)) throw new Error('Redis is unreachable');
            await producer.enqueue(job.kind, job.data);
          } catch (error) {
            // Redis away: the reconcile pass after it returns picks the change up.
            logger.warn({ target: name, err: (error as Error).message }, 'could not enqueue; the reconcile loop will catch up');
          }
        },
        { debounceMs: config.daemon.debounce, logger, onDegraded: (name) => logger.warn({ target: name }, 'watching stopped; reconcile only') },
      );
      const watching = watchers;
      closers.push(() => watching.close());
    }

    logger.info({ role, targets: config.spaces.length, specs: config.specs.length, ops: ops?.url }, 'docsync started');
    const degraded = watchers?.degraded ?? [];
    return { producer, metrics, opsUrl: ops?.url, degraded, refused, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

function reasonOf(url: string): string {
  const reason = redisDownReason(url);
  return reason === undefined ? '' : ` (${reason})`;
}

/** One cheap authenticated read: the first page of the caller's organizations. */
async function firstOrganization(api: Runtime['api']): Promise<void> {
  for await (const _org of api.organizations.list({ limit: 1 })) return;
}
