import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * How a job attempt ended, as the worker saw it. `aborted`: stopped by a shutdown or a lost lock,
 * through no fault of the job's; it runs again, so it is not counted as failed.
 */
export type JobOutcome = 'completed' | 'failed' | 'delayed' | 'rate-limited' | 'aborted';
export const JOB_OUTCOMES: readonly JobOutcome[] = ['completed', 'failed', 'delayed', 'rate-limited', 'aborted'];

/** One queue's count of jobs in one BullMQ state (`waiting`, `active`, `delayed`, `failed`, …). */
export interface QueueDepth {
  kind: string;
  state: string;
  count: number;
}

/** Reads the queue depths at scrape time; the daemon passes one that asks BullMQ. */
export type QueueDepthCollector = () => Promise<readonly QueueDepth[]>;

export interface MetricsOptions {
  /**
   * Job kinds whose job counters start at zero, so `rate()` and alerts see a series before the
   * first job of a kind ends. Default none.
   */
  kinds?: readonly string[];
  /** Also collect prom-client's process metrics (CPU, memory, event loop, GC). Default true. */
  processMetrics?: boolean;
}

/** Sync jobs run from well under a second (no-op) to minutes (large imports, spec processing). */
const SYNC_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

/**
 * docsync's Prometheus metrics. Each instance owns its registry rather than prom-client's global
 * one, so tests (and several daemons in one process) never collide on metric names.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly jobs: Counter<'kind' | 'outcome'>;
  private readonly apiRequests: Counter<'method' | 'status'>;
  private readonly syncDuration: Histogram<'kind'>;
  private readonly drift: Counter<'kind'>;
  private readonly platformEdits: Counter<'target' | 'outcome'>;
  private readonly queueDepthErrors: Counter;
  private readonly queueDepth: Gauge<'kind' | 'state'>;
  private queueDepthCollector: QueueDepthCollector | undefined;

  constructor(options: MetricsOptions = {}) {
    const registers = [this.registry];
    this.jobs = new Counter({
      name: 'docsync_jobs_total',
      help: 'Job attempts that ended, by job kind and outcome (completed, failed, delayed, rate-limited, aborted).',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.apiRequests = new Counter({
      name: 'docsync_api_requests_total',
      help: 'Requests to the documentation hosting API, by method and HTTP status (or "error" when no response came).',
      labelNames: ['method', 'status'],
      registers,
    });
    this.syncDuration = new Histogram({
      name: 'docsync_sync_duration_seconds',
      help: 'Time a job took from start to successful completion, by job kind.',
      labelNames: ['kind'],
      buckets: SYNC_BUCKETS,
      registers,
    });
    this.drift = new Counter({
      name: 'docsync_drift_found_total',
      help: 'Differences between the desired and the live state that a sync or reconcile found and had to fix, by job kind.',
      labelNames: ['kind'],
      registers,
    });
    this.platformEdits = new Counter({
      name: 'docsync_platform_edits_total',
      help: "Pages changed in the platform whose versions a sync pushed to the target's platform-edits branch, by target and outcome (edited, removed, merged, conflict).",
      labelNames: ['target', 'outcome'],
      registers,
    });
    this.queueDepthErrors = new Counter({
      name: 'docsync_queue_depth_collect_errors_total',
      help: 'Scrapes in which the queue depths could not be read (Redis unreachable).',
      registers,
    });
    this.queueDepth = new Gauge({
      name: 'docsync_queue_depth',
      help: 'Jobs in each queue by BullMQ state, read from Redis at scrape time.',
      labelNames: ['kind', 'state'],
      registers,
    });
    for (const kind of options.kinds ?? []) {
      for (const outcome of JOB_OUTCOMES) this.jobs.inc({ kind, outcome }, 0);
      this.drift.inc({ kind }, 0);
    }
    if (options.processMetrics ?? true) collectDefaultMetrics({ register: this.registry });
  }

  /** One job attempt ended. Only completed jobs feed the latency histogram: a failed or delayed attempt is not a sync. */
  jobSettled(kind: string, outcome: JobOutcome, durationMs: number): void {
    this.jobs.inc({ kind, outcome });
    if (outcome === 'completed' && Number.isFinite(durationMs) && durationMs >= 0) {
      this.syncDuration.observe({ kind }, durationMs / 1000);
    }
  }

  /** One API request ended; `status` is the HTTP status, or `'error'` for a network failure or timeout. */
  apiRequest(method: string, status: number | string): void {
    this.apiRequests.inc({ method: method.toUpperCase(), status: String(status) });
  }

  /** A planner found `n` differences to fix; zero (the usual no-op tick) records nothing. */
  driftFound(kind: string, n: number): void {
    if (n > 0) this.drift.inc({ kind }, n);
  }

  /** A sync pushed the platform's versions of pages to their branch: one count per page, by what became of it. */
  platformEditsKept(target: string, outcomes: readonly string[]): void {
    for (const outcome of outcomes) this.platformEdits.inc({ target, outcome });
  }

  setQueueDepthCollector(collector: QueueDepthCollector | undefined): void {
    this.queueDepthCollector = collector;
  }

  /**
   * The Prometheus text exposition (format 0.0.4). Queue depths are read here, before the registry
   * is serialised, rather than in a gauge `collect` hook: prom-client serialises all metrics
   * concurrently, so a failed read could not be counted in the same scrape.
   */
  async render(): Promise<string> {
    await this.refreshQueueDepths();
    return this.registry.metrics();
  }

  /** The Content-Type to serve `render()` with. */
  get contentType(): string {
    return this.registry.contentType;
  }

  private async refreshQueueDepths(): Promise<void> {
    if (!this.queueDepthCollector) return;
    let depths: readonly QueueDepth[] = [];
    try {
      depths = await this.queueDepthCollector();
    } catch {
      // A scrape must still answer while Redis is down: report no depths and count the failure.
      this.queueDepthErrors.inc();
    }
    // Reset first: a state that emptied, or a read that failed, must not keep its last count.
    this.queueDepth.reset();
    for (const depth of depths) this.queueDepth.set({ kind: depth.kind, state: depth.state }, depth.count);
  }
}
