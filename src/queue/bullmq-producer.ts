import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from '../redis/redis-connection.js';
import { JOB_BACKOFF_TYPE } from './job-backoff.js';
import { jobKinds, parseJobData, type JobCatalog, type JobInput, type JobKind, type JobSchemas } from './job-catalog.js';
import { queueName } from './queue-names.js';

/** How many times a job is tried; a job whose worker died runs again as many times (bullmq-consumer.ts). */
export const JOB_ATTEMPTS = 8;

/** Retries with the retry policy's backoff (see job-backoff.ts); bounded history so Redis does not grow forever. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: JOB_ATTEMPTS,
  backoff: { type: JOB_BACKOFF_TYPE },
  removeOnComplete: { count: 1_000, age: 24 * 3600 },
  removeOnFail: { count: 5_000, age: 7 * 24 * 3600 },
};

/**
 * Adds jobs. Each target has one deduplication id with `keepLastIfActive`: while its job runs, a
 * new edit is kept and replayed once the running job ends, so an edit is never lost and a target
 * is never synced twice at once.
 */
export class BullmqProducer<S extends JobSchemas> {
  readonly queues: ReadonlyMap<JobKind<S>, Queue>;

  /** One queue per kind of `jobs`. */
  constructor(
    connection: Redis,
    prefix: string,
    private readonly jobs: JobCatalog<S>,
  ) {
    this.queues = new Map(
      jobKinds(jobs).map((kind) => {
        const queue = new Queue(queueName(kind), { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
        // Without a listener BullMQ prints each connection error to the console; the connection's
        // own listener (redis-connection.ts) already logs it.
        queue.on('error', () => undefined);
        return [kind, queue];
      }),
    );
  }

  queue(kind: JobKind<S>): Queue {
    const queue = this.queues.get(kind);
    if (!queue) throw new Error(`No queue for job kind "${kind}".`);
    return queue;
  }

  /**
   * With `options.delay`, a job of the same id still delayed is moved to the new time instead: a
   * delayed job waits for the last of its causes.
   */
  async enqueue<K extends JobKind<S>>(kind: K, input: JobInput<S, K>, options: JobsOptions = {}): Promise<string | undefined> {
    const data = parseJobData(this.jobs, kind, input);
    const job = await this.queue(kind).add(kind, data, {
      deduplication: { id: this.jobs.deduplicationId(kind, data), keepLastIfActive: true, reschedule: options.delay !== undefined },
      ...options,
    });
    return job.id;
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}
