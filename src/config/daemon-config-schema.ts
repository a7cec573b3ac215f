import * as z from 'zod';
import { Duration } from './duration.js';

/** `docsync daemon`, `watch` and `worker`. */
export const DaemonConfigSchema = z.object({
  reconcileInterval: Duration.default(10 * 60_000).describe('How often every target is re-checked to heal drift and catch missed edits. Default 10m.'),
  concurrency: z.number().int().min(1).max(64).default(2).describe('Jobs of one kind a worker process runs at once. Default 2.'),
  shutdownGrace: Duration.default(30_000).describe('On SIGTERM, how long active jobs may run before being closed forcibly. Default 30s.'),
  lockDuration: Duration.refine((ms) => ms >= 1_000, { message: 'use at least 1s' })
    .default(30_000)
    .describe(
      'How long a worker holds a job between lock renewals. A job whose worker died (kill -9, lost machine) runs again after at most about twice this. Default 30s.',
    ),
  debounce: Duration.default(500).describe('Quiet time after a file event before a target is synced. Default 500ms.'),
});
