import * as z from 'zod';
import { DeliveredFileSchema, DeliveredPageSchema, type Delivered, type StateStore } from '../state/state-store.js';
import { ItemResultSchema } from './item-result.js';

/** One item's progress in a run: written before and after every step that must not happen twice. */
export const ItemRecordSchema = z.object({
  kind: z.literal('item'),
  status: z.enum(['running', 'done', 'failed']),
  /** Hash of the item's definition when this record was written; a changed item starts over. */
  itemHash: z.string(),
  attempts: z.number().int().min(0),
  /** HTTP requests and ms spent by attempts that ended without a result (crashes included). */
  spent: z.object({ apiCalls: z.number().int().min(0), durationMs: z.number().min(0) }),
  updatedAt: z.string(),
  /** Set before the change request is created: a crash after that looks it up by marker. */
  creatingChangeRequest: z.boolean().optional(),
  /** The item's change request in this go: a merged one was merged by this go. */
  changeRequest: z.object({ id: z.string(), number: z.number(), url: z.string().optional() }).optional(),
  /** The change request of an earlier go (the item failed, or changed): reused only while still open. */
  previousChangeRequest: z.object({ id: z.string(), number: z.number(), url: z.string().optional() }).optional(),
  /** Revision of the import target just before the import was sent: if it moved, the import landed. */
  importFrom: z.string().optional(),
  /** Today's API: the pages and files content batches put into the change request, saved after each batch. */
  delivered: z
    .object({ pages: z.record(z.string(), DeliveredPageSchema), files: z.record(z.string(), DeliveredFileSchema) })
    .transform((stored): Delivered => ({ pages: new Map(Object.entries(stored.pages)), files: new Map(Object.entries(stored.files)) }))
    .optional(),
  result: ItemResultSchema.optional(),
});
export type ItemRecord = z.infer<typeof ItemRecordSchema>;

/** A run: which plan, how many items, when. */
export const RunRecordSchema = z.object({
  kind: z.literal('run'),
  runId: z.string(),
  plan: z.string(),
  items: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RunRecord = z.infer<typeof RunRecordSchema>;

/** Writes to one store happen one at a time: the file store rewrites one file per write. */
const writeChains = new WeakMap<StateStore, Promise<unknown>>();

/**
 * The ledger of one migration run in the state store: `migrate:<runId>` for the run,
 * `migrate:<runId>:<itemId>` per item. Resume reads it to skip done items; the item runner writes
 * an intent before each non-idempotent call so a crash mid-item never repeats a creation or import.
 */
export class RunLedger {
  constructor(
    private readonly store: StateStore,
    readonly runId: string,
  ) {}

  static runKey(runId: string): string {
    return `migrate:${runId}`;
  }

  static itemKey(runId: string, itemId: string): string {
    return `migrate:${runId}:${itemId}`;
  }

  async run(): Promise<RunRecord | undefined> {
    const parsed = RunRecordSchema.safeParse((await this.store.get(RunLedger.runKey(this.runId)))?.migration);
    return parsed.success ? parsed.data : undefined;
  }

  /** Records the run (first time) or touches it (resume). */
  async startRun(plan: string, items: number, now: Date): Promise<RunRecord> {
    const existing = await this.run();
    const record: RunRecord = {
      kind: 'run',
      runId: this.runId,
      plan,
      items,
      createdAt: existing?.createdAt ?? now.toISOString(),
      updatedAt: now.toISOString(),
    };
    await this.write(RunLedger.runKey(this.runId), record);
    return record;
  }

  /** An item's record; a damaged one reads as absent (the item runner then looks things up through the API). */
  async get(itemId: string): Promise<ItemRecord | undefined> {
    const parsed = ItemRecordSchema.safeParse((await this.store.get(RunLedger.itemKey(this.runId, itemId)))?.migration);
    return parsed.success ? parsed.data : undefined;
  }

  put(itemId: string, record: ItemRecord): Promise<void> {
    const { delivered, ...rest } = record;
    // Stored as JSON inside the item's state: the maps by path as objects.
    const stored = delivered ? { ...rest, delivered: { pages: Object.fromEntries(delivered.pages), files: Object.fromEntries(delivered.files) } } : rest;
    return this.write(RunLedger.itemKey(this.runId, itemId), stored);
  }

  /** Every item record of this run, by item id. */
  async items(): Promise<Map<string, ItemRecord>> {
    const prefix = `${RunLedger.runKey(this.runId)}:`;
    const records = new Map<string, ItemRecord>();
    for (const [key, state] of await this.store.list()) {
      if (!key.startsWith(prefix)) continue;
      const parsed = ItemRecordSchema.safeParse(state.migration);
      if (parsed.success) records.set(key.slice(prefix.length), parsed.data);
    }
    return records;
  }

  private write(key: string, migration: Record<string, unknown>): Promise<void> {
    const previous = writeChains.get(this.store) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.store.set(key, { reviewersRequested: [], migration }));
    writeChains.set(this.store, next);
    return next;
  }
}
