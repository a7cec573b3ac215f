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
 * the space in, the redirects it made there (by source), and what the last run settled. Small, read on
 * every run; where the pages were is {@link RedirectPages}. Losing it costs reads; redirects docsync
 * made then stay until removed by hand, since only recorded ones are ever deleted.
 */
export const RedirectRecordSchema = z.object({
  /** The site and site space the space is published in; absent when it is in none. */
  site: z.object({ orgId: z.string(), siteId: z.string(), siteSpaceId: z.string(), prefix: z.string() }).optional(),
  /** Sources of the live redirects docsync created or updated. */
  made: z.array(z.string()).default([]),
  /** `.gitbook.yaml` redirects waiting for their page to reach main (`old → file`). */
  pending: z.array(z.string()).default([]),
  /** The content and `.gitbook.yaml` redirects last kept: a re-run that writes nothing reads nothing. */
  settled: z.string().optional(),
});
export type RedirectRecord = z.infer<typeof RedirectRecordSchema>;

/**
 * Where each page was as the last sync that read main left it (state key `redirectPages`), so the
 * next sync sees a move: a field of its own, by page, read only by a run whose layout changed.
 */
export const RedirectPagesSchema = z.object({
  /** Redirects from a moved page's old path: source → page id. */
  moved: StringMapSchema.default({}),
  /** Page id → its path in the space, as the last sync left main. */
  pages: StringMapSchema.default({}),
  /** Page id → the git blob id main holds it from, where the API says it: a renamed page re-created under a new id is found by it. */
  blobs: StringMapSchema.default({}),
});
export type RedirectPages = z.infer<typeof RedirectPagesSchema>;

/**
 * A target's fields as read, with redirect pages written inside `redirects` (before they were a
 * field of their own) moved to `redirectPages`.
 */
export function liftRedirectPages(fields: unknown): unknown {
  if (typeof fields !== 'object' || fields === null) return fields;
  const { redirects, ...rest } = fields as Readonly<Record<string, unknown>>;
  if (typeof redirects !== 'object' || redirects === null) return fields;
  const { moved, pages, blobs, ...record } = redirects as Readonly<Record<string, unknown>>;
  if (moved === undefined && pages === undefined && blobs === undefined) return fields;
  return { ...rest, redirects: record, redirectPages: rest['redirectPages'] ?? { moved, pages, blobs } };
}

/**
 * Redirect pages from their JSON text's bytes, parsed and checked when first used: a one-page edit whose
 * layout is settled never reads the 30,000 pages' paths. `damaged` is the error a text that is not
 * redirect pages throws, at that first use.
 */
export function lazyRedirectPages(text: Buffer, damaged: (problem: string, cause: unknown) => Error): RedirectPages {
  let pages: RedirectPages | undefined;
  const read = (): RedirectPages => {
    if (pages === undefined) {
      let json: unknown;
      try {
        json = JSON.parse(text.toString());
      } catch (error) {
        throw damaged('is not valid JSON', error);
      }
      const parsed = RedirectPagesSchema.safeParse(json);
      if (!parsed.success) throw damaged(`is not in the expected shape (${parsed.error.issues[0]?.message ?? 'invalid'})`, parsed.error);
      pages = parsed.data;
    }
    return pages;
  };
  const part = (name: keyof RedirectPages): PropertyDescriptor => ({ enumerable: true, get: () => read()[name] });
  return Object.defineProperties({}, { moved: part('moved'), pages: part('pages'), blobs: part('blobs') }) as RedirectPages;
}
