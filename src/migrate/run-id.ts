import { createHash } from 'node:crypto';
import type { MigrationItem, MigrationPlan } from './plan-schema.js';

/** What a run id may look like: it is part of state keys and change request markers. */
export const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,23}$/;

/** A stable hash of one item's definition: a resumed run redoes an item whose definition changed. */
export function itemHash(item: MigrationItem): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(item)))
    .digest('hex')
    .slice(0, 16);
}

/**
 * The default run id of a plan: `m-` and 12 hex digits of a hash over its items, so running the same
 * plan again resumes the same run (done items are skipped) while a changed plan starts a new one.
 */
export function runIdFor(plan: MigrationPlan): string {
  const hash = createHash('sha256');
  for (const item of plan.items) hash.update(`${item.id}\0${itemHash(item)}\n`);
  return `m-${hash.digest('hex').slice(0, 12)}`;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, inner]) => [key, canonical(inner)]),
  );
}
