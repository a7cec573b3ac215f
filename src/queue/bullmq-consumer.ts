import { DelayedError, Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from '../redis/redis-connection.js';
import type { Logger } from '../logging/logger.js';
import { classifyError } from '../failure/classify-error.js';
import type { JobOutcome } from '../observability/metrics.js';
import { JobAbortedError } from './job-aborted-error.js';
import { lostLockReason } from './lost-lock.js';
import { JOB_ATTEMPTS } from './bullmq-producer.js';
import { jobBackoff } from './job-backoff.js';
import { jobKinds, type JobCatalog, type JobSchemas } from './job-catalog.js';
import type { Processor, ProcessorRegistry } from './processor.js';
import { queueName } from './queue-names.js';

export interface ConsumerOptions {
  prefix: string;
  /** Jobs of one kind run at once per process. Default 2. */
  concurrency?: number;
  /**
   * How long a job's lock lasts between renewals, in ms; also how often stalled jobs (their worker
   * died) are looked for, so such a job runs again within about twice this. Default 30000.
   */
  lockDurationMs?: number;
  /** Called when a job settles, for metrics. */
  onSettled?: (kind: string, outcome: JobOutcome, durationMs: number) => void;
  /**
   * Called with a job's data when this process finds it stalled (its worker died or was paused past
   * its lock): a write that worker sent may still be on its way.
   */
  onStalled?: (kind: string, data: unknown) => void;
}

/**
 * Runs processors from BullMQ queues. Failures are sorted here: a 429 pauses the queue for the time
 * the API asked without spending an attempt; permanent failures stop retrying at once; polling jobs
 * move to delayed (the step pattern) instead of sleeping in a worker slot.
 */
export class BullmqConsumer<S extends JobSchemas> {
  /** The workers started so far: one per kind, each once its connection is first ready. */
  readonly workers: Worker[] = [];
  private readonly queues: Queue[] = [];
  private readonly pending: (() => void)[] = [];
  private readonly started: Promise<void>[] = [];
  private closing = false;

  constructor(
    private readonly jobs: JobCatalog<S>,
    registry: ProcessorRegistry<S>,
    private readonly connection: () => Redis,
    private readonly logger: Logger,
    private readonly options: ConsumerOptions,
  ) {
    for (const kind of jobKinds(jobs)) {
      // Each processor is handed only data its kind's schema has parsed.
      const processor = registry[kind] as Processor<unknown> | undefined;
      if (processor) this.started.push(this.startWorker(kind, processor));
    }
  }

  /** Resolves once every worker has started and connected (it waits for Redis as long as it takes). */
  async ready(): Promise<void> {
    await Promise.all(this.started);
    await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
  }

  /**
   * A BullMQ worker opens a blocking connection of its own that, made while Redis is away, cannot be
   * closed until Redis comes (its close waits for the connection to be ready). So the worker is
   * only made once its connection is ready: a worker process started while Redis is down stops at
   * once on SIGTERM, and starts working when Redis comes.
   */
  private startWorker(kind: string, processor: Processor<unknown>): Promise<void> {
    // The queue handle is only for rateLimit(): pausing the whole queue is what a 429 asks for.
    const queue = new Queue(queueName(kind), { connection: this.connection(), prefix: this.options.prefix });
    // Connection errors are logged by the connection's own listener; unheard, BullMQ prints them.
    queue.on('error', () => undefined);
    this.queues.push(queue);
    const connection = this.connection();
    return new Promise<void>((resolve) => {
      const start = (): void => {
        if (!this.closing) this.workers.push(this.createWorker(queue, kind, processor, connection));
        resolve();
      };
      if (connection.status === 'ready') return start();
      connection.once('ready', start);
      this.pending.push(() => {
        connection.off('ready', start);
        resolve();
      });
    });
  }

  private createWorker(queue: Queue, kind: string, processor: Processor<unknown>, connection: Redis): Worker {
    // Three parameters: BullMQ then hands each job an abort signal (cancelJob, cancelAllJobs).
    const worker: Worker = new Worker(
      queueName(kind),
      (job: Job, token?: string, signal?: AbortSignal) => this.process(queue, kind, processor, job, token, signal),
      {
        connection,
        prefix: this.options.prefix,
        concurrency: this.options.concurrency ?? 2,
        lockDuration: this.options.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS,
        stalledInterval: this.options.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS,
        // A job stalls when its worker dies (kill -9, OOM, a lost machine): not the job's fault, so it
        // runs again as long as a job may be attempted, where BullMQ's default fails it at the second.
        maxStalledCount: JOB_ATTEMPTS,
        // A limiter must be set for worker.rateLimit() to pause the queue on a 429.
        limiter: { max: 1_000, duration: 1_000 },
        settings: { backoffStrategy: jobBackoff() },
        autorun: true,
      },
    );
    // A lost connection is logged once by the connection's own listener, not per retry by each worker.
    worker.on('error', (error) => {
      if (!isConnectionError(error)) this.logger.warn({ kind, err: error.message }, 'worker error');
    });
    worker.on('failed', (job, error) => {
      // An aborted attempt (shutdown, a lost lock) was logged as such and runs again.
      if (error instanceof JobAbortedError) return;
      const fields = { kind, jobId: job?.id, attempts: job?.attemptsMade, err: error.message };
      const final = job === undefined || error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
      if (final) this.logger.error(fields, 'job failed');
      else this.logger.warn(fields, 'job attempt failed; it runs again');
    });
    const onStalled = this.options.onStalled;
    if (onStalled !== undefined) {
      worker.on('stalled', (jobId) => {
        void queue.getJob(jobId).then(
          (job) => job !== undefined && onStalled(kind, job.data),
          (error: unknown) => this.logger.warn({ kind, jobId, err: (error as Error).message }, 'could not read a stalled job'),
        );
      });
    }
    // A worker that lost a job's lock (paused past lockDuration) stops it: another worker owns it now.
    worker.on('lockRenewalFailed', (jobIds) => {
      for (const jobId of jobIds) worker.cancelJob(jobId, lostLockReason(jobId));
    });
    return worker;
  }

  private async process(
    queue: Queue,
    kind: string,
    processor: Processor<unknown>,
    job: Job,
    token: string | undefined,
    jobSignal: AbortSignal | undefined,
  ): Promise<unknown> {
    const started = Date.now();
    const logger = childOf(this.logger, { kind, jobId: job.id, attempt: job.attemptsMade + 1 });
    const parsed = this.jobs.schemas[kind]?.safeParse(job.data);
    if (!parsed) throw new UnrecoverableError(`No job kind "${kind}" is registered.`);
    if (!parsed.success) throw new UnrecoverableError(`Job data does not match the ${kind} schema: ${parsed.error.message}`);
    const signal = jobSignal ?? new AbortController().signal;
    try {
      const lockDurationMs = this.options.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS;
      // extendLock answers 1 only while the lock holds this worker's token: atomic in Redis.
      const ownsJob = async (): Promise<boolean> => !signal.aborted && token !== undefined && (await job.extendLock(token, lockDurationMs)) === 1;
      const outcome = await processor(parsed.data, { logger, signal, attempt: job.attemptsMade + 1, ownsJob });
      if (outcome.status === 'later') {
        await job.updateData(outcome.data);
        await job.moveToDelayed(Date.now() + outcome.delayMs, token);
        this.options.onSettled?.(kind, 'delayed', Date.now() - started);
        throw new DelayedError();
      }
      const durationMs = Date.now() - started;
      this.options.onSettled?.(kind, 'completed', durationMs);
      // The line an operator tailing the log looks for: the job ended, with what and how long.
      logger.info({ ...outcome.summary, durationMs }, `${outcome.message ?? `${kind} done`} in ${(durationMs / 1000).toFixed(1)} s`);
      return outcome.summary;
    } catch (error) {
      if (error instanceof DelayedError) throw error;
      if (signal.aborted) {
        // Whatever the abort made the step throw, the job is not at fault: it runs again.
        const reason = typeof signal.reason === 'string' ? signal.reason : 'aborted';
        this.options.onSettled?.(kind, 'aborted', Date.now() - started);
        logger.warn({ reason }, 'job aborted; it runs again');
        throw new JobAbortedError(reason, { cause: error });
      }
      const verdict = classifyError(error);
      if (verdict.kind === 'rate-limited') {
        this.options.onSettled?.(kind, 'rate-limited', Date.now() - started);
        logger.warn({ waitMs: verdict.waitMs }, 'rate limited by the API; pausing the queue');
        await queue.rateLimit(verdict.waitMs);
        throw Worker.RateLimitError();
      }
      this.options.onSettled?.(kind, 'failed', Date.now() - started);
      if (verdict.kind === 'permanent') throw new UnrecoverableError(verdict.reason);
      throw error;
    }
  }

  /**
   * Stops taking jobs and waits for active ones, up to `graceMs`; then aborts them (each is
   * scheduled again) and, if they still do not stop, disconnects the workers (their jobs stay
   * active in Redis and run again on another worker once their lock expires). Bounded whether Redis
   * is there or not.
   */
  async close(graceMs: number): Promise<void> {
    this.closing = true;
    for (const cancel of this.pending.splice(0)) cancel();
    const graceful = Promise.all(this.workers.map((worker) => worker.close()));
    // worker.close() waits for Redis (QUIT), which may be gone; never let shutdown hang with it.
    const timedOut = await Promise.race([graceful.then(() => false), sleep(graceMs).then(() => true)]);
    if (timedOut) {
      this.logger.warn({ graceMs }, 'active jobs did not finish within the grace period; aborting them');
      // Abort before anything they use (the bundle server, the API client) is closed under them:
      // their calls stop, and BullMQ schedules each job again instead of failing it on a closed server.
      for (const worker of this.workers) worker.cancelAllJobs('docsync is shutting down');
      const stopped = await Promise.race([graceful.then(() => true), sleep(ABORT_SETTLE_MS).then(() => false)]);
      // close(true) would return the pending graceful close; disconnecting ends it.
      if (!stopped) await Promise.race([Promise.allSettled(this.workers.map((worker) => worker.disconnect())), sleep(CLOSE_STEP_MS)]);
    }
    await Promise.race([Promise.allSettled(this.queues.map((queue) => queue.close())), sleep(CLOSE_STEP_MS)]);
  }
}

const DEFAULT_LOCK_DURATION_MS = 30_000;

/** How long each forced step of a close may take before shutdown moves on. */
const CLOSE_STEP_MS = 1_000;
/** How long aborted jobs get to stop and be scheduled again before the workers are disconnected. */
const ABORT_SETTLE_MS = 3_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

function isConnectionError(error: Error): boolean {
  const code = (error as Error & { code?: unknown }).code;
  return (typeof code === 'string' && CONNECTION_ERRORS.has(code)) || error.message === 'Connection is closed.';
}

function childOf(logger: Logger, bindings: Record<string, unknown>): Logger {
  const withChild = logger as Logger & { child?: (b: Record<string, unknown>) => Logger };
  return typeof withChild.child === 'function' ? withChild.child(bindings) : logger;
}
