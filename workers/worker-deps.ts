import type { LoadedConfig } from '../src/config/load-config.js';
import type { Logger } from '../src/logging/logger.js';
import type { JobInput, JobKind } from '../src/queue/job-kinds.js';
import type { Runtime } from '../src/runtime/create-runtime.js';

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
