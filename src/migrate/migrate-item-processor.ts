import { classifyError } from '../failure/classify-error.js';
import { PermanentJobError } from '../failure/permanent-job-error.js';
import type { StateStore } from '../state/state-store.js';
import type { ItemAttempt } from './item-attempt.js';
import { migrateItem, type MigrateItemDeps } from './migrate-item.js';
import { RunLedger } from './run-ledger.js';
import { unsealJob } from './seal-job.js';

/** What the processor needs: the item runner's dependencies, with the state store its ledgers live in. */
export type MigrateItemProcessorDeps = Omit<MigrateItemDeps, 'ledger' | 'logger'> & { readonly state: StateStore };

/**
 * `migrate-item`: one attempt at one item of a run, the same in both drivers (BullMQ workers and
 * the inline runner). Failures a retry would repeat become `PermanentJobError`, so neither driver
 * retries them; the ledger already says why the item failed.
 */
export function migrateItemProcessor(deps: MigrateItemProcessorDeps): ItemAttempt {
  return async (data, { logger, signal }) => {
    const ledger = new RunLedger(deps.state, data.runId);
    try {
      const result = await migrateItem({ ...deps, ledger, logger }, data.runId, await unsealJob(data), { signal });
      const cr = result.changeRequest;
      return {
        status: 'done',
        summary: { ...result },
        message: `migrated ${result.id} into ${result.space}: ${result.outcome ?? result.status}${cr ? `, change request #${cr.number}${cr.url ? ` ${cr.url}` : ''}` : ''}`,
      };
    } catch (error) {
      const verdict = classifyError(error);
      if (verdict.kind === 'permanent' && !(error instanceof PermanentJobError) && !signal.aborted) {
        throw new PermanentJobError(`item "${data.item.id}": ${verdict.reason}`, { cause: error });
      }
      throw error;
    }
  };
}
