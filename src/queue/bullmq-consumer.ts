import { DelayedError, Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../logging/logger.js';
import { classifyError } from './classify-error.js';
import { JOB_KINDS, JOB_SCHEMAS, type JobKind } from './job-kinds.js';
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
  onSettled?: (kind: JobKind, outcome: 'completed' | 'failed' | 'delayed' | 'rate-limited', durationMs: number) => void;
}

/**
 * Runs processors from BullMQ queues. Failures are sorted here: a 429 pauses the queue for the time
 * the API asked without spending an attempt; permanent failures stop retrying at once; polling jobs
 * move to delayed (the step pattern) instead of sleeping in a worker slot.
 */
export class BullmqConsumer {
  readonly workers: Worker[] = [];
  private readonly queues: Queue[] = [];

  constructor(
    private readonly registry: ProcessorRegistry,
    private readonly connection: () => Redis,
    private readonly logger: Logger,
    private readonly options: ConsumerOptions,
  ) {
    for (const kind of JOB_KINDS) {
      const processor = registry[kind];
      if (processor) this.workers.push(this.startWorker(kind, processor));
    }
  }

  private startWorker(kind: JobKind, processor: Processor<JobKind>): Worker {
    // The queue handle is only for rateLimit(): pausing the whole queue is what a 429 asks for.
    const queue = new Queue(queueName(kind), { connection: this.connection(), prefix: this.options.prefix });
    // Connection errors are logged by the connection's own listener; unheard, BullMQ prints them.
    queue.on('error', () => undefined);
    this.queues.push(queue);
    const worker: Worker = new Worker(queueName(kind), (job: Job, token?: string) => this.process(queue, kind, processor, job, token), {
      connection: this.connection(),
      prefix: this.options.prefix,
      concurrency: this.options.concurrency ?? 2,
      lockDuration: this.options.lockDurationMs ?? 30_000,
      stalledInterval: this.options.lockDurationMs ?? 30_000,
      // A limiter must be set for worker.rateLimit() to pause the queue on a 429.
      limiter: { max: 1_000, duration: 1_000 },
      autorun: true,
    });
    worker.on('error', (error) => this.logger.warn({ kind, err: error.message }, 'worker error'));
    worker.on('failed', (job, error) =>
      this.logger.error({ kind, jobId: job?.id, attempts: job?.attemptsMade, err: error.message }, 'job failed'),
    );
    return worker;
  }

  private async process(queue: Queue, kind: JobKind, processor: Processor<JobKind>, job: Job, token: string | undefined): Promise<unknown> {
    const started = Date.now();
    const logger = childOf(this.logger, { kind, jobId: job.id, attempt: job.attemptsMade + 1 });
    const parsed = JOB_SCHEMAS[kind].safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`Job data does not match the ${kind} schema: ${parsed.error.message}`);
    const controller = new AbortController();
    try {
      const outcome = await processor(parsed.data, { logger, signal: controller.signal, attempt: job.attemptsMade + 1 });
      if (outcome.status === 'later') {
        await job.updateData(outcome.data);
        await job.moveToDelayed(Date.now() + outcome.delayMs, token);
        this.options.onSettled?.(kind, 'delayed', Date.now() - started);
        throw new DelayedError();
      }
      this.options.onSettled?.(kind, 'completed', Date.now() - started);
      return outcome.summary;
    } catch (error) {
      if (error instanceof DelayedError) throw error;
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

  /** Stops taking jobs and waits for active ones, up to `graceMs`; then closes forcibly. */
  async close(graceMs: number): Promise<void> {
    const graceful = Promise.all(this.workers.map((worker) => worker.close()));
    // worker.close() can hang when Redis is gone; never let shutdown hang with it.
    const timedOut = await Promise.race([graceful.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), graceMs).unref())]);
    if (timedOut) {
      this.logger.warn({ graceMs }, 'active jobs did not finish within the grace period; closing forcibly');
      await Promise.race([Promise.all(this.workers.map((worker) => worker.close(true))), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    }
    await Promise.race([Promise.all(this.queues.map((queue) => queue.close())), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
  }
}

function childOf(logger: Logger, bindings: Record<string, unknown>): Logger {
  const withChild = logger as Logger & { child?: (b: Record<string, unknown>) => Logger };
  return typeof withChild.child === 'function' ? withChild.child(bindings) : logger;
}
