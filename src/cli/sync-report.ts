import type { SpaceSyncResult } from '../sync/sync-space.js';
import type { SpecRunResult } from '../runtime/run-specs-once.js';
import { describeAction } from '../sync/space-sync-plan.js';

export interface TargetFailure {
  target: string;
  error: string;
  code: string;
  /** The exit code this failure alone would give (auth, permission, unavailable…). */
  exitCode: number;
}

export interface SyncReport {
  results: SpaceSyncResult[];
  specs: SpecRunResult[];
  failures: TargetFailure[];
}

/** created / updated / merged / imported / skipped / failed counts, like rdme and mark print. */
export function summarize(report: SyncReport): Record<string, number> {
  const counts: Record<string, number> = { created: 0, updated: 0, merged: 0, imported: 0, skipped: 0, planned: 0, failed: report.failures.length };
  for (const result of report.results) counts[result.outcome] = (counts[result.outcome] ?? 0) + 1;
  for (const spec of report.specs) counts[spec.outcome] = (counts[spec.outcome] ?? 0) + 1;
  return counts;
}

export function formatHuman(report: SyncReport, dryRun: boolean): string {
  const lines: string[] = [];
  for (const r of report.results) {
    const cr = r.changeRequest ? ` change request #${r.changeRequest.number}${r.changeRequest.url ? ` ${r.changeRequest.url}` : ''}` : '';
    lines.push(`${r.outcome.padEnd(8)} ${r.target}  ${r.pageCount} pages  ${r.contentHash.slice(0, 12)}${cr}`);
    if (dryRun) for (const action of r.plan.actions) lines.push(`         DRY-RUN: would ${describeAction(action)}`);
    if (r.diff) {
      const { added, changed, removed, unchanged } = r.diff;
      lines.push(`         pages versus live: ${added.length} added, ${changed.length} changed, ${removed.length} removed, ${unchanged} unchanged`);
      for (const [sign, paths] of [['+', added], ['~', changed], ['-', removed]] as const) {
        for (const path of paths.slice(0, 20)) lines.push(`           ${sign} ${path}`);
        if (paths.length > 20) lines.push(`           ${sign} … and ${paths.length - 20} more`);
      }
    }
    for (const warning of r.warnings) lines.push(`         warning: ${warning}`);
  }
  for (const spec of report.specs) {
    const state = spec.processing ? ` processing ${spec.processing.kind === 'done' ? 'complete' : spec.processing.code}` : '';
    lines.push(`${spec.outcome.padEnd(8)} spec:${spec.slug}  ${spec.hash.slice(0, 12)}${spec.spec?.lastVersion ? ` version ${spec.spec.lastVersion}` : ''}${state}`);
  }
  for (const f of report.failures) lines.push(`failed   ${f.target}  ${f.error}`);
  const counts = summarize(report);
  lines.push(
    Object.entries(counts)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ') || 'nothing to sync',
  );
  return `${lines.join('\n')}\n`;
}

export function formatJson(report: SyncReport): string {
  return `${JSON.stringify({ summary: summarize(report), results: report.results, specs: report.specs, failures: report.failures }, null, 2)}\n`;
}

/** GitHub Actions workflow commands, so warnings and failures show on the run's page. */
export function formatAnnotations(report: SyncReport): string {
  const escape = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const lines: string[] = [];
  for (const r of report.results) for (const w of r.warnings) lines.push(`::warning title=docsync ${r.target}::${escape(w)}`);
  for (const f of report.failures) lines.push(`::error title=docsync ${f.target}::${escape(f.error)}`);
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/** Markdown for `$GITHUB_STEP_SUMMARY`: one row per target, shown on the workflow run's page. */
export function formatStepSummary(report: SyncReport): string {
  const rows = ['| target | outcome | details |', '|---|---|---|'];
  for (const r of report.results) {
    const cr = r.changeRequest ? `change request #${r.changeRequest.number}` : '';
    rows.push(`| ${r.target} | ${r.outcome} | ${r.pageCount} pages ${cr}${r.warnings.length > 0 ? `, ${r.warnings.length} warnings` : ''} |`);
  }
  for (const spec of report.specs) rows.push(`| spec:${spec.slug} | ${spec.outcome} | ${spec.spec?.lastVersion ?? ''} |`);
  for (const f of report.failures) rows.push(`| ${f.target} | **failed** | ${f.error.replace(/\|/g, '\\|').replace(/\n/g, ' ')} |`);
  const counts = Object.entries(summarize(report))
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  return `### docsync sync\n\n${counts || 'nothing to sync'}\n\n${rows.join('\n')}\n`;
}
