import type { LoadedConfig } from '../config/load-config.js';
import type { Logger } from '../logging/logger.js';
import type { Runtime } from '../runtime/create-runtime.js';
import type { JobData, JobInput, JobKind } from './job-kinds.js';

/** What a processor says when it returns: finished, or "run me again later with this data" (polling). */
export type ProcessorOutcome<K extends JobKind> =
  | { status: 'done'; summary: Record<string, unknown> }
  | { status: 'later'; delayMs: number; data: JobData<K> };

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

/** One job kind's work. Drivers (BullMQ, inline) run the same processors. */
export type Processor<K extends JobKind> = (data: JobData<K>, context: ProcessorContext) => Promise<ProcessorOutcome<K>>;

export type ProcessorRegistry = { [K in JobKind]?: Processor<K> };

/** What every processor receives: the configuration, the wired outside systems, and a way to chain a job. */
export interface WorkerDeps {
  loaded: LoadedConfig;
  runtime: Runtime;
  logger: Logger;
  /** Adds a follow-up job (a publish is followed by a poll). */
  enqueue<K extends JobKind>(kind: K, data: JobInput<K>): Promise<void>;
  /** Counts drift that a reconcile found and fixed. */
  onDrift?(kind: JobKind, count: number): void;
}

/** Builds the processor of every job kind; the entry point hands it to the daemon (see workers/). */
export type ProcessorFactory = (deps: WorkerDeps) => ProcessorRegistry;
