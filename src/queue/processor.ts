import type { Logger } from '../logging/logger.js';
import type { JobData, JobKind } from './job-kinds.js';

/** What a processor says when it returns: finished, or "run me again later with this data" (polling). */
export type ProcessorOutcome<K extends JobKind> =
  | { status: 'done'; summary: Record<string, unknown> }
  | { status: 'later'; delayMs: number; data: JobData<K> };

export interface ProcessorContext {
  logger: Logger;
  signal: AbortSignal;
  /** 1 for the first attempt. */
  attempt: number;
}

/** One job kind's work. Drivers (BullMQ, inline) run the same processors. */
export type Processor<K extends JobKind> = (data: JobData<K>, context: ProcessorContext) => Promise<ProcessorOutcome<K>>;

export type ProcessorRegistry = { [K in JobKind]?: Processor<K> };
