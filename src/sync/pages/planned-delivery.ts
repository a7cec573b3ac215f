import type { PageDiff } from '../page-diff.js';
import type { PagePlan } from './page-plan.js';
import type { Delivered } from './send-batches.js';

/** A page plan and what it was made from, ready to send in batches. */
export interface PlannedDelivery {
  readonly plan: PagePlan;
  /** Content hashes of the repo's pages and files, by path in the docs root. */
  readonly hashes: ReadonlyMap<string, string>;
  /** Bytes of the repo's files, by path in the docs root. */
  readonly sizes: ReadonlyMap<string, number>;
  /** Live files by the path they hold. */
  readonly fileIds: ReadonlyMap<string, string>;
  readonly diff: PageDiff;
  /** Every live page and file whose content the plan knows, as docsync records what it delivered. */
  readonly known: Delivered;
  /** Id of the revision planned against. */
  readonly revision: string;
  /** Planned from the files changed since the last sync alone (see `planChangedPages`). */
  readonly fromChanges: boolean;
}
