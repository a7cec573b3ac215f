import { classifyError } from '../failure/classify-error.js';
import type { ApiClient } from '../api/api-client.js';
import { ConflictError } from '../api/errors/conflict-error.js';
import { NotFoundError } from '../api/errors/not-found-error.js';
import { PermissionError } from '../api/errors/permission-error.js';
import type { ChangeRequest } from '../api/schemas/change-request.js';
import type { ImportContentBody, ImportResult } from '../api/schemas/content.js';
import type { ArtifactStore } from '../artifacts/artifact-store.js';
import { ContentError } from '../content/errors/content-error.js';
import { SnapshotStaleError } from '../content/errors/snapshot-stale-error.js';
import type { Logger } from '../logging/logger.js';
import { changeRequestSubject } from '../sync/change-request-subject.js';
import { findDocsyncChangeRequest } from '../sync/find-docsync-change-request.js';
import { importPublished, publishBundle } from '../sync/publish-bundle.js';
import type { ApiMeter, CallCounter } from './api-meter.js';
import { MigrationSourceError } from './errors/migration-source-error.js';
import { MigrationTargetError } from './errors/migration-target-error.js';
import { VerificationError } from './errors/verification-error.js';
import type { ItemResult } from './item-result.js';
import { sourceLabel, type MigrationItem } from './plan-schema.js';
import { itemHash } from './run-id.js';
import type { ItemRecord, RunLedger } from './run-ledger.js';
import { resolveSource } from './sources/resolve-source.js';
import { writeBundleBytes } from './sources/write-bundle-bytes.js';
import type { PreparedImport, ResolveDeps, ResolvedSource } from './sources/resolved-source.js';
import { verifyContent } from '../content/bundle/verify-content.js';
import { MemoryStateStore } from '../state/memory-state-store.js';
import type { StateStore } from '../state/state-store.js';
import { resolveDelivery } from '../sync/resolve-delivery.js';
import { deliverItem } from './deliver-item.js';

/** The API calls a migration makes. */
export type MigrateApi = Pick<ApiClient, 'changeRequests' | 'content' | 'list' | 'information'>;

/** What the item runner needs; all passed in, so tests wire their own. */
export interface MigrateItemDeps {
  readonly api: MigrateApi;
  readonly artifacts: ArtifactStore;
  readonly ledger: RunLedger;
  /** Git clone cache, temp folder and fetch for the source resolvers. */
  readonly sources: Omit<ResolveDeps, 'api' | 'logger' | 'signal'>;
  readonly logger: Logger;
  /** Counts the item's HTTP requests; without one, `apiCalls` stays 0. */
  readonly meter?: ApiMeter | undefined;
  /** Where `delivery: auto` remembers what the API offers; without one, each item asks. */
  readonly state?: StateStore | undefined;
  readonly now?: () => Date;
}

/** The live change request docsync uses for an item is marked with this (in its subject). */
export function itemMarkerTarget(runId: string, itemId: string): string {
  return `m:${runId}:${itemId}`;
}

/**
 * One attempt at one item: resolve the source, find or create the item's change request (or go
 * direct), import, merge if asked, verify. Safe to repeat at any point, including after the process
 * died mid-item: before each call that must not happen twice the ledger records an intent, and a
 * repeat reads it back. A change request being created is found by its subject marker; an import
 * that was sent is known to have landed when the target's revision moved since; a merge shows in the
 * change request's status. So no item opens two change requests or is imported twice.
 *
 * Returns the done item's result (an item done earlier in this run returns its stored result with no
 * call). A permanent failure is recorded in the ledger as `failed` before it is thrown; a transient
 * one leaves the item `running` for the next attempt.
 */
