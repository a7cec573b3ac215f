import { exitCodeFor } from '../failure/exit-codes.js';
import { RedisUnavailableError } from '../failure/redis-unavailable-error.js';
import type { ApiClient } from '../api/api-client.js';
import type { LoadedConfig } from '../config/load-config.js';
import { redisKeyPrefix } from '../config/redis-config-schema.js';
import type { Logger } from '../logging/logger.js';
import { BullmqProducer } from '../queue/bullmq-producer.js';
import { connectRedis } from '../redis/redis-connection.js';
import { openStateStore } from '../runtime/open-state-store.js';
import type { TargetState } from '../state/state-store.js';
import type { SpaceTarget } from '../config/config-schema.js';
import { DELIVERY_STATE_KEY, type Delivery } from '../sync/resolve-delivery.js';
import { JOB_KINDS, JOBS } from '../jobs/job-kinds.js';

/** A configured space as the API describes it; `error` when it could not be read. */
export interface SpaceStatus {
  spaceId: string;
  title?: string;
  visibility?: string;
  error?: string;
  /** With `error`: the exit code of that failure (3 for a token the API refuses), what `status` exits with. */
  exitCode?: number;
}

/** How a space target writes content: as configured, and what that means on this API. */
export interface DeliveryStatus {
  target: string;
  configured: SpaceTarget['delivery'];
  /** `undecided`: `auto` asks the API at the first sync. */
  uses: Delivery | 'undecided';
}

export interface DaemonStatus {
  queues: Record<string, Record<string, number>>;
  spaces: SpaceStatus[];
  delivery: DeliveryStatus[];
  /** Per target, its state; its records by page (what it delivered, its base) are counted, not listed. */
  targets: {
    key: string;
    state: Omit<TargetState, 'delivered' | 'base'> & {
      delivered?: { pages: number; files: number };
      base?: { version?: number | undefined; commit?: string | undefined; pages: number };
    };
  }[];
  failures: { kind: string; id: string | undefined; data: unknown; reason: string; failedAt: string | undefined }[];
  /** Where Redis was looked for in vain (its URL without credentials): the targets shown are the state file's alone, with no queues or failures. */
  redisUnreachable?: string;
}

type TargetRow = DaemonStatus['targets'][number];

/**
 * Reads what `docsync status` shows: queue counts and failures from Redis, targets from the state
 * store. With `state.backend` unset, one-shot runs keep their state in the file and the daemon in
 * Redis, so both are read (per target, the later sync is shown). When Redis cannot be reached but
 * the file holds targets, they are shown with `redisUnreachable` set instead of failing; otherwise
 * throws `RedisUnavailableError` within a few seconds.
 */
export async function readStatus(loaded: LoadedConfig, logger: Logger, api?: Pick<ApiClient, 'spaces'>): Promise<DaemonStatus> {
  const { config } = loaded;
  const fromFile = config.state.backend === 'redis' ? undefined : (await openStateStore(config, loaded.baseDir, logger, { defaultBackend: 'file' })).state;
  const fileStates = fromFile ? await fromFile.list() : new Map<string, TargetState>();
  const spaces = async (): Promise<SpaceStatus[]> =>
    api
      ? readSpaces(
          api,
          config.spaces.map((t) => t.spaceId),
        )
      : [];
  let redis;
  try {
    redis = await connectRedis(config.redis, logger);
  } catch (error) {
    if (!(error instanceof RedisUnavailableError) || targetRows(fileStates).length === 0) throw error;
    return {
      queues: {},
      spaces: await spaces(),
      delivery: deliveryOf(config.spaces, fileStates.get(DELIVERY_STATE_KEY)?.delivery),
      targets: targetRows(fileStates),
      failures: [],
      redisUnreachable: error.where,
    };
  }
  const producer = new BullmqProducer(redis, redisKeyPrefix(config.redis), JOBS);
  try {
    const redisStates =
      config.state.backend === 'file'
        ? new Map<string, TargetState>()
        : await (await openStateStore(config, loaded.baseDir, logger, { defaultBackend: 'redis', redis })).state.list();
    const states = laterOf(fileStates, redisStates);
    const status: DaemonStatus = {
      queues: {},
      spaces: await spaces(),
      delivery: deliveryOf(config.spaces, states.get(DELIVERY_STATE_KEY)?.delivery),
      targets: targetRows(states),
      failures: [],
    };
    for (const kind of JOB_KINDS) {
      const queue = producer.queue(kind);
      status.queues[kind] = await queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
      for (const job of await queue.getFailed(0, 4)) {
        status.failures.push({
          kind,
          id: job.id,
          data: job.data,
          reason: job.failedReason,
          failedAt: job.finishedOn === undefined ? undefined : new Date(job.finishedOn).toISOString(),
        });
      }
    }
    status.failures.sort((a, b) => (b.failedAt ?? '').localeCompare(a.failedAt ?? ''));
    return status;
  } finally {
    await producer.close();
    redis.disconnect();
  }
}

