import type { LoadedConfig } from '../config/load-config.js';
import type { Logger } from '../logging/logger.js';
import { BullmqProducer } from '../queue/bullmq-producer.js';
import { JOB_KINDS } from '../queue/job-kinds.js';
import { createRedisConnection } from '../queue/redis-connection.js';
import { openStateStore } from '../runtime/open-state-store.js';
import type { TargetState } from '../state/state-store.js';

export interface DaemonStatus {
  queues: Record<string, Record<string, number>>;
  targets: { key: string; state: TargetState }[];
  failures: { kind: string; id: string | undefined; data: unknown; reason: string; failedAt: string | undefined }[];
}

/** Reads what `docsync status` shows, straight from Redis (and the state store). */
export async function readStatus(loaded: LoadedConfig, logger: Logger): Promise<DaemonStatus> {
  const { config } = loaded;
  const redis = createRedisConnection(config.redis.url, 'admin', logger);
  const producer = new BullmqProducer(redis, config.redis.prefix);
  try {
    const { state } = await openStateStore(config, loaded.baseDir, logger, { defaultBackend: 'redis', redis });
    const status: DaemonStatus = { queues: {}, targets: [], failures: [] };
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
    for (const [key, target] of await state.list()) status.targets.push({ key, state: target });
    status.failures.sort((a, b) => (b.failedAt ?? '').localeCompare(a.failedAt ?? ''));
    return status;
  } finally {
    await producer.close();
    redis.disconnect();
  }
}

export function formatStatus(status: DaemonStatus): string {
  const lines = ['queues (waiting / active / delayed / completed / failed):'];
  for (const [kind, c] of Object.entries(status.queues)) {
    lines.push(`  ${kind.padEnd(15)} ${[c.waiting, c.active, c.delayed, c.completed, c.failed].map((n) => String(n ?? 0).padStart(5)).join(' ')}`);
  }
  lines.push('targets:');
  for (const { key, state } of status.targets) {
    const cr = state.changeRequest ? ` change request #${state.changeRequest.number}` : '';
    lines.push(`  ${key.padEnd(30)} last sync ${state.syncedAt ?? 'never'}  ${state.lastHash?.slice(0, 12) ?? ''}${cr}`);
  }
  if (status.targets.length === 0) lines.push('  (none synced yet)');
  lines.push('recent failures:');
  for (const f of status.failures.slice(0, 10)) lines.push(`  ${f.failedAt ?? '?'} ${f.kind} ${JSON.stringify(f.data)}: ${f.reason}`);
  if (status.failures.length === 0) lines.push('  (none)');
  return `${lines.join('\n')}\n`;
}
