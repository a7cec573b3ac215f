import type { ContentApi } from '../../api/resources/content.js';
import type { Page } from '../../api/schemas/content.js';
import type { Download } from '../../http/url-downloader.js';
import { DEFAULT_IMPORT_MAX_BYTES } from '../../config/config-schema.js';
import { DeliveryVerificationError } from '../errors/delivery-verification-error.js';
import type { PreparedContent } from '../prepared-content.js';
import { checkSendable } from './check-sendable.js';
import type { Landed } from './plan-changed-pages.js';
import type { GroupsMode } from './desired-pages.js';
import { planDelivery } from './plan-delivery.js';
import type { PlannedDelivery } from './planned-delivery.js';
import { sendBatches, type Delivered, type DeliveredPage, type SendBatchesDeps } from './send-batches.js';
import { withChanges } from '../../state/with-changes.js';

export interface DeliverPagesInput {
  readonly spaceId: string;
  readonly changeRequest: { readonly id: string; readonly number: number };
  readonly content: Pick<PreparedContent, 'snapshot' | 'readMany'>;
  readonly delivered: Delivered | undefined;
  /** A plan made from this change request's content, still current; read again when absent. */
  readonly planned?: PlannedDelivery | undefined;
  /** The largest file the API fetches by URL (the target's `import.maxBytes`); the API's import limit by default. */
  readonly maxFileBytes?: number | undefined;
  /** What the last sync left (state's `landed`): a plan against that revision starts from the changed files. */
  readonly landed?: Landed | undefined;
  /**
   * The revision the change request held when this run created it. A plan from the changed files
   * against it, sent in one batch, landed whole: the batch's answer then says the revision it made,
   * and nothing is read back.
   */
  readonly createdAt?: string | undefined;
  /** What becomes of groups the space lacks and items without a link (the target's `groups`); `flat` by default. */
  readonly groups?: GroupsMode | undefined;
  readonly beforeBatch?: (() => Promise<void>) | undefined;
  /** Told the bytes of each page a batch sent, once the batch landed. */
  readonly sentPage?: ((path: string, bytes: Uint8Array) => void) | undefined;
  /** Saves what was delivered, every few batches and once verified (a plan from changed files alone: the caller keeps the result). */
  readonly save: (delivered: Delivered) => Promise<void>;
  /** Told when the API's answers leave docsync to find what a batch did by reading the change request again. */
  readonly warn?: ((message: string) => void) | undefined;
  readonly signal?: AbortSignal | undefined;
}

export type DeliverPagesDeps = SendBatchesDeps & {
  readonly api: { readonly content: Pick<ContentApi, 'applyChanges' | 'getRevision'> & Partial<Pick<ContentApi, 'getPage'>> };
  readonly download?: Download | undefined;
};

export interface DeliverPagesResult {
  readonly delivered: Delivered;
  /** Id of the change request's revision that holds what was delivered: read back, or named by the batch's answer. */
  readonly revision: string;
  readonly batches: number;
  readonly changes: number;
}

/**
 * Writes the repo into a change request page by page: plans from its content (or takes a plan just
 * made from it), refuses a file the API could not be given before sending anything, sends the batches in order, then reads the content back and plans again: anything
 * left to change means the delivery did not land, and nothing may be merged. A run cut anywhere
 * (a failed batch, a timeout, kill -9) leaves whole batches; the next run plans from what is there,
 * so nothing is applied twice. The pages' `updatedAt` read back is recorded, so an edit made in the
 * platform afterwards is noticed.
 */
export async function deliverPages(deps: DeliverPagesDeps, input: DeliverPagesInput): Promise<DeliverPagesResult> {
  const into = { spaceId: input.spaceId, changeRequest: input.changeRequest.id };
  const where = `change request #${input.changeRequest.number}`;
  let planned = input.planned ?? (await planDelivery(deps.api, into, input.content, input.delivered, input.signal, deps.download, input.landed, input.groups));
  checkSendable(planned.plan, { servesUrls: deps.artifacts.origin !== undefined, maxFileBytes: input.maxFileBytes ?? DEFAULT_IMPORT_MAX_BYTES });
  let batches = 0;
  let changes = 0;
  let rounds = 0;
  let record: Delivered;
  let answered: string | undefined;
  for (;;) {
    const sent = await sendBatches(deps, {
      spaceId: input.spaceId,
      changeRequest: input.changeRequest.id,
      where,
      changes: planned.plan.changes,
      hashes: planned.hashes,
      sizes: planned.sizes,
      fileIds: planned.fileIds,
      // What the plan recognized live counts as delivered: the read-back check below has no record otherwise.
      delivered: planned.known,
      read: (paths) => input.content.readMany(paths),
      beforeBatch: input.beforeBatch,
      sentPage: input.sentPage,
      // A plan from the changed files only rewrites pages by the ids recorded: a record left behind by a
      // cut run makes the next one send them again, never twice as pages. Saved once, verified, below.
      afterBatch: planned.fromChanges ? () => Promise.resolve() : input.save,
      signal: input.signal,
    });
    batches += sent.batches;
    changes += sent.changes;
    rounds += 1;
    record = sent.delivered;
    answered = sent.revision;
    if (!sent.unlisted) break;
    // Each round lands at least one batch, so this ends: the rest is planned from what the change request holds now.
    input.warn?.(
      sent.strayIds
        ? `the API answered a content batch of ${where} with page ids for pages docsync did not send (or without the ids of those it sent); docsync reads the change request again to place the next ones`
        : `the API answered a content batch of ${where} without the pages it touched (the change request alone); docsync reads the change request again to place the next ones`,
    );
    planned = await planDelivery(deps.api, into, input.content, record, input.signal, deps.download, undefined, input.groups);
  }
  if (rounds === 1 && planned.fromChanges && batches === 1 && answered !== undefined && planned.revision === input.createdAt) {
    // Batches are atomic and the change request held the plan's revision: what the batch made is
    // known without reading it. The pages sent have no `updatedAt` recorded (an edit made since is
    // then found by reading them once main moves, not by their stamp).
    const sentPaths = planned.plan.changes.flatMap((change) => (change.kind === 'update-page' ? [change.path] : []));
    return { delivered: withUpdatedAt(record, [], sentPaths), revision: answered, batches, changes };
  }
  const { delivered, revision, exact } = await readBack(deps, input, planned, record, rounds === 1 ? batches : undefined);
  // The record of pages rewritten by their ids is the caller's to keep with its own state: lost, it
  // only costs sending them again.
  if (!exact) await input.save(delivered);
  return { delivered, revision, batches, changes };
}

