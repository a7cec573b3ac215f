import { createHash, randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError } from '../../api/errors/api-error.js';
import type { RateBudget } from '../../api/rate-budget.js';
import type { ContentApi } from '../../api/resources/content.js';
import { MAX_BASE64_CHARS, type ContentChange, type FileUpload } from '../../api/schemas/content-changes.js';
import type { ArtifactStore, PublishedArtifact } from '../../artifacts/artifact-store.js';
import { contentTypeOf } from '../../content/gitbook/content-type-of.js';
import { serverText } from '../../logging/sanitize-output.js';
import type { TargetState } from '../../state/state-store.js';
import { withChanges } from '../../state/with-changes.js';
import { BatchRefusedError } from '../errors/batch-refused-error.js';
import { batchChanges } from './batch-changes.js';
import { batchesInFlight, batchNeeds, maySend, type BatchNeeds } from './batch-schedule.js';
import type { PageHandle, PlannedChange, PlannedFile } from './page-plan.js';
import { rewriteFileLinks } from './rewrite-file-links.js';

export type Delivered = NonNullable<TargetState['delivered']>;
export type DeliveredPage = NonNullable<ReturnType<Delivered['pages']['get']>>;
export type DeliveredFile = NonNullable<ReturnType<Delivered['files']['get']>>;

export interface SendBatchesInput {
  readonly spaceId: string;
  /** Id of the change request the batches go into. */
  readonly changeRequest: string;
  /** The change request as messages name it (`change request #3`). */
  readonly where?: string | undefined;
  readonly changes: readonly PlannedChange[];
  /** Content hash of each page and file the plan names, by path in the docs root. */
  readonly hashes: ReadonlyMap<string, string>;
  /** Bytes of each page's file by path in the docs root, so batches stay within a body the API takes. */
  readonly sizes?: ReadonlyMap<string, number> | undefined;
  /** Live files by path, as the plan keyed them: pages link them by id unless the plan re-sends them. */
  readonly fileIds: ReadonlyMap<string, string>;
  /** What docsync delivered so far; the answer of each batch is added to it. */
  readonly delivered: Delivered;
  /** Bytes of files of the docs (pages and assets), by path in the docs root. */
  read(paths: readonly string[]): AsyncIterable<{ path: string; bytes: Uint8Array }>;
  /** Checked before each batch: where workers race, a newer run may own the target. */
  beforeBatch?: (() => Promise<void>) | undefined;
  /** Told the bytes of each page a batch sent, once the batch landed (a page sent twice is told twice). */
  sentPage?: ((path: string, bytes: Uint8Array) => void) | undefined;
  /** Given what was delivered every few batches that landed and at the end, so a run cut between batches keeps the ids. */
  afterBatch(delivered: Delivered): Promise<void>;
  /**
   * Batches sent side by side at most, where the plan's order and the API's rate limit allow.
   * Default {@link MAX_BATCHES_IN_FLIGHT}; {@link BATCHES_IN_FLIGHT} while the API has not said what
   * its rate limit leaves.
   */
  readonly inFlight?: number | undefined;
  /** Landed batches between two calls of `afterBatch`. Default {@link BATCHES_PER_SAVE}. */
  readonly batchesPerSave?: number | undefined;
  readonly signal?: AbortSignal | undefined;
}

export interface SendBatchesDeps {
  /** With the client's rate budget, batches in flight follow what the API's rate limit leaves. */
  readonly api: { readonly content: Pick<ContentApi, 'applyChanges'>; readonly rateBudget?: Pick<RateBudget, 'state'> | undefined };
  /** Serves files too big to send inline, by a URL the API fetches. */
  readonly artifacts: ArtifactStore;
}

/** Batches in flight at once while the API has sent no rate-limit headers. */
export const BATCHES_IN_FLIGHT = 4;
/**
 * Batches in flight at most, by default, however much of the rate limit is left: the client's
 * connections. With slow answers, a few batches side by side use a fraction of a generous limit.
 */
export const MAX_BATCHES_IN_FLIGHT = 16;
/** Landed batches between two saves of the record, by default. */
export const BATCHES_PER_SAVE = 10;

/**
 * Sends a page plan in batches, each applied by the API atomically, in the plan's order where order
 * matters: a batch that places pages under pages an earlier batch inserts waits for its answer (the
 * ids), and files, moves, deletions and new slugs go alone (see {@link maySend}); batches that insert
 * under different, existing parents, or only rewrite documents, go side by side, as many as the
 * requests left in the API's rate-limit window, up to `inFlight`.
 * Files go inline as base64 up to the API's limit, larger ones by a URL the artifact store serves;
 * pages in the same batch link them by their ref, later ones by their id. What landed is handed to
 * `afterBatch` every `batchesPerSave` batches (while batches go on: one save at a time) and at the
 * end (also after a failure): a run cut in between loses only ids of the last batches, which the
 * next run finds again by path and content, so nothing is applied twice.
 * An answer without its list of touched pages stops the sending once the batches in flight are
 * answered (`unlisted`): the caller plans again from what the change request holds.
 */
