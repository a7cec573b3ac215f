import type { Logger } from '../logging/logger.js';
import type { JobData, JobKind, JobSchemas } from './job-catalog.js';

/** What a processor says when it returns: finished, or "run me again later with this data" (polling). */
export type ProcessorOutcome<D> =
  | {
      status: 'done';
      summary: Record<string, unknown>;
      /** What the job did, in words (`synced docs: change request #3 <url>`): the driver logs it with the time taken. */
      message?: string;
    }
  | { status: 'later'; delayMs: number; data: D };

export interface ProcessorContext {
  logger: Logger;
  signal: AbortSignal;
  /** 1 for the first attempt. */
  attempt: number;
  /**
   * Whether this worker still owns the job (BullMQ: still holds its lock, which this renews). Absent
   * where one runner owns every job (the inline driver).
   */
  ownsJob?: () => Promise<boolean>;
}

/** One job kind's work, given its parsed data. Drivers (BullMQ, inline) run the same processors. */
export type Processor<D> = (data: D, context: ProcessorContext) => Promise<ProcessorOutcome<D>>;

/** The processor of each kind of a catalog that this process runs. */
export type ProcessorRegistry<S extends JobSchemas> = { [K in JobKind<S>]?: Processor<JobData<S, K>> };