export async function migrateItem(
  deps: MigrateItemDeps,
  runId: string,
  item: MigrationItem,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<ItemResult> {
  const now = deps.now ?? (() => new Date());
  const started = Date.now();
  const hash = itemHash(item);
  const stored = await deps.ledger.get(item.id);
  if (stored?.status === 'done' && stored.itemHash === hash && stored.result) return stored.result;

  // A failed item (an earlier run gave up on it) or a changed one is imported afresh, into its
  // change request if it still has one.
  const fresh = stored !== undefined && (stored.status !== 'running' || stored.itemHash !== hash);
  const record: ItemRecord = {
    kind: 'item',
    status: 'running',
    itemHash: hash,
    attempts: (stored?.attempts ?? 0) + 1,
    spent: stored?.spent ?? { apiCalls: 0, durationMs: 0 },
    updatedAt: now().toISOString(),
    ...(stored?.creatingChangeRequest === true ? { creatingChangeRequest: true } : {}),
    ...(fresh
      ? { previousChangeRequest: stored.changeRequest ?? stored.previousChangeRequest }
      : {
          changeRequest: stored?.changeRequest,
          previousChangeRequest: stored?.previousChangeRequest,
          importFrom: stored?.importFrom,
          delivered: stored?.delivered,
        }),
  };
  if (record.delivered === undefined) delete record.delivered;
  if (record.changeRequest === undefined) delete record.changeRequest;
  if (record.previousChangeRequest === undefined) delete record.previousChangeRequest;
  if (record.importFrom === undefined) delete record.importFrom;
  const counter: CallCounter = { calls: 0, rateLimited: 0 };
  const save = async (): Promise<void> => {
    record.updatedAt = now().toISOString();
    await deps.ledger.put(item.id, record);
  };
  let label = sourceLabel(item.source);
  let resolved: ResolvedSource | undefined;
  const spent = (): { apiCalls: number; durationMs: number } => ({
    apiCalls: record.spent.apiCalls + counter.calls,
    durationMs: record.spent.durationMs + (Date.now() - started),
  });

  const work = async (): Promise<ItemResult> => {
    const { signal } = options;
    resolved = await resolveSource(item.source, { ...deps.sources, api: deps.api, logger: deps.logger, signal });
    label = resolved.label;
    const steps = new ItemSteps(deps, runId, item, record, save, signal);
    if ((await resolveDelivery({ api: deps.api, state: deps.state ?? new MemoryStateStore() }, { delivery: item.delivery ?? 'auto' }, signal)) === 'changes') {
      return finish(await deliverItem(deps, steps, { record, save }, resolved, item, { signal, reading: asSourceError }));
    }
    const prepared = await asSourceError(() => (resolved as ResolvedSource).prepare());
    let imported: ImportResult | undefined;
    let outcome: 'imported' | 'merged' = 'imported';
    let cr: ChangeRequest | undefined;
    if (item.mode === 'change-request') {
      cr = await steps.changeRequest(resolved);
      if (cr.status === 'merged') {
        outcome = 'merged'; // merged by an earlier attempt, which only merges after its import
      } else {
        if (!steps.landed(cr.revision)) imported = await steps.import(prepared, { spaceId: item.space, changeRequest: cr.id }, cr.revision);
        if (item.merge) {
          await steps.merge(cr);
          outcome = 'merged';
        }
      }
    } else {
      const revision = await steps.spaceRevision();
      if (!steps.landed(revision)) imported = await steps.import(prepared, { spaceId: item.space }, revision);
    }
    const into = cr && outcome !== 'merged' ? { spaceId: item.space, changeRequest: cr.id } : { spaceId: item.space };
    const verification = verifyContent(prepared.expectation, await deps.api.content.listPages(into, { signal }));
    if (!verification.ok) throw new VerificationError(verification);
    return finish({
      outcome,
      ...(imported
        ? { imported: { revision: imported.revision, importedResources: imported.importedResources, totalResources: imported.totalResources } }
        : { importRecovered: true }),
      contentHash: prepared.contentHash,
      verification,
    });
  };

  /** Records the item done, with what its attempts spent. */
  const finish = async (done: Pick<ItemResult, 'outcome' | 'imported' | 'importRecovered' | 'contentHash' | 'verification'>): Promise<ItemResult> => {
    const source = resolved as ResolvedSource;
    const { verification } = done;
    const result: ItemResult = {
      ...baseResult(item, label, now()),
      status: 'done',
      ...done,
      ...(record.changeRequest ? { changeRequest: record.changeRequest } : {}),
      ...(source.commit ? { commit: source.commit.oid } : {}),
      ...spent(),
      attempts: record.attempts,
      warnings: [...source.warnings],
    };
    record.status = 'done';
    record.result = result;
    delete record.creatingChangeRequest;
    await save();
    deps.logger.info({ item: item.id, space: item.space, outcome: result.outcome, pages: verification?.actual.pages }, 'migrate: item done');
    return result;
  };

  try {
    return deps.meter ? await deps.meter.run(counter, work) : await work();
  } catch (error) {
    const verdict = classifyError(error);
    if (options.signal?.aborted !== true && verdict.kind === 'permanent') {
      record.status = 'failed';
      record.result = failedResult(item, label, error, { ...spent(), attempts: record.attempts }, now(), resolved?.warnings ?? []);
      record.spent = { apiCalls: 0, durationMs: 0 };
      await save();
    } else {
      record.spent = spent();
      await save().catch(() => undefined);
    }
    throw error;
  } finally {
    await resolved?.dispose();
  }
}

/**
 * Marks an item failed after its last attempt failed for a reason that was worth retrying (the
 * driver gave up); keeps what the attempts spent.
 */
export async function failItem(ledger: RunLedger, item: MigrationItem, error: unknown, now: Date): Promise<ItemResult> {
  const stored = await ledger.get(item.id);
  if (stored?.status === 'failed' && stored.result) return stored.result;
  const result = failedResult(
    item,
    sourceLabel(item.source),
    error,
    { apiCalls: stored?.spent.apiCalls ?? 0, durationMs: stored?.spent.durationMs ?? 0, attempts: stored?.attempts ?? 0 },
    now,
    [],
  );
  await ledger.put(item.id, {
    kind: 'item',
    status: 'failed',
    itemHash: itemHash(item),
    attempts: stored?.attempts ?? 0,
    spent: { apiCalls: 0, durationMs: 0 },
    updatedAt: now.toISOString(),
    ...((stored?.changeRequest ?? stored?.previousChangeRequest) ? { changeRequest: stored.changeRequest ?? stored.previousChangeRequest } : {}),
    ...(stored?.creatingChangeRequest === true ? { creatingChangeRequest: true } : {}),
    result,
  });
  return result;
}

function baseResult(item: MigrationItem, label: string, now: Date): Pick<ItemResult, 'id' | 'space' | 'source' | 'mode' | 'finishedAt'> {
  return { id: item.id, space: item.space, source: { kind: item.source.kind, label }, mode: item.mode, finishedAt: now.toISOString() };
}

function failedResult(
  item: MigrationItem,
  label: string,
  error: unknown,
  spent: { apiCalls: number; durationMs: number; attempts: number },
  now: Date,
  warnings: readonly string[],
): ItemResult {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  return {
    ...baseResult(item, label, now),
    status: 'failed',
    ...(error instanceof VerificationError ? { verification: error.verification } : {}),
    error: { message, code: typeof code === 'string' ? code : 'E_MIGRATE' },
    ...spent,
    warnings: [...warnings],
  };
}

async function asSourceError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ContentError) {
      throw new MigrationSourceError(error.message, { permanent: !(error instanceof SnapshotStaleError), cause: error });
    }
    throw error;
  }
}

