import * as z from 'zod';

/**
 * An object of strings by string, checked in one pass over it: a record of 30,000 pages is read on
 * every run, and `z.record` checked it entry by entry into a copy, several times slower.
 */
const StringMapSchema = z.custom<Record<string, string>>(
  (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    for (const entry of Object.values(value)) if (typeof entry !== 'string') return false;
    return true;
  },
  { message: 'expected an object of strings' },
);

/**
 * What docsync remembers about a space target's redirects (state key `redirects`): the site it found
 * the space in, the redirects it made there (by source), the redirects it made for pages a sync moved,
 * and where each page was, so the next sync sees a move. Losing it costs reads; redirects docsync
 * made then stay until removed by hand, since only recorded ones are ever deleted.
 */
export const RedirectRecordSchema = z.object({
  /** The site and site space the space is published in; absent when it is in none. */
  site: z.object({ orgId: z.string(), siteId: z.string(), siteSpaceId: z.string(), prefix: z.string() }).optional(),
  /** Sources of the live redirects docsync created or updated. */
  made: z.array(z.string()).default([]),
  /** Redirects from a moved page's old path: source → page id. */
  moved: StringMapSchema.default({}),
  /** Page id → its path in the space, as the last sync left main. */
  pages: StringMapSchema.default({}),
  /** Page id → the git blob id main holds it from, where the API says it: a renamed page re-created under a new id is found by it. */
  blobs: StringMapSchema.default({}),
  /** `.gitbook.yaml` redirects waiting for their page to reach main (`old → file`). */
  pending: z.array(z.string()).default([]),
  /** The content and `.gitbook.yaml` redirects last kept: a re-run that writes nothing reads nothing. */
  settled: z.string().optional(),
});
export type RedirectRecord = z.infer<typeof RedirectRecordSchema>;
