import type * as z from 'zod';

/** zod schemas of job data by job kind. The queue knows no kind of its own: workers/ defines them. */
export type JobSchemas = Record<string, z.ZodType>;

export type JobKind<S extends JobSchemas> = keyof S & string;
export type JobData<S extends JobSchemas, K extends JobKind<S>> = z.output<S[K]>;
export type JobInput<S extends JobSchemas, K extends JobKind<S>> = z.input<S[K]>;

/** The job kinds a driver runs: each one's data schema, and which jobs count as the same. */
export interface JobCatalog<S extends JobSchemas> {
  readonly schemas: S;
  /** One deduplication id per target, so at most one job runs and one waits per target. */
  deduplicationId(kind: JobKind<S>, data: JobData<S, JobKind<S>>): string;
}

/** The kinds of a catalog, in the order its schemas list them. */
export function jobKinds<S extends JobSchemas>(jobs: JobCatalog<S>): JobKind<S>[] {
  return Object.keys(jobs.schemas);
}

/** `input` parsed by the schema of `kind` (defaults filled in); throws a ZodError when it does not fit. */
export function parseJobData<S extends JobSchemas, K extends JobKind<S>>(jobs: JobCatalog<S>, kind: K, input: unknown): JobData<S, K> {
  const schema = jobs.schemas[kind];
  if (schema === undefined) throw new Error(`No job kind "${kind}" is registered.`);
  return schema.parse(input) as JobData<S, K>;
}