export interface SentBatches {
  readonly delivered: Delivered;
  readonly batches: number;
  readonly changes: number;
  /**
   * A batch landed with an answer that did not list the pages it touched (the change request alone):
   * the ids of the pages it inserted are unknown, so the batches after it were not sent.
   */
  readonly unlisted: boolean;
  /**
   * A batch landed with an answer that gave page ids for refs docsync did not send, ids no API gives,
   * or no id for a ref it sent (`unlisted` is then true too).
   */
  readonly strayIds: boolean;
  /** The change request's revision the last batch answered made, when its answer gave it. */
  readonly revision?: string | undefined;
}

export async function sendBatches(deps: SendBatchesDeps, input: SendBatchesInput): Promise<SentBatches> {
  const batches = batchChanges(input.changes, { sizeOf: (path) => input.sizes?.get(path) ?? 0 });
  const needs = batches.map(batchNeeds);
  const pageIds = new Map<string, string>(); // ref → id of pages inserted by earlier batches
  const fileIds = new Map(input.fileIds);
  // What the batches changed in the record (undefined: removed): a batch costs its size, and a save
  // writes the changed records, not what was delivered before.
  const pageChanges = new Map<string, DeliveredPage | undefined>();
  const fileChanges = new Map<string, DeliveredFile>();
  // The paths changed since the record was last handed out: each record is the last one with those
  // changed, so a store saving it compares those alone.
  const unrecorded = { pages: new Set<string>(), files: new Set<string>() };
  const pages = {
    get: (path: string): DeliveredPage | undefined => (pageChanges.has(path) ? pageChanges.get(path) : input.delivered.pages.get(path)),
    set: (path: string, entry: DeliveredPage): void => {
      pageChanges.set(path, entry);
      unrecorded.pages.add(path);
    },
    delete: (path: string): void => {
      pageChanges.set(path, undefined);
      unrecorded.pages.add(path);
    },
    *entries(): Generator<[string, DeliveredPage]> {
      for (const [path, entry] of input.delivered.pages) if (!pageChanges.has(path)) yield [path, entry];
      for (const [path, entry] of pageChanges) if (entry !== undefined) yield [path, entry];
    },
  };
  // Where each recorded page is, by id: indexed only once a page is not at the path asked first (a
  // move, an insert, a deletion), so rewriting pages in place costs the batch's size.
  let pathOfId: Map<string, string> | undefined;
  const pathOf = (id: string, likely?: string): string | undefined => {
    if (likely !== undefined && pages.get(likely)?.id === id) return likely;
    pathOfId ??= new Map([...pages.entries()].map(([at, recorded]) => [recorded.id, at]));
    return pathOfId.get(id);
  };
  let recorded: Delivered = input.delivered;
  const record = (): Delivered => {
    recorded = {
      pages: withChanges(recorded.pages, changesAt(unrecorded.pages, pageChanges)),
      files: withChanges(recorded.files, changesAt(unrecorded.files, fileChanges)),
    };
    unrecorded.pages.clear();
    unrecorded.files.clear();
    return recorded;
  };
  const idOf = (handle: PageHandle | null): string | null => {
    if (handle === null) return null;
    const id = handle.id ?? pageIds.get(handle.ref);
    if (id === undefined) throw new Error(`Internal error: the page plan places a page under ${handle.ref} before inserting it.`);
    return id;
  };
  const hashOf = (path: string): string => input.hashes.get(path) ?? '';
  const setPage = (path: string, entry: DeliveredPage): void => {
    const before = pathOf(entry.id, path);
    if (before !== undefined && before !== path && pages.get(before)?.id === entry.id) pages.delete(before);
    pages.set(path, entry);
    pathOfId?.set(entry.id, path);
  };

  // Updated by the batches as they land, read by the loop that starts them.
  const landed: { batches: number; changes: number; unlisted: boolean; strayIds: boolean; revision?: string | undefined } = {
    batches: 0,
    changes: 0,
    unlisted: false,
    strayIds: false,
  };
  const send = async (batch: readonly PlannedChange[]): Promise<void> => {
    const published: PublishedArtifact[] = [];
    try {
      const uploads = batch.flatMap((change) => (change.kind === 'insert-files' ? change.files : []));
      const fileRefs = new Map(uploads.map((file) => [file.path, `./${file.ref}`]));
      const documents = batch.flatMap((change) =>
        (change.kind === 'insert-page' || (change.kind === 'update-page' && change.document)) && change.heading !== true ? [change.path] : [],
      );
      const bytes = new Map<string, Uint8Array>();
      for await (const read of input.read([...uploads.map((file) => file.path), ...documents])) bytes.set(read.path, read.bytes);
      const bytesOf = (path: string): Uint8Array => {
        const found = bytes.get(path);
        if (found === undefined) throw new Error(`Internal error: ${path} was not read.`);
        return found;
      };
      const markdown = (path: string, heading?: true): { markdown: string } => {
        // A heading page holds no file: its title is the one sent.
        if (heading === true) return { markdown: '' };
        const text = new TextDecoder().decode(bytesOf(path));
        const linked = rewriteFileLinks(text, path, (file) => fileRefs.get(file) ?? (fileIds.has(file) ? `/files/${fileIds.get(file)}` : undefined));
        return { markdown: linked };
      };

      const changes: ContentChange[] = [];
      for (const change of batch) {
        switch (change.kind) {
          case 'insert-files': {
            const files: FileUpload[] = [];
            for (const file of change.files) files.push(await upload(deps.artifacts, file, bytesOf(file.path), published, input.signal));
            changes.push({ operation: 'insert_files', files });
            break;
          }
          case 'insert-page': {
            const into = idOf(change.parent);
            changes.push({
              operation: 'insert_page',
              title: change.title,
              slug: change.slug,
              document: markdown(change.path, change.heading),
              ref: change.ref,
              ...(into === null ? {} : { into }),
              at: change.at,
            });
            break;
          }
          case 'update-page':
            changes.push({
              operation: 'update_page',
              page: change.id,
              ...(change.document ? { document: markdown(change.path, change.heading) } : {}),
              ...(change.title === undefined ? {} : { title: change.title }),
              ...(change.slug === undefined ? {} : { slug: change.slug }),
              ...(change.move ? { into: idOf(change.move.parent), at: change.move.at } : {}),
            });
            break;
          case 'delete-page':
            changes.push({ operation: 'delete_page', page: change.id });
            break;
        }
      }

      await input.beforeBatch?.();
      const answer = await deps.api.content.applyChanges(input.spaceId, input.changeRequest, changes, { signal: input.signal }).catch((error: unknown) => {
        throw refusal(error, batch, input.where ?? `change request ${input.changeRequest}`);
      });
      // Once landed, not before: whatever the caller makes of them does not hold up the batch.
      if (input.sentPage !== undefined) for (const path of documents) input.sentPage(path, bytesOf(path));

      const created = new Map<string, string>();
      const refs = new Set(batch.flatMap((change) => (change.kind === 'insert-page' ? [change.ref] : [])));
      for (const affected of answer.changes ?? []) {
        if (affected.object !== 'created_page' || affected.ref === undefined || typeof affected.page !== 'object') continue;
        // An id for a ref docsync did not send, or one no API gives (empty, control characters), is not kept.
        if (refs.has(affected.ref) && affected.page.id !== '' && serverText(affected.page.id) === affected.page.id) created.set(affected.ref, affected.page.id);
        else landed.strayIds = true;
      }
      // Pages under a page whose id the answer did not give cannot be placed: the rest is planned from the change request.
      if (answer.changes !== undefined && [...refs].some((ref) => !created.has(ref))) landed.strayIds = true;
      for (const change of batch) {
        if (change.kind === 'delete-page') {
          const path = pathOf(change.id, change.key);
          if (path !== undefined && pages.get(path)?.id === change.id) pages.delete(path);
          pathOfId?.delete(change.id);
        }
      }
      for (const change of batch) {
        if (change.kind === 'insert-page') {
          const id = created.get(change.ref);
          if (id !== undefined) {
            pageIds.set(change.ref, id);
            setPage(change.path, { id, hash: hashOf(change.path) });
          }
        } else if (change.kind === 'update-page') {
          // The page may have held another path (a move): its record moves with it. Content not sent
          // again keeps the hash it was known by.
          const before = pathOf(change.id, change.path);
          const known = before === undefined ? undefined : pages.get(before);
          setPage(change.path, { id: change.id, hash: change.document ? hashOf(change.path) : known?.id === change.id ? known.hash : '' });
        }
      }
      // `insertedFiles` lists the batch's files in the order they were sent.
      uploads.forEach((file, index) => {
        const id = answer.insertedFiles?.[index]?.id;
        if (id === undefined) return;
        fileIds.set(file.path, id);
        fileChanges.set(file.path, { id, hash: file.hash });
        unrecorded.files.add(file.path);
      });
      landed.batches += 1;
      landed.changes += batch.length;
      landed.revision = answer.changeRequest?.revision;
      if (answer.changes === undefined || landed.strayIds) landed.unlisted = true;
    } finally {
      await Promise.all(published.map((artifact) => deps.artifacts.release(artifact).catch(() => undefined)));
    }
  };

  const max = Math.max(1, input.inFlight ?? MAX_BATCHES_IN_FLIGHT);
  const limits = { max, unknown: Math.min(max, BATCHES_IN_FLIGHT) };
  const limit = (): number => batchesInFlight(deps.api.rateBudget?.state.remaining, limits);
  const perSave = Math.max(1, input.batchesPerSave ?? BATCHES_PER_SAVE);
  const running = new Map<number, { readonly needs: BatchNeeds; readonly done: Promise<void> }>();
  const answered = new Set<string>();
  let failure: { error: unknown } | undefined;
  let unsaved = 0;
  let next = 0;
  // A save runs beside the batches instead of holding them up, one at a time, so saves slower than
  // batches cover more batches each. A failed save (a newer run owns the
  // target) stops the sending; what is in flight is awaited first.
  let saving: Promise<void> | undefined;
  const save = (): Promise<void> => {
    unsaved = 0;
    const done = input.afterBatch(record()).then(
      () => {
        saving = undefined;
      },
      (error: unknown) => {
        saving = undefined;
        failure ??= { error };
      },
    );
    saving = done;
    return done;
  };
  for (;;) {
    while (failure === undefined && !landed.unlisted && next < batches.length && running.size < limit()) {
      const index = next;
      const batch = batches[index] ?? [];
      const batchNeed = needs[index] ?? batchNeeds(batch);
      if (
        !maySend(
          batchNeed,
          [...running.values()].map((one) => one.needs),
          answered,
        )
      )
        break;
      next += 1;
      const done = send(batch).then(
        () => {
          unsaved += 1;
          for (const change of batch) if (change.kind === 'insert-page' && pageIds.has(change.ref)) answered.add(change.ref);
        },
        (error: unknown) => {
          failure ??= { error };
        },
      );
      running.set(index, { needs: batchNeed, done: done.finally(() => running.delete(index)) });
    }
    if (running.size === 0) break;
    await Promise.race([...running.values()].map((one) => one.done));
    if (unsaved >= perSave && saving === undefined) void save();
  }
  await saving;
  if (unsaved > 0) await save();
  if (failure !== undefined) throw failure.error;
  return { delivered: record(), ...landed };
}

