import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from './redis-connection.js';
import { JOB_BACKOFF_TYPE } from './job-backoff.js';
import { deduplicationId, JOB_KINDS, JOB_SCHEMAS, type JobData, type JobInput, type JobKind } from './job-kinds.js';
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
export class BullmqProducer {
  readonly queues: ReadonlyMap<JobKind, Queue>;

  constructor(connection: Redis, prefix: string) {
    this.queues = new Map(
      JOB_KINDS.map((kind) => {
        const queue = new Queue(queueName(kind), { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
        // Without a listener BullMQ prints each connection error to the console; the connection's
        // own listener (redis-connection.ts) already logs it.
        queue.on('error', () => undefined);
        return [kind, queue];
      }),
    );
  }

  queue(kind: JobKind): Queue {
    const queue = this.queues.get(kind);
    if (!queue) throw new Error(`No queue for job kind "${kind}".`);
    return queue;
  }

  async enqueue<K extends JobKind>(kind: K, input: JobInput<K>, options: JobsOptions = {}): Promise<string | undefined> {
    const data = JOB_SCHEMAS[kind].parse(input) as JobData<K>;
    const job = await this.queue(kind).add(kind, data, {
      deduplication: { id: deduplicationId(kind, data), keepLastIfActive: true },
      ...options,
    });
    return job.id;
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}
