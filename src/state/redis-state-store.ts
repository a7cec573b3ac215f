import { storedTargetState, TargetStateSchema, type StateStore, type TargetState } from './state-store.js';

/** The few hash commands the store needs; an ioredis client fits as is. */
export interface RedisHashCommands {
  hget(key: string, field: string): Promise<string | null>;
  hset(key: string, field: string, value: string): Promise<number>;
  hdel(key: string, field: string): Promise<number>;
  hgetall(key: string): Promise<Record<string, string>>;
}

/**
 * State in one Redis hash (`<prefix>:state`), shared by every watcher and worker of a deployment.
 * A field that fails its schema is treated as absent: docsync then finds its change request
 * through the API rather than trusting a damaged record.
 */
export class RedisStateStore implements StateStore {
  private readonly key: string;

  constructor(
    private readonly redis: RedisHashCommands,
    prefix: string,
  ) {
    this.key = `${prefix}:state`;
  }

  async get(key: string): Promise<TargetState | undefined> {
    const raw = await this.redis.hget(this.key, key);
    return raw === null ? undefined : parse(raw);
  }

  async set(key: string, state: TargetState): Promise<void> {
    await this.redis.hset(this.key, key, JSON.stringify(storedTargetState(state)));
  }

  async delete(key: string): Promise<void> {
    await this.redis.hdel(this.key, key);
  }

  async list(): Promise<Map<string, TargetState>> {
    const all = await this.redis.hgetall(this.key);
    const states = new Map<string, TargetState>();
    for (const [key, raw] of Object.entries(all)) {
      const state = parse(raw);
      if (state) states.set(key, state);
    }
    return states;
  }
}

function parse(raw: string): TargetState | undefined {
  try {
    const result = TargetStateSchema.safeParse(JSON.parse(raw));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