/** The entries of `changes` at `paths` (undefined where removed). */
function changesAt<V>(paths: ReadonlySet<string>, changes: ReadonlyMap<string, V | undefined>): [string, V | undefined][] {
  return [...paths].map((path) => [path, changes.get(path)]);
}

/**
 * A 400 naming one change of the batch (`changes.3.title`, `changes.0.files.2.name`) as the error of
 * the file that change came from; any other failure as it is.
 */
function refusal(error: unknown, batch: readonly PlannedChange[], where: string): unknown {
  if (!(error instanceof ApiError) || error.status !== 400) return error;
  const named = /changes\.(\d+)(?:\.files\.(\d+)|\.(into))?/.exec(error.apiMessage ?? error.message);
  const change = named === null ? undefined : batch[Number(named[1])];
  // A parent named by ref got its id from the API's answer to an earlier batch: when that id is refused,
  // the answer was at fault, not the page's file.
  const parent = change?.kind === 'insert-page' ? change.parent : change?.kind === 'update-page' ? change.move?.parent : undefined;
  if (named?.[3] === 'into' && parent !== undefined && parent !== null && parent.id === undefined) return new BatchRefusedError(undefined, where, error, true);
  const file =
    change === undefined
      ? undefined
      : change.kind === 'insert-files'
        ? change.files[Number(named?.[2] ?? 0)]?.path
        : change.kind === 'delete-page'
          ? change.key
          : change.path;
  return new BatchRefusedError(file, where, error);
}

/** One file as the API takes it: inline when small enough, else by a URL the artifact store serves. */
async function upload(
  store: ArtifactStore,
  file: PlannedFile,
  bytes: Uint8Array,
  published: PublishedArtifact[],
  signal: AbortSignal | undefined,
): Promise<FileUpload> {
  const name = file.path.slice(file.path.lastIndexOf('/') + 1);
  const contentType = contentTypeOf(name);
  if (Math.ceil(bytes.byteLength / 3) * 4 <= MAX_BASE64_CHARS) {
    return { name, ref: file.ref, contentType, base64: Buffer.from(bytes).toString('base64') };
  }
  const path = join(tmpdir(), `docsync-file-${randomUUID()}`);
  await writeFile(path, bytes);
  try {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const artifact = await store.publish({ path, sha256, size: bytes.byteLength, name }, signal ? { signal } : {});
    published.push(artifact);
    return { name, ref: file.ref, contentType, url: artifact.url };
  } finally {
    await rm(path, { force: true });
  }
}
