import pMap from 'p-map';
import { NotFoundError } from '../api/errors/not-found-error.js';
import { PermissionError } from '../api/errors/permission-error.js';
import type { Logger } from '../logging/logger.js';
import { MigrationSourceError } from './errors/migration-source-error.js';
import type { MigrateApi } from './migrate-item.js';
import { sourceLabel, type MigrationItem, type MigrationPlan, type SourceKind } from './plan-schema.js';
import { resolveSource } from './sources/resolve-source.js';
import type { ResolveDeps } from './sources/resolved-source.js';

/** One item as a dry run found it. */
export interface DryRunItem {
  readonly id: string;
  readonly space: string;
  readonly source: { readonly kind: SourceKind; readonly label: string };
  readonly mode: MigrationItem['mode'];
  readonly merge: boolean;
  readonly valid: boolean;
  /** Pages the import should produce, when the source could be read. */
  readonly pages?: number;
  /** Why the item would fail. */
  readonly reason?: string;
  readonly warnings: readonly string[];
  /** `DRY-RUN: would …` for each write. */
  readonly actions: readonly string[];
}

export interface DryRunDeps {
  readonly api: MigrateApi;
  readonly sources: Omit<ResolveDeps, 'api' | 'logger' | 'signal'>;
  readonly logger: Logger;
}

/**
 * Validates every item without writing: the source is found and read (folders and repositories
 * read, repositories cloned into the cache, URLs fetched, source spaces listed), the target space is
 * listed (it exists and the token sees it). Says what each item would do.
 */
export async function dryRunPlan(
  deps: DryRunDeps,
  plan: MigrationPlan,
  options: { concurrency?: number; signal?: AbortSignal | undefined } = {},
): Promise<DryRunItem[]> {
  return pMap(plan.items, (item) => checkItem(deps, item, options.signal), { concurrency: options.concurrency ?? 8 });
}

async function checkItem(deps: DryRunDeps, item: MigrationItem, signal: AbortSignal | undefined): Promise<DryRunItem> {
  const base = { id: item.id, space: item.space, mode: item.mode, merge: item.merge };
  let label = sourceLabel(item.source);
  const problems: string[] = [];
  let pages: number | undefined;
  let warnings: readonly string[] = [];
  try {
    const resolved = await resolveSource(item.source, { ...deps.sources, api: deps.api, logger: deps.logger, signal });
    label = resolved.label;
    pages = resolved.pages;
    warnings = resolved.warnings;
    await resolved.dispose();
  } catch (error) {
    problems.push(error instanceof MigrationSourceError ? error.message : `source ${label}: ${(error as Error).message}`);
  }
  try {
    for await (const _cr of deps.api.changeRequests.list(item.space, { limit: 1, signal })) break;
  } catch (error) {
    if (error instanceof NotFoundError) problems.push(`target space "${item.space}" was not found, or this token cannot see it`);
    else if (error instanceof PermissionError) problems.push(`target space "${item.space}" cannot be read with this token`);
    else problems.push(`target space "${item.space}": ${(error as Error).message}`);
  }
  const what = `${pages === undefined ? 'the' : `${pages} page${pages === 1 ? '' : 's'} of`} ${item.source.kind} ${label}`;
  const actions =
    item.mode === 'direct'
      ? [`DRY-RUN: would import ${what} into space ${item.space}`]
      : [
          `DRY-RUN: would open a change request in space ${item.space}`,
          `DRY-RUN: would import ${what} into it`,
          ...(item.merge ? ['DRY-RUN: would merge it'] : []),
        ];
  return {
    ...base,
    source: { kind: item.source.kind, label },
    valid: problems.length === 0,
    ...(pages === undefined ? {} : { pages }),
    ...(problems.length === 0 ? {} : { reason: problems.join('; ') }),
    warnings,
    actions,
  };
}

/** The plan as a dry run prints it. */
export function formatDryRun(runId: string, planFile: string, items: readonly DryRunItem[]): string {
  const invalid = items.filter((item) => !item.valid).length;
  const lines = [`DRY-RUN: migration plan ${planFile} (run ${runId}): ${items.length} items, ${invalid} invalid; nothing was written.`];
  for (const item of items) {
    const mode = item.mode === 'direct' ? 'direct' : `change request${item.merge ? ', merged' : ''}`;
    const head = `  ${item.valid ? '✓' : '✗'}  ${item.id} → ${item.space} (${mode}): ${item.source.kind} ${item.source.label}`;
    lines.push(item.valid ? `${head}, ${item.pages ?? '?'} page${item.pages === 1 ? '' : 's'}` : `${head}: ${item.reason ?? 'invalid'}`);
    if (item.valid) for (const action of item.actions) lines.push(`       ${action}`);
    for (const warning of item.warnings.slice(0, 3)) lines.push(`       warning: ${warning}`);
  }
  return `${lines.join('\n')}\n`;
}
