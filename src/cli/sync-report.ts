import { PLATFORM_EDITS_CONFLICT, type SyncReport } from '../runtime/sync-report.js';
import { describeAction } from '../sync/space-sync-plan.js';
import { serverText } from '../logging/sanitize-output.js';
import { summarizeWarnings } from './summarize-warnings.js';
import { conflictAnnotation, platformEditsPages, platformEditsSentence } from './platform-edits-report.js';
import { escapeData, escapeProperty } from './workflow-command.js';

/** created / updated / merged / imported / skipped / failed counts, like rdme and mark print. */
export function summarize(report: SyncReport): Record<string, number> {
  const counts: Record<string, number> = { created: 0, updated: 0, merged: 0, imported: 0, skipped: 0, planned: 0, failed: report.failures.length };
  for (const result of report.results) counts[result.outcome] = (counts[result.outcome] ?? 0) + 1;
  for (const spec of report.specs) counts[spec.outcome] = (counts[spec.outcome] ?? 0) + 1;
  if (report.archived.length > 0) counts.archived = report.archived.length;
  return counts;
}

export function formatHuman(report: SyncReport, dryRun: boolean): string {
  const lines: string[] = [];
  for (const r of report.results) {
    const cr = r.changeRequest ? ` change request #${r.changeRequest.number}${r.changeRequest.url ? ` ${serverText(r.changeRequest.url)}` : ''}` : '';
    lines.push(`${r.outcome.padEnd(8)} ${r.target}  ${r.pageCount} pages  ${r.contentHash.slice(0, 12)}${cr}`);
    if (dryRun) for (const action of r.plan.actions) lines.push(`         DRY-RUN: would ${describeAction(action)}`);
    if (r.diff) {
      const { added, changed, removed, unchanged, files } = r.diff;
      lines.push(`         pages versus live: ${added.length} added, ${changed.length} changed, ${removed.length} removed, ${unchanged} unchanged`);
      lines.push(...diffLines(added, changed, removed));
      if (files.added.length + files.changed.length + files.removed.length > 0) {
        lines.push(`         files versus live: ${files.added.length} added, ${files.changed.length} changed, ${files.removed.length} removed`);
        lines.push(...diffLines(files.added, files.changed, files.removed));
      }
    }
    if (r.git) lines.push(`         git: ${gitLine(r.git)}`);
    if (r.platformEdits) {
      lines.push(`         ${platformEditsSentence(r.platformEdits, dryRun)}`);
      for (const page of platformEditsPages(r.platformEdits)) lines.push(`           ${page}`);
    }
    if (r.redirects)
      lines.push(`         redirects${r.redirects.site ? ` of site ${serverText(r.redirects.site)}` : ''}: ${redirectCounts(r.redirects, dryRun)}`);
    for (const warning of summarizeWarnings([...r.warnings, ...(r.redirects?.warnings ?? [])])) lines.push(`         warning: ${serverText(warning)}`);
  }
  for (const spec of report.specs) {
    const state = spec.processing ? ` processing ${spec.processing.kind === 'done' ? 'complete' : serverText(spec.processing.code)}` : '';
    lines.push(
      `${spec.outcome.padEnd(8)} spec:${spec.slug}  ${spec.hash.slice(0, 12)}${spec.spec?.lastVersion ? ` version ${serverText(spec.spec.lastVersion)}` : ''}${state}`,
    );
  }
  for (const a of report.archived)
    lines.push(
      `archived ${a.target}@${a.branch}  change request #${a.changeRequest.number}${a.supersededBy ? ` (superseded by #${a.supersededBy.number})` : ''}`,
    );
  for (const f of report.failures) {
    lines.push(`failed   ${f.target}  ${serverText(f.error)}`);
    for (const warning of summarizeWarnings(f.warnings ?? [])) lines.push(`         warning: ${serverText(warning)}`);
  }
  const counts = summarize(report);
  const outcome =
    Object.entries(counts)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ') || 'nothing to sync';
  lines.push(`${outcome}${handledRetries(report)}`);
  return `${lines.join('\n')}\n`;
}

/** `2 created, 1 deleted, 40 unchanged, 3 waiting for their pages to be merged`. */
function redirectCounts(r: NonNullable<SyncReport['results'][number]['redirects']>, dryRun: boolean): string {
  const verb = (done: string): string => (dryRun ? `to be ${done}` : done);
  const parts = [
    ...(r.created > 0 ? [`${r.created} ${verb('created')}`] : []),
    ...(r.updated > 0 ? [`${r.updated} ${verb('updated')}`] : []),
    ...(r.deleted > 0 ? [`${r.deleted} ${verb('deleted')}`] : []),
    `${r.unchanged} unchanged`,
    ...(r.pending.length > 0 ? [`${r.pending.length} waiting for their pages to be merged`] : []),
  ];
  return parts.join(', ');
}

/** `; 3 waits for the rate limit, 1 retry` when the run had any: handled, so counted rather than warned about. */
function handledRetries(report: SyncReport): string {
  const { rateLimitWaits = 0, retries = 0 } = report.retries ?? {};
  const parts = [
    ...(rateLimitWaits > 0 ? [`${rateLimitWaits} wait${rateLimitWaits === 1 ? '' : 's'} for the rate limit`] : []),
    ...(retries > 0 ? [`${retries} ${retries === 1 ? 'retry' : 'retries'}`] : []),
  ];
  return parts.length > 0 ? `; ${parts.join(', ')}` : '';
}

/**
 * The report as one JSON document. A failed run also carries `error` (its first failure, in the shape
 * a command that fails before any report prints), so a CI step can always look at `.error`.
 */
export function formatJson(report: SyncReport): string {
  const [failure] = report.failures;
  const error =
    failure === undefined
      ? {}
      : { error: { code: failure.code, message: `${failure.target}: ${failure.error}`, exitCode: failure.exitCode, file: failure.file ?? null, line: null } };
  const document = {
    ...error,
    summary: summarize(report),
    writes: report.writes,
    conflicts: conflictCount(report),
    ...(report.retries ? { retries: report.retries } : {}),
    results: report.results,
    specs: report.specs,
    archived: report.archived,
    failures: report.failures,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * One word for the whole run: `conflict` (every failure is pages both sides changed in the same
 * lines, exit 8), `failed`, `planned` (dry run), `synced` (something written) or `unchanged`.
 */
export function runStatus(report: SyncReport, dryRun: boolean): string {
  if (report.failures.length > 0) return report.failures.every((failure) => failure.code === PLATFORM_EDITS_CONFLICT) ? 'conflict' : 'failed';
  if (dryRun) return 'planned';
  return report.writes > 0 ? 'synced' : 'unchanged';
}

/** Pages edited both in the platform and in git in the same lines, over every target. */
function conflictCount(report: SyncReport): number {
  return report.results.reduce((n, r) => n + (r.platformEdits?.conflicts ?? 0), 0);
}

/** Step outputs of `sync --once` under GitHub Actions (see action.yml). */
export function syncOutputs(report: SyncReport, dryRun: boolean): Record<string, string> {
  const url = report.results.find((r) => r.changeRequest?.url !== undefined)?.changeRequest?.url ?? '';
  // The branch a workflow opens a pull request from, when this run kept platform edits.
  const kept = report.results.map((r) => r.platformEdits).filter((edits) => edits !== undefined);
  return {
    'change-request-url': url,
    status: runStatus(report, dryRun),
    writes: String(report.writes),
    'platform-edits-branch': kept.find((edits) => edits.commit !== undefined)?.branch ?? '',
    conflicts: String(conflictCount(report)),
  };
}

/** A content warning split into the file and line it names (`SUMMARY.md:4: …`) and its text. */
export interface PlacedWarning {
  readonly file?: string;
  readonly line?: number;
  readonly message: string;
}

/** Content warnings start with the file (relative to the target's directory) and often its line. */
export function placeWarning(warning: string): PlacedWarning {
  const match = /^([^\s:][^:\n]*?\.[A-Za-z0-9]+)(?::(\d+))?: ([^]*)$/.exec(warning);
  if (!match) return { message: warning };
  const [, file = '', line, message = ''] = match;
  return { file, ...(line === undefined ? {} : { line: Number(line) }), message };
}

/**
 * GitHub Actions workflow commands, so warnings and failures show on the run's page. A warning that
 * names its file gets `file=` (relative to the repository root, by `repoPath`) and `line=`, so it
 * attaches to that line of the pull request's diff.
 */
export function formatAnnotations(report: SyncReport, repoPath: (target: string, file: string) => string = (_t, file) => file): string {
  const lines: string[] = [];
  for (const { target, warnings = [] } of [...report.results, ...report.failures]) {
    for (const warning of warnings) {
      const placed = placeWarning(warning);
      const where =
        placed.file === undefined ? '' : `file=${escapeProperty(repoPath(target, placed.file))},${placed.line === undefined ? '' : `line=${placed.line},`}`;
      lines.push(
        `::warning ${where}title=${escapeProperty(`docsync ${target}`)}::${serverText(escapeData(placed.file === undefined ? warning : placed.message))}`,
      );
    }
  }
  // A page both sides changed in the same lines: one error on each file and line, on the platform-edits branch.
  for (const { target, platformEdits } of report.results) {
    if (platformEdits === undefined) continue;
    for (const page of platformEdits.pages) {
      if (page.outcome !== 'conflict') continue;
      const message = conflictAnnotation(platformEdits);
      lines.push(
        `::error file=${escapeProperty(page.file)},line=${page.line ?? 1},title=${escapeProperty(`docsync ${target}: platform edit conflict`)}::${escapeData(message)}`,
      );
    }
  }
  for (const f of report.failures) {
    if (f.code !== PLATFORM_EDITS_CONFLICT) {
      lines.push(`::error title=${escapeProperty(`docsync ${f.target}`)}::${serverText(escapeData(f.error))}`);
      continue;
    }
    // Markers an earlier run committed, still on the branch: on the first file (this run's clashes are annotated above).
    if (report.results.some((r) => r.target === f.target && (r.platformEdits?.conflicts ?? 0) > 0)) continue;
    const where = f.file === undefined ? '' : `file=${escapeProperty(f.file)},`;
    lines.push(`::error ${where}title=${escapeProperty(`docsync ${f.target}: platform edit conflict`)}::${serverText(escapeData(f.error))}`);
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/** Most page titles listed per cell of the step summary; the rest are counted. */
const MOST_TITLES = 30;

const cell = (text: string): string => serverText(text.replace(/\r?\n/g, ' ')).replace(/\|/g, '\\|');

function pageList(paths: readonly string[], titles: Readonly<Record<string, string>> | undefined): string {
  if (paths.length === 0) return '—';
  const named = paths.slice(0, MOST_TITLES).map((path) => {
    // Pages made in the editor have no source file: verification names them by their page path.
    const editorPage = /^\(no source file\) (.*)$/.exec(path)?.[1];
    const where = editorPage === undefined ? `\`${cell(path)}\`` : `\`${cell(editorPage)}\`, made in the editor`;
    return `${cell(titles?.[path] ?? editorPage ?? path)} (${where})`;
  });
  return `${named.join(', ')}${paths.length > MOST_TITLES ? `, and ${paths.length - MOST_TITLES} more` : ''}`;
}

/**
 * Markdown for `$GITHUB_STEP_SUMMARY` (and `--summary-file`): the run's counts, then a table per
 * target (outcome, change request link, the pages added, changed and removed with their titles,
 * warnings), then specs, archived previews and failures.
 */
export function formatStepSummary(report: SyncReport): string {
  const parts: string[] = [];
  const counts = Object.entries(summarize(report))
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  parts.push(`### docsync sync\n\n${counts || 'nothing to sync'}${handledRetries(report)}`);
  for (const r of report.results) {
    const rows = [`| \`${cell(r.target)}\` | |`, '|---|---|', `| outcome | ${r.outcome} |`];
    if (r.changeRequest) {
      const { number, url } = r.changeRequest;
      rows.push(`| change request | ${url === undefined ? `#${number}` : `[#${number}](${cell(url)})`} |`);
    }
    if (r.diff) {
      const { added, changed, removed, unchanged, titles } = r.diff;
      const verb = r.outcome === 'planned' ? ' (planned)' : '';
      rows.push(`| added${verb}: ${added.length} | ${pageList(added, titles)} |`);
      rows.push(`| changed${verb}: ${changed.length} | ${pageList(changed, titles)} |`);
      rows.push(`| removed${verb}: ${removed.length} | ${pageList(removed, titles)} |`);
      rows.push(`| unchanged | ${unchanged} |`);
    } else rows.push(`| pages | ${r.pageCount}${r.outcome === 'skipped' ? ' (no change since the last sync)' : ''} |`);
    if (r.git) rows.push(`| git | ${cell(gitLine(r.git))} |`);
    if (r.platformEdits) {
      const pages = platformEditsPages(r.platformEdits).slice(0, MOST_TITLES).map(cell).join('<br>');
      rows.push(`| platform edits | ${cell(platformEditsSentence(r.platformEdits, r.outcome === 'planned'))}<br>${pages} |`);
    }
    if (r.warnings.length > 0) rows.push(`| warnings | ${warningList(r.warnings)} |`);
    parts.push(rows.join('\n'));
  }
  const rows: string[] = [];
  for (const spec of report.specs) rows.push(`| spec:${cell(spec.slug)} | ${spec.outcome} | ${spec.spec?.lastVersion ?? ''} |`);
  for (const a of report.archived) {
    const link = a.changeRequest.url === undefined ? `#${a.changeRequest.number}` : `[#${a.changeRequest.number}](${a.changeRequest.url})`;
    rows.push(`| ${cell(`${a.target}@${a.branch}`)} | archived | change request ${link}${a.supersededBy ? `, superseded by #${a.supersededBy.number}` : ''} |`);
  }
  for (const f of report.failures) {
    const warnings = f.warnings === undefined ? '' : `<br>warnings ${warningList(f.warnings)}`;
    rows.push(`| ${cell(f.target)} | **failed** | ${cell(f.error)}${warnings} |`);
  }
  if (rows.length > 0) parts.push(['| target | outcome | details |', '|---|---|---|', ...rows].join('\n'));
  // A blank line at the end: summaries of later steps or runs start a block of their own.
  return `${parts.join('\n\n')}\n\n`;
}

/** `delivery: git`: the commit, its ref and the repository (its URL without credentials). */
function gitLine(git: NonNullable<SyncReport['results'][number]['git']>): string {
  return `commit ${git.commit.slice(0, 12)} of ${git.ref} from ${serverText(git.url)}${git.pushed ? ', pushed by docsync' : ''}`;
}

/** `3: a<br>b<br>c`, at most 10 of them. */
function warningList(warnings: readonly string[]): string {
  return `${warnings.length}: ${warnings.slice(0, 10).map(cell).join('<br>')}${warnings.length > 10 ? '<br>…' : ''}`;
}

/** `+`, `~` and `-` lines, at most 20 of each kind, then how many more. */
function diffLines(added: readonly string[], changed: readonly string[], removed: readonly string[]): string[] {
  const lines: string[] = [];
  for (const [sign, paths] of [
    ['+', added],
    ['~', changed],
    ['-', removed],
  ] as const) {
    for (const path of paths.slice(0, 20)) lines.push(`           ${sign} ${serverText(path)}`);
    if (paths.length > 20) lines.push(`           ${sign} … and ${paths.length - 20} more`);
  }
  return lines;
}