function deliveryOf(targets: readonly SpaceTarget[], found: Delivery | undefined): DeliveryStatus[] {
  return targets.map((target): DeliveryStatus => ({
    target: target.name,
    configured: target.delivery,
    uses: target.delivery === 'auto' ? (found ?? 'undecided') : target.delivery,
  }));
}

/** Both stores' targets; a target in both is shown as its later sync left it. */
function laterOf(file: Map<string, TargetState>, redis: Map<string, TargetState>): Map<string, TargetState> {
  const states = new Map(file);
  for (const [key, state] of redis) {
    const other = states.get(key);
    if (other === undefined || (state.syncedAt ?? '') >= (other.syncedAt ?? '')) states.set(key, state);
  }
  return states;
}

/** Per target, its state; its records by page are counted, not listed. */
function targetRows(states: Map<string, TargetState>): TargetRow[] {
  const rows: TargetRow[] = [];
  for (const [key, target] of states) {
    if (key === DELIVERY_STATE_KEY) continue;
    const { delivered, base, ...rest } = target;
    rows.push({
      key,
      state: {
        ...rest,
        ...(delivered ? { delivered: { pages: delivered.pages.size, files: delivered.files.size } } : {}),
        ...(base ? { base: { ...base, pages: base.pages.size } } : {}),
      },
    });
  }
  return rows;
}

/** One `GET /spaces/{spaceId}` per configured space; a failure is shown, and does not stop the others being read. */
async function readSpaces(api: Pick<ApiClient, 'spaces'>, spaceIds: readonly string[]): Promise<SpaceStatus[]> {
  return Promise.all(
    [...new Set(spaceIds)].map(async (spaceId): Promise<SpaceStatus> => {
      try {
        const space = await api.spaces.get(spaceId);
        return { spaceId, title: space.title, visibility: space.visibility };
      } catch (error) {
        return { spaceId, error: (error as Error).message, exitCode: exitCodeFor(error) };
      }
    }),
  );
}

export function formatStatus(status: DaemonStatus): string {
  const lines: string[] = [];
  if (status.spaces.length > 0) {
    lines.push('spaces:');
    for (const space of status.spaces) {
      lines.push(
        `  ${space.spaceId.padEnd(30)} ${space.error === undefined ? `${space.title ?? ''} (${space.visibility ?? '?'})` : `unavailable: ${space.error}`}`,
      );
    }
  }
  if (status.delivery.length > 0) {
    lines.push('delivery:');
    for (const { target, configured, uses } of status.delivery) {
      const means = uses === 'undecided' ? 'decided at the first sync' : uses === 'changes' ? 'change batches, page by page' : 'zip import';
      lines.push(`  ${target.padEnd(30)} ${configured}${configured === 'auto' ? ` (${means})` : ''}`);
    }
  }
  if (status.redisUnreachable !== undefined)
    lines.push(`queues and failures: not shown, Redis at ${status.redisUnreachable} is unreachable; targets from the state file`);
  else lines.push('queues (waiting / active / delayed / completed / failed):');
  for (const [kind, c] of Object.entries(status.queues)) {
    lines.push(`  ${kind.padEnd(15)} ${[c.waiting, c.active, c.delayed, c.completed, c.failed].map((n) => String(n ?? 0).padStart(5)).join(' ')}`);
  }
  lines.push('targets:');
  for (const { key, state } of status.targets) {
    const cr = state.changeRequest ? ` change request #${state.changeRequest.number}` : '';
    lines.push(`  ${key.padEnd(30)} last sync ${state.syncedAt ?? 'never'}  ${state.lastHash?.slice(0, 12) ?? ''}${cr}`);
    const edits = state.platformEdits;
    if (edits !== undefined) {
      const commit = edits.commit === undefined ? '' : ` (commit ${edits.commit.slice(0, 12)})`;
      lines.push(`    platform edits kept ${edits.at} on ${edits.branch}${commit}:`);
      for (const page of edits.pages) lines.push(`      ${page.file}  ${page.outcome}${page.line === undefined ? '' : ` from line ${page.line}`}`);
    }
  }
  if (status.targets.length === 0) lines.push('  (none synced yet)');
  if (status.redisUnreachable !== undefined) return `${lines.join('\n')}\n`;
  lines.push('recent failures:');
  for (const f of status.failures.slice(0, 10)) lines.push(`  ${f.failedAt ?? '?'} ${f.kind} ${JSON.stringify(f.data)}: ${f.reason}`);
  if (status.failures.length === 0) lines.push('  (none)');
  return `${lines.join('\n')}\n`;
}
