import { legacyTargetState } from './legacy-target-state.js';
import { changedRecords, PageRecordSchema, StoredFieldsSchema, storedTarget, targetStateOf, type PageRecord } from './page-record.js';
import type { StateStore, TargetState } from './state-store.js';

/** The commands of one transaction the store writes in; an ioredis `multi()` fits as is. */
export interface RedisStateTransaction {
  hset(key: string, values: Record<string, string>): unknown;
  hdel(key: string, ...fields: string[]): unknown;
  del(key: string): unknown;
  exec(): Promise<unknown>;
}

/** The few commands the store needs; an ioredis client fits as is. */
export interface RedisStateCommands {
  hget(key: string, field: string): Promise<string | null>;
  hgetall(key: string): Promise<Record<string, string>>;
  multi(): RedisStateTransaction;
}

/** What a target's own fields are stored with: values without it were written before records by page. */
const VERSION = 3;

/**
 * State in Redis, shared by every watcher and worker of a deployment: each target's own fields in
 * one hash (`<prefix>:state`, a field per target), its records in a hash of its own
 * (`<prefix>:state:<target>:pages`, a field per path), so a write sets only the records that
 * changed since this process read or wrote the target, in one transaction with its fields. A value
 * that fails its schema is treated as absent: docsync then finds its change request through the API
 * rather than trusting a damaged record.
 */
export class RedisStateStore implements StateStore {
  private readonly key: string;
  /** Each target's records as this process last read or wrote them: what a write is the change of. */
  private readonly known = new Map<string, ReadonlyMap<string, PageRecord>>();

  constructor(
    private readonly redis: RedisStateCommands,
    private readonly prefix: string,
  ) {
    this.key = `${prefix}:state`;
  }

  async get(key: string): Promise<TargetState | undefined> {
    const raw = await this.redis.hget(this.key, key);
    return raw === null ? undefined : this.read(key, raw);
  }

  async set(key: string, state: TargetState): Promise<void> {
    const stored = storedTarget(state);
    const changes = changedRecords(this.known.get(key), stored.records);
    const transaction = this.redis.multi();
    const set = changes.flatMap(([path, record]) => (record === undefined ? [] : [[path, JSON.stringify(record)] as const]));
    const removed = changes.flatMap(([path, record]) => (record === undefined ? [path] : []));
    // Unknown to this process (never read, or written by a version before records): its records are all written anew.
    if (!this.known.has(key)) transaction.del(this.pagesKey(key));
    if (set.length > 0) transaction.hset(this.pagesKey(key), Object.fromEntries(set));
    if (removed.length > 0) transaction.hdel(this.pagesKey(key), ...removed);
    transaction.hset(this.key, { [key]: JSON.stringify({ v: VERSION, ...stored.fields }) });
    await transaction.exec();
    this.known.set(key, stored.records);
  }

  async delete(key: string): Promise<void> {
    const transaction = this.redis.multi();
    transaction.hdel(this.key, key);
    transaction.del(this.pagesKey(key));
    await transaction.exec();
    this.known.delete(key);
  }

  async list(): Promise<Map<string, TargetState>> {
    const all = await this.redis.hgetall(this.key);
    const states = new Map<string, TargetState>();
    for (const [key, raw] of Object.entries(all)) {
      const state = await this.read(key, raw);
      if (state) states.set(key, state);
    }
    return states;
  }

  private pagesKey(key: string): string {
    return `${this.prefix}:state:${key}:pages`;
  }

  /** A target from its fields' value, with its records read; undefined when damaged. */
  private async read(key: string, raw: string): Promise<TargetState | undefined> {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return undefined;
    }
    if (typeof json !== 'object' || json === null || (json as { v?: unknown }).v !== VERSION) {
      // Written before records by page: converted here, written as records by the next write.
      this.known.delete(key);
      const legacy = legacyTargetState(json);
      return 'state' in legacy ? legacy.state : undefined;
    }
    const fields = StoredFieldsSchema.safeParse(json);
    if (!fields.success) return undefined;
    const records = new Map<string, PageRecord>();
    for (const [path, value] of Object.entries(await this.redis.hgetall(this.pagesKey(key)))) {
      const record = parseRecord(value);
      if (record === undefined) {
        this.known.delete(key);
        return undefined;
      }
      records.set(path, record);
    }
    this.known.set(key, records);
    return targetStateOf({ fields: fields.data, records });
  }
}

function parseRecord(value: string): PageRecord | undefined {
  try {
    const parsed = PageRecordSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
