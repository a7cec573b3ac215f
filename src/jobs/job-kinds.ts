import * as z from 'zod';
import { MigrateItemJobSchema } from '../migrate/migrate-item-job.js';
import type { JobCatalog, JobData as CatalogData, JobInput as CatalogInput, JobKind as CatalogKind } from '../queue/job-catalog.js';
import { jobKinds } from '../queue/job-catalog.js';

/** The reason of a sync that compares with the live content after an attempt was superseded. */
export const SUPERSEDED = 'superseded';

/**
 * Every kind of job, with the zod schema of its data. Job data names a target, never its content:
 * the processor reads the current files when it runs, so a replayed job always syncs the newest state.
 */
export const JOB_SCHEMAS = {
  'space-sync': z.object({ target: z.string().min(1), reason: z.string().default('change') }),
  'spec-publish': z.object({ slug: z.string().min(1), reason: z.string().default('change') }),
  'spec-poll': z.object({
    organizationId: z.string().min(1),
    slug: z.string().min(1),
    startedAt: z.number(),
    attempt: z.number().int().min(0).default(0),
  }),
  'site-reconcile': z.object({ reason: z.string().default('change') }),
  /** Fired by the job scheduler: enqueues every target with reason `reconcile`. */
  'reconcile-tick': z.object({}),
  /**
   * Delayed after a `space-sync` attempt stalled or lost its lock (schedule-stall-check.ts): it then
   * enqueues a sync of the target that compares with the live content. A job, not a timer, so a
   * restart between the stall and the check loses nothing.
   */
  'stall-check': z.object({ target: z.string().min(1) }),
  /** One item of a migration run (`docsync migrate --queue`): its source, target and run id. */
  'migrate-item': MigrateItemJobSchema,
} as const;

export type DocsyncJobSchemas = typeof JOB_SCHEMAS;
export type JobKind = CatalogKind<DocsyncJobSchemas>;
export type JobData<K extends JobKind> = CatalogData<DocsyncJobSchemas, K>;
export type JobInput<K extends JobKind> = CatalogInput<DocsyncJobSchemas, K>;

/** docsync's jobs, as the drivers (BullMQ, inline) take them. */
export const JOBS: JobCatalog<DocsyncJobSchemas> = {
  schemas: JOB_SCHEMAS,
  deduplicationId(kind, data) {
    if ('target' in data) return `${kind}:${data.target}`;
    if ('runId' in data) return `${kind}:${data.runId}:${data.item.id}`;
    if ('slug' in data) return `${kind}:${data.slug}`;
    return kind;
  },
};

export const JOB_KINDS: JobKind[] = jobKinds(JOBS);
