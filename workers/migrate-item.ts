import type { JobProcessor, WorkerDeps } from '../src/jobs/worker-deps.js';
import { resolve } from 'node:path';
import { migrateItemProcessor } from '../src/migrate/migrate-item-processor.js';
import { migrationCache } from '../src/runtime/open-migration.js';

/**
 * `migrate-item`: one item of a migration run enqueued by `docsync migrate --queue`, with the
 * worker's API client, artifact server and (Redis) state store, so the ledger is the one the
 * enqueuing command watches. Clones are cached below the configuration's `.docsync/cache/migrate`.
 */
export function migrateItemJobProcessor(deps: WorkerDeps): JobProcessor<'migrate-item'> {
  const { api, artifacts, state, download } = deps.runtime;
  return migrateItemProcessor({ api, artifacts, state, sources: migrationCache(resolve(deps.loaded.baseDir), download) });
}
