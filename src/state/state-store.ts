import * as z from 'zod';
import { RedirectPagesSchema, RedirectRecordSchema } from './redirect-record.js';

/**
 * What content batches sent somewhere: a page's `pageHash` (of its file's blob oid and its title) or a
 * file's blob oid, 40 hex digits. The 64 of a sha256, recorded before content was known by blob oid,
 * are read as not known: the sync compares that page or file with the live content, as a runner
 * without state does (no write when they match), and records it anew.
 */
const DeliveredHashSchema = z
  .string()
  .optional()
  .transform((hash) => (hash?.length === 64 ? undefined : hash));
/** A page content batches wrote: its id in the space, the hash sent, and its `updatedAt` read back. */
export const DeliveredPageSchema = z.object({ id: z.string(), hash: DeliveredHashSchema, updatedAt: z.string().optional() });
export type DeliveredPage = z.infer<typeof DeliveredPageSchema>;
/** A file content batches wrote: its id in the space and the blob oid sent. */
export const DeliveredFileSchema = z.object({ id: z.string(), hash: DeliveredHashSchema });
export type DeliveredFile = z.infer<typeof DeliveredFileSchema>;
/** A page's base: the git blob id synced, the fingerprint of its markdown and metadata, and what went live instead. */
export const BasePageSchema = z.object({
  oid: z.string(),
  fingerprint: z.string(),
  live: z.object({ oid: z.string(), fingerprint: z.string() }).optional(),
});
export type BasePage = z.infer<typeof BasePageSchema>;

/** What docsync wrote to a space page by page, by path in the docs root. */
export interface Delivered {
  readonly pages: ReadonlyMap<string, DeliveredPage>;
  readonly files: ReadonlyMap<string, DeliveredFile>;
}

/** What docsync last synced, by path in the docs root, and what the fingerprints cover. */
export interface Base {
  readonly version?: number | undefined;
  readonly commit?: string | undefined;
  readonly pages: ReadonlyMap<string, BasePage>;
}

/** The target's own fields: everything but its records by page. */
export const TargetFieldsSchema = z.object({
  /** Content hash of the bundle last imported. */
  lastHash: z.string().optional(),
  /** Commit the last import came from, when the source is a git ref. */
  lastCommit: z.string().optional(),
  /** The change request docsync keeps updating for this target. */
  changeRequest: z.object({ id: z.string(), number: z.number() }).optional(),
  /** Reviewers already asked on that change request. */
  reviewersRequested: z.array(z.string()).default([]),
  syncedAt: z.string().optional(),
  /**
   * Space targets on content batches: the revision that held content `lastHash` as `delivered`
   * records it, once read back (the change request's), and the revision of main it was merged onto
   * when merged, and `merged`, main's revision that merge made (its answer names it). A plan against
   * that revision, or against that merge, starts from the files changed since.
   */
  landed: z.object({ hash: z.string(), revision: z.string(), mergedOnto: z.string().optional(), merged: z.string().optional() }).optional(),
  /** Space targets: the content whose merge (or update from main) answered conflicts, and in which change request. */
  conflict: z.object({ hash: z.string(), changeRequest: z.number(), operation: z.enum(['merge', 'update-from-main']) }).optional(),
  /** The API (key `api:delivery`): how `delivery: auto` found content must be written. */
  delivery: z.enum(['changes', 'import']).optional(),
  /**
   * Space targets keeping platform edits: the space's main revision a run found holding what docsync
   * left there. While git is unchanged and main stays at it, a run reads that and nothing else.
   */
  seenRevision: z.string().optional(),
  /** Space targets: the pages the platform changed that the last sync to find any kept, and the branch they went to. */
  platformEdits: z
    .object({
      branch: z.string(),
      commit: z.string().optional(),
      pages: z.array(z.object({ file: z.string(), outcome: z.enum(['edited', 'merged', 'conflict', 'removed', 'moved']), line: z.number().optional() })),
      at: z.string(),
    })
    .optional(),
  /** Space targets: the redirects docsync keeps in the site the space is published in. */
  redirects: RedirectRecordSchema.optional(),
  /** Space targets keeping redirects: where each page was as the last sync that read main left it. */
  redirectPages: RedirectPagesSchema.optional(),
  /** Spec targets: id of the version docsync last published (`lastHash` is the hash it sent). */
  lastVersion: z.string().optional(),
  /** Spec targets: the files the last published text was built from (relative to the root file's folder) and their fingerprint. */
  specSources: z.object({ files: z.array(z.string()).min(1), hash: z.string(), bytes: z.number() }).optional(),
  /** Site targets: manifest identity (`section:<key>`, `group:<key>`, `space:<key>`, `link:<name>`) → live id. */
  siteIds: z.record(z.string(), z.string()).optional(),
  /** Migration ledger entries (`migrate:<runId>`, `migrate:<runId>:<itemId>`); src/migrate validates the shape. */
  migration: z.record(z.string(), z.unknown()).optional(),
});
export type TargetFields = z.infer<typeof TargetFieldsSchema>;

/** What docsync remembers about one target between runs. Losing it costs API reads, never duplicates. */
export interface TargetState extends TargetFields {
  /**
   * Space targets on content batches: what docsync wrote, by path in the docs root: the page or file
   * id and the hash sent, a page's `pageHash` or a file's blob oid (and the page's `updatedAt` read
   * back, so an edit made since shows).
   */
  delivered?: Delivered | undefined;
  /**
   * Space targets: what docsync last synced, the base that tells which side changed a page since.
   * Per page (path in the docs root): the git blob id sent and the fingerprint of its markdown and
   * metadata as docsync normalizes them; `live` when the page went live with other content than
   * that blob (the platform's version kept, a three-way merge): its blob id and fingerprint, so later
   * runs leave it as it is until git or the platform changes the page again. `version`: what the
   * fingerprints cover (absent before they covered titles and layouts).
   */
  base?: Base | undefined;
}

/** Keyed by `<kind>:<target name>`, so spaces, specs and sites share one store. */
export interface StateStore {
  get(key: string): Promise<TargetState | undefined>;
  set(key: string, state: TargetState): Promise<void>;
  delete(key: string): Promise<void>;
  list(): Promise<Map<string, TargetState>>;
}
