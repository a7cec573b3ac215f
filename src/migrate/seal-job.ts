import { ConfigError } from '../config/config-error.js';
import { PermanentJobError } from '../failure/permanent-job-error.js';
import { loadPlan } from './load-plan.js';
import type { MigrateItemJob } from './migrate-item-job.js';
import type { MigrationItem } from './plan-schema.js';
import { itemHash } from './run-id.js';

/** A URL without what makes it a secret: user, password and query; `undefined` when it has none. */
function withoutSecrets(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  if (parsed.username === '' && parsed.password === '' && parsed.search === '') return undefined;
  parsed.username = '';
  parsed.password = '';
  parsed.search = '';
  return parsed.href;
}

/**
 * The job of one item as it is stored in Redis: a source URL carrying a password or a query (a git
 * token, a presigned URL's signature) is stored without them, with the plan file to read them back
 * from and the item's hash. Redis persists jobs (AOF, kept for days): a secret must never be in one.
 */
export function sealJob(runId: string, item: MigrationItem, planFile: string): MigrateItemJob {
  const source = item.source;
  const bare = source.kind === 'folder' || source.kind === 'space' ? undefined : withoutSecrets(source.url);
  if (bare === undefined || source.kind === 'folder' || source.kind === 'space') return { runId, item };
  return { runId, item: { ...item, source: { ...source, url: bare } }, plan: planFile, itemHash: itemHash(item) };
}

/**
 * The item a job stands for: as enqueued, or, for a sealed one, read back from its plan file (where the
 * worker finds the secrets, `${VAR}`s resolved from its own environment) and checked against the hash.
 */
export async function unsealJob(job: MigrateItemJob): Promise<MigrationItem> {
  if (job.plan === undefined) return job.item;
  let items: readonly MigrationItem[];
  try {
    items = (await loadPlan(job.plan)).items;
  } catch (error) {
    const why = error instanceof ConfigError ? error.message : String(error);
    throw new PermanentJobError(
      `item "${job.item.id}": its source's credentials are read from the plan ${job.plan}, which this worker cannot load (${why}); run workers where the plan file is`,
      { cause: error },
    );
  }
  const item = items.find((candidate) => candidate.id === job.item.id);
  if (item === undefined || itemHash(item) !== job.itemHash) {
    throw new PermanentJobError(`item "${job.item.id}": the plan ${job.plan} no longer holds it as it was enqueued; run the migration again`);
  }
  return item;
}
