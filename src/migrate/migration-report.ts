import path from 'node:path';
import type { ItemResult } from './item-result.js';
import type { MigrationApiCounts, MigrationOutcome, PendingItem } from './run-migration.js';

/** One line of the report: an item's result (with `skipped` when an earlier invocation did it), or pending. */
export type ReportItem = (ItemResult & { readonly skipped: boolean }) | PendingItem;

/** The final report of a run: every item's result, API calls and time. `--report` writes it as JSON. */
export interface MigrationReport {
  readonly runId: string;
  readonly plan: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly durationMs: number;
  /** Stopped before every item settled (SIGINT); resume with the same run id. */
  readonly interrupted: boolean;
  readonly totals: {
    readonly items: number;
    readonly done: number;
    readonly failed: number;
    readonly pending: number;
    /** Of `done`: done by an earlier invocation of this run, not run again. */
    readonly skipped: number;
    /** Of `done`: verified against the source (every done item is). */
    readonly verified: number;
    /** Pages verified in the targets. */
    readonly pages: number;
  };
  /** HTTP requests of this invocation (retries and 429s included); absent when not counted (queue mode). */
  readonly api?: MigrationApiCounts & { readonly perSecond: number };
  /** Item attempts that failed and were tried again. */
  readonly itemRetries?: number;
  readonly peakConcurrency?: number;
  readonly items: readonly ReportItem[];
}

export function buildReport(planFile: string, outcome: MigrationOutcome): MigrationReport {
  const items: ReportItem[] = outcome.items.map((item) => (item.status === 'pending' ? item : { ...item, skipped: outcome.skipped.has(item.id) }));
  const done = items.filter((item): item is ItemResult & { skipped: boolean } => item.status === 'done');
  const durationMs = outcome.finishedAt.getTime() - outcome.startedAt.getTime();
  return {
    runId: outcome.runId,
    plan: planFile,
    startedAt: outcome.startedAt.toISOString(),
    finishedAt: outcome.finishedAt.toISOString(),
    durationMs,
    interrupted: outcome.interrupted,
    totals: {
      items: items.length,
      done: done.length,
      failed: items.filter((item) => item.status === 'failed').length,
      pending: items.filter((item) => item.status === 'pending').length,
      skipped: done.filter((item) => item.skipped).length,
      verified: done.filter((item) => item.verification?.ok === true).length,
      pages: done.reduce((n, item) => n + (item.verification?.actual.pages ?? 0), 0),
    },
    ...(outcome.api ? { api: { ...outcome.api, perSecond: durationMs > 0 ? round((outcome.api.calls * 1000) / durationMs, 2) : 0 } } : {}),
    ...(outcome.itemRetries === undefined ? {} : { itemRetries: outcome.itemRetries }),
    peakConcurrency: outcome.peakConcurrency,
    items,
  };
}

/** The readable summary: totals, one line per item, then each failure's reason and how to resume. */
export function formatSummary(report: MigrationReport): string {
  const { totals } = report;
  const seconds = (report.durationMs / 1000).toFixed(1);
  const lines: string[] = [];
  const earlier = totals.skipped > 0 ? ` (${totals.skipped} in an earlier run)` : '';
  lines.push(
    `Migration ${report.runId} of ${path.basename(report.plan)}: ${totals.done} done${earlier}, ${totals.failed} failed` +
      `${totals.pending > 0 ? `, ${totals.pending} not started` : ''} in ${seconds} s; ${totals.verified} verified, ${totals.pages} pages.`,
  );
  if (report.api) {
    // Waits and retries are expected and handled, so they are counted here rather than logged as warnings.
    const { calls, perSecond, rateLimitWaits, retries } = report.api;
    const handled = [plural(rateLimitWaits, 'wait', 'waits') + ' for the rate limit', plural(retries, 'retry', 'retries')];
    if ((report.itemRetries ?? 0) > 0) handled.push(plural(report.itemRetries ?? 0, 'item attempt', 'item attempts') + ' retried');
    lines.push(`API: ${calls} requests (${perSecond}/s), ${handled.join(', ')}, peak ${report.peakConcurrency ?? '?'} items in flight.`);
  }
  const idWidth = Math.min(32, Math.max(4, ...report.items.map((item) => item.id.length)));
  const spaceWidth = Math.min(32, Math.max(5, ...report.items.map((item) => item.space.length)));
  for (const item of report.items) {
    const head = `${item.id.padEnd(idWidth)}  ${item.space.padEnd(spaceWidth)}`;
    if (item.status === 'pending') {
      lines.push(`  …  ${head}  not started`);
      continue;
    }
    const source = `${item.source.kind} ${item.source.label}`;
    if (item.status === 'failed') {
      lines.push(`  ✗  ${head}  ${source}: ${item.error?.message ?? 'failed'}`);
      continue;
    }
    const where = item.changeRequest ? `change request #${item.changeRequest.number}${item.outcome === 'merged' ? ' merged' : ''}` : 'space';
    const count = item.verification?.actual.pages ?? 0;
    const pages = item.verification ? `${count} page${count === 1 ? '' : 's'} verified (${item.verification.basis})` : '';
    const cost = item.skipped ? 'done earlier' : `${item.apiCalls} calls, ${Math.round(item.durationMs)} ms`;
    lines.push(`  ✓  ${head}  ${source} → ${where}, ${pages}, ${cost}`);
  }
  if (totals.failed > 0 || totals.pending > 0) {
    lines.push('', `Run again to retry what is left (done items are skipped): docsync migrate ${report.plan} --resume ${report.runId}`);
  }
  return `${lines.join('\n')}\n`;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
