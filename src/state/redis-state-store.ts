import { ConfigError } from '../config/config-error.js';
import { HashRecords } from './hash-records.js';
import { legacyTargetState } from './legacy-target-state.js';
import { PageRecordSchema, recordAt, StoredFieldsSchema, storedFields, storedTarget, type PageRecord } from './page-record.js';
import { changedPaths, viewedState } from './record-view.js';
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
 * changed since this process read or wrote the target, in one transaction with its fields. A record
 * is decoded on first use, as the file store decodes it: a one-page edit of 30,000 pages decodes and
 * writes the few it touches. Fields that fail their schema are treated as absent (docsync then finds
 * its change request through the API rather than trusting them); a damaged record, found when used,
 * is an error naming its hash and path.
 */
export class RedisStateStore implements StateStore {
  private readonly key: string;
  /** Each target's state as this process last read or wrote it: what a write is the change of. */
  private readonly known = new Map<string, TargetState>();

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
    const previous = this.known.get(key);
    // Unknown to this process (never read, or written by a version before records): its records are all written anew.
    const changes =
      previous === undefined ? [...storedTarget(state).records] : [...changedPaths(previous, state)].map((path) => [path, recordAt(state, path)] as const);
    const transaction = this.redis.multi();
    const set = changes.flatMap(([path, record]) => (record === undefined ? [] : [[path, JSON.stringify(record)] as const]));
    const removed = changes.flatMap(([path, record]) => (record === undefined ? [path] : []));
    if (previous === undefined) transaction.del(this.pagesKey(key));
    if (set.length > 0) transaction.hset(this.pagesKey(key), Object.fromEntries(set));
    if (removed.length > 0) transaction.hdel(this.pagesKey(key), ...removed);
    transaction.hset(this.key, { [key]: JSON.stringify({ v: VERSION, ...storedFields(state) }) });
    await transaction.exec();
    this.known.set(key, state);
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

  /** A target from its fields' value, its records viewed, not decoded; undefined when its fields are damaged. */
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
    const pagesKey = this.pagesKey(key);
    const records = new HashRecords(await this.redis.hgetall(pagesKey), (path, text) => decodeRecord(pagesKey, path, text));
    const state = viewedState(fields.data, records);
    this.known.set(key, state);
    return state;
  }
}

/** A record's value, checked; a damaged one names its hash and path, and what to do (a permanent error: a retry reads the same). */
function decodeRecord(hash: string, path: string, text: string): PageRecord {
  const damaged = (problem: string, cause: unknown): ConfigError =>
    new ConfigError(
      `the record of ${path} ${problem}; delete the hash (and its target's field in the state hash) and docsync will find its change requests through the API`,
      `Redis hash ${hash}`,
      undefined,
      undefined,
      { cause },
    );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw damaged('is not valid JSON', error);
  }
  const parsed = PageRecordSchema.safeParse(json);
  if (!parsed.success) throw damaged(`is not in the expected shape (${parsed.error.issues[0]?.message ?? 'invalid'})`, parsed.error);
  return parsed.data;
}