/** The API steps of one attempt, each checking what an earlier attempt already did. */
class ItemSteps {
  constructor(
    private readonly deps: MigrateItemDeps,
    private readonly runId: string,
    private readonly item: MigrationItem,
    private readonly record: ItemRecord,
    private readonly save: () => Promise<void>,
    private readonly signal: AbortSignal | undefined,
  ) {}

  /**
   * The item's change request: the one of this go in the ledger (merged: by an earlier attempt of
   * this go), else the one of an earlier go while it is still open, else one found by marker, else a
   * new one.
   */
  async changeRequest(resolved: ResolvedSource): Promise<ChangeRequest> {
    const { record } = this;
    if (record.changeRequest) {
      const known = await this.#lookUp(record.changeRequest.id);
      if (known && known.status !== 'archived') return known;
      // Archived or deleted by someone: the item needs a new one.
      delete record.changeRequest;
      delete record.importFrom;
    }
    if (record.previousChangeRequest) {
      const earlier = await this.#lookUp(record.previousChangeRequest.id);
      delete record.previousChangeRequest;
      if (earlier && (earlier.status === 'open' || earlier.status === 'draft')) {
        this.remember(earlier);
        await this.save();
        return earlier;
      }
    }
    return this.#findOrCreate(resolved);
  }