/**
 * The change request read back after the batches: whether it holds what was planned (else
 * {@link DeliveryVerificationError}), and the record with its pages' `updatedAt`. `onePlan`: the
 * batches sent, when they were all of one plan. In a function of its own so that the
 * revision read (every page of the space) is garbage once it returns, not held through the save.
 */
async function readBack(
  deps: DeliverPagesDeps,
  input: DeliverPagesInput,
  planned: PlannedDelivery,
  record: Delivered,
  onePlan: number | undefined,
): Promise<{ delivered: Delivered; revision: string; exact: boolean }> {
  const into = { spaceId: input.spaceId, changeRequest: input.changeRequest.id };
  const revision = await deps.api.content.getRevision(into, { signal: input.signal });
  // A plan from the changed files sent in one batch (or none) onto the revision it was made against
  // landed whole: batches are atomic, and that revision held the rest. Anything else is planned again.
  const exact =
    planned.fromChanges &&
    (onePlan === 0 ? revision.id === planned.revision : onePlan === 1 && revision.parents.length === 1 && revision.parents[0] === planned.revision);
  if (!exact) {
    // Pages are read where their stamps differ from the record: a merge may restamp a page it moved.
    const getPage = deps.api.content.getPage?.bind(deps.api.content);
    const check = await planDelivery(
      { content: { getRevision: () => Promise.resolve(revision), ...(getPage === undefined ? {} : { getPage }) } },
      into,
      input.content,
      record,
      input.signal,
      deps.download,
      undefined,
      input.groups,
    );
    if (check.plan.changes.length > 0) throw new DeliveryVerificationError(`change request #${input.changeRequest.number}`, check.diff);
  }
  const sentPaths = exact ? planned.plan.changes.flatMap((change) => (change.kind === 'update-page' ? [change.path] : [])) : undefined;
  return { delivered: withUpdatedAt(record, revision.pages, sentPaths), revision: revision.id, exact };
}

/** The record with each page's `updatedAt` as read back: of the pages at `only` (paths), when given (the others are as they were). */
export function withUpdatedAt(delivered: Delivered, live: readonly Page[], only?: readonly string[]): Delivered {
  const ids = only === undefined ? undefined : new Set(only.flatMap((path) => delivered.pages.get(path)?.id ?? []));
  const updated = new Map<string, string>();
  // Depth first, in order; with `only`, it stops once their pages were seen (a one-page edit visits
  // no more). Indexed loops, no arrays made: this runs once per process, before the code is compiled.
  const visit = (pages: readonly Page[]): boolean => {
    for (let index = 0; index < pages.length; index++) {
      const page = pages[index];
      if (page === undefined) continue;
      if (page.updatedAt !== undefined && (ids === undefined || ids.has(page.id))) {
        updated.set(page.id, page.updatedAt);
        if (ids !== undefined && updated.size === ids.size) return true;
      }
      if (page.pages !== undefined && visit(page.pages)) return true;
    }
    return false;
  };
  if (ids === undefined || ids.size > 0) visit(live);
  const stamp = (entry: DeliveredPage): DeliveredPage => {
    const { updatedAt: _previous, ...rest } = entry;
    const at = updated.get(entry.id);
    return at === undefined ? rest : { ...rest, updatedAt: at };
  };
  // Only the stamped pages' lines of the record change.
  const stamped = (only ?? [...delivered.pages.keys()]).flatMap((path) => {
    const entry = delivered.pages.get(path);
    return entry === undefined ? [] : [[path, stamp(entry)] as const];
  });
  return { pages: withChanges(delivered.pages, stamped), files: delivered.files };
}
