import type { LoadedConfig } from '../config/load-config.js';
import type { Logger } from '../logging/logger.js';
import type { Processor, ProcessorRegistry } from '../queue/processor.js';
import type { Runtime } from '../runtime/create-runtime.js';
import type { DocsyncJobSchemas, JobData, JobInput, JobKind } from './job-kinds.js';

/** The processor of one of docsync's job kinds. */
export type JobProcessor<K extends JobKind> = Processor<JobData<K>>;

/** A processor for every one of docsync's job kinds that this process runs. */
export type JobRegistry = ProcessorRegistry<DocsyncJobSchemas>;

/** What every processor receives: the configuration, the wired outside systems, and a way to chain a job. */
export interface WorkerDeps {
  loaded: LoadedConfig;
  runtime: Runtime;
  logger: Logger;
  /** Adds a follow-up job (a publish is followed by a poll), run at once or `delayMs` from now. */
  enqueue: <K extends JobKind>(kind: K, data: JobInput<K>, options?: { delayMs?: number }) => Promise<void>;
  /** Counts drift that a reconcile found and fixed. */
  onDrift?(kind: JobKind, count: number): void;
  /** Counts pages changed in the platform that a sync pushed to the target's platform-edits branch, by outcome. */
  onPlatformEdits?(target: string, outcomes: readonly string[]): void;
}

/** Builds the processor of every job kind; the entry point hands it to the daemon. */
export type ProcessorFactory = (deps: WorkerDeps) => JobRegistry;
