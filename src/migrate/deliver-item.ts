import type { ContentApi } from '../api/resources/content.js';
import type { ChangeRequest } from '../api/schemas/change-request.js';
import { verifyContent, type LivePage, type Verification } from '../content/bundle/verify-content.js';
import { deliverPages } from '../sync/pages/deliver-pages.js';
import { desiredPages } from '../sync/pages/desired-pages.js';
import type { DesiredPage } from '../sync/pages/page-plan.js';
import type { SendBatchesDeps } from '../sync/pages/send-batches.js';
import { MigrationSourceError } from './errors/migration-source-error.js';
import { VerificationError } from './errors/verification-error.js';
import type { MigrationItem } from './plan-schema.js';
import type { ItemRecord } from './run-ledger.js';
import type { ResolvedSource, SourcePages } from './sources/resolved-source.js';
import { comparePaths } from '../content/compare-paths.js';

/** The steps of an item that find its change request and merge it, each checking what an earlier attempt did. */
export interface ChangeRequestSteps {
  changeRequest(resolved: ResolvedSource): Promise<ChangeRequest>;
  merge(cr: ChangeRequest): Promise<void>;
}

export interface DeliveredItem {
  readonly outcome: 'imported' | 'merged';
  readonly contentHash: string;
  readonly verification: Verification;
}

/**
 * One item on today's API, which has no import: its pages go into its change request as content
 * batches, through the same planner and sender as `sync` (so a repeated attempt plans from what the
 * change request holds, and nothing is applied twice). A direct item goes through a change request
 * too, merged at once. What landed is kept in the ledger after each batch; the delivery reads the
 * content back before anything merges, and the item's proof is that read: every page at its path
 * with the content sent.
 */
export async function deliverItem(
  deps: SendBatchesDeps & { readonly api: { readonly content: Pick<ContentApi, 'applyChanges' | 'getRevision'> } },
  steps: ChangeRequestSteps,
  ledger: { readonly record: ItemRecord; save(): Promise<void> },
  resolved: ResolvedSource,
  item: MigrationItem,
  options: {
    readonly signal: AbortSignal | undefined;
    /** Runs the source's reads: turns reader failures into the item's source errors. */
    readonly reading: <T>(work: () => Promise<T>) => Promise<T>;
  },
): Promise<DeliveredItem> {
  const { signal } = options;
  const pages = await options.reading(() => pageContentOf(resolved));
  const { record } = ledger;
  const merge = item.merge || item.mode === 'direct';
  const cr = await steps.changeRequest(resolved);
  if (cr.status !== 'merged') {
    await deliverPages(deps, {
      spaceId: item.space,
      changeRequest: cr,
      content: pages,
      delivered: record.delivered,
      save: async (landed) => {
        record.delivered = landed;
        await ledger.save();
      },
      signal,
    });
    if (merge) await steps.merge(cr);
  }
  const verification = verifyDelivered(pages, record.delivered);
  if (!verification.ok) throw new VerificationError(verification);
  return { outcome: merge || cr.status === 'merged' ? 'merged' : 'imported', contentHash: pages.snapshot.contentHash, verification };
}

async function pageContentOf(resolved: ResolvedSource): Promise<SourcePages> {
  if (resolved.pageContent === undefined) {
    throw new MigrationSourceError(
      `source ${resolved.label} is a ${resolved.kind} that only the platform's import converts, and this API has no import ` +
        '(content goes into change requests as page batches): give the item the content as a zip, a folder, a git repository or a space',
      { permanent: true },
    );
  }
  return resolved.pageContent();
}

/** The repo's pages (path, content hash) against those the delivery read back and recorded. */
function verifyDelivered(pages: SourcePages, delivered: ItemRecord['delivered']): Verification {
  const expected: { path: string; oid: string }[] = [];
  const walk = (list: readonly DesiredPage[]): void =>
    list.forEach((page) => {
      expected.push({ path: page.path, oid: page.hash });
      walk(page.children);
    });
  desiredPages(pages.snapshot).groups.forEach((group) => walk(group.pages));
  const live: LivePage[] = [...(delivered?.pages ?? [])].map(([path, entry]) => ({ id: entry.id, type: 'document', git: { path, oid: entry.hash ?? '-' } }));
  return verifyContent({ kind: 'exact', pages: expected.sort((a, b) => comparePaths(a.path, b.path)) }, live);
}