  async #lookUp(id: string): Promise<ChangeRequest | undefined> {
    try {
      return await this.target(() => this.deps.api.changeRequests.get(this.item.space, id, { signal: this.signal }));
    } catch (error) {
      if (error instanceof MigrationTargetError && error.cause instanceof NotFoundError) return undefined;
      throw error;
    }
  }

  async #findOrCreate(resolved: ResolvedSource): Promise<ChangeRequest> {
    const { api } = this.deps;
    const { item, record, signal } = this;
    const markerTarget = itemMarkerTarget(this.runId, item.id);
    if (record.creatingChangeRequest === true) {
      const found = await this.target(() => findDocsyncChangeRequest(api, item.space, markerTarget, undefined, signal));
      if (found) {
        this.remember(found);
        await this.save();
        return found;
      }
    }
    record.creatingChangeRequest = true;
    await this.save();
    const subject = changeRequestSubject(
      item.subject.replaceAll('{item}', item.id).replaceAll('{source}', resolved.label).replaceAll('{space}', item.space),
      markerTarget,
      resolved.commit ? { oid: resolved.commit.oid, subject: resolved.commit.subject } : undefined,
    );
    const created = await this.target(() => api.changeRequests.create(item.space, { subject }, { signal }));
    this.remember(created);
    // The import comes next: its intent goes in the same write.
    record.importFrom = created.revision;
    await this.save();
    return created;
  }

  /** The space's current revision id (direct mode: an import moves it). */
  async spaceRevision(): Promise<string> {
    const revision = await this.target(() =>
      this.deps.api.content.getRevision({ spaceId: this.item.space }, { metadata: false, computed: false, signal: this.signal }),
    );
    return revision.id;
  }

  /** Whether an import sent by an earlier attempt landed: the target moved past the revision noted before it. */
  landed(currentRevision: string): boolean {
    return this.record.importFrom !== undefined && this.record.importFrom !== currentRevision;
  }

  /** Publishes a bundle (or passes the URL) and imports it, after noting the target's revision. */
  async import(prepared: PreparedImport, into: { spaceId: string; changeRequest?: string }, fromRevision: string): Promise<ImportResult> {
    const { payload } = prepared;
    const artifact =
      payload.type === 'bundle'
        ? await publishBundle(
            this.deps.artifacts,
            await writeBundleBytes(payload.bytes, this.deps.sources.tempDir),
            `${this.item.id}-${payload.name}`,
            this.signal,
          )
        : undefined;
    if (this.record.importFrom !== fromRevision) {
      this.record.importFrom = fromRevision;
      await this.save();
    }
    if (artifact) return this.target(() => importPublished(this.deps.api, this.deps.artifacts, into, artifact, this.signal));
    if (payload.type === 'bundle') throw new Error('Internal error: a bundle import without a published bundle.');
    const body: ImportContentBody = { url: payload.url, source: payload.source };
    return this.target(() => this.deps.api.content.import(into, body, { signal: this.signal }));
  }

  /** Merges the change request; one an earlier attempt merged already counts as merged. */
  async merge(cr: ChangeRequest): Promise<void> {
    try {
      await this.target(() => this.deps.api.changeRequests.merge(this.item.space, cr.id, { signal: this.signal }));
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      const now = await this.deps.api.changeRequests.get(this.item.space, cr.id, { signal: this.signal });
      if (now.status !== 'merged') throw error;
    }
  }

  private remember(cr: ChangeRequest): void {
    this.record.changeRequest = { id: cr.id, number: cr.number, url: cr.urls.app };
    delete this.record.creatingChangeRequest;
  }

  /** A call on the target space: "not found" and "forbidden" name the space and stop the item. */
  private async target<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof NotFoundError || error instanceof PermissionError) {
        const what = error instanceof NotFoundError ? 'was not found, or this token cannot see it' : 'does not let this token write';
        throw new MigrationTargetError(`target space "${this.item.space}" ${what} (${error.status ?? '?'}${error.apiMessage ? `: ${error.apiMessage}` : ''})`, {
          cause: error,
        });
      }
      throw error;
    }
  }
}
