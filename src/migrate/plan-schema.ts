import * as z from 'zod';
import { SecretRedactor } from '../logging/redact-secrets.js';

/** Import sources the API fetches itself, from a URL passed as is. */
export const URL_SOURCE_KINDS = ['website', 'html', 'markdown', 'zip'] as const;
export type UrlSourceKind = (typeof URL_SOURCE_KINDS)[number];

/** Every kind of source a migration item can read from. */
export const SOURCE_KINDS = ['folder', 'git', 'space', ...URL_SOURCE_KINDS] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Where an item's content comes from, after the plan is loaded (paths absolute, defaults filled). */
export const SourceSpecSchema = z.discriminatedUnion('kind', [
  /** A GitBook-format folder on disk. */
  z.object({ kind: z.literal('folder'), path: z.string().min(1) }),
  /** A git repository (URL or local path), cloned into the cache; `subfolder` holds `.gitbook.yaml`. */
  z.object({ kind: z.literal('git'), url: z.string().min(1), ref: z.string().min(1), subfolder: z.string() }),
  /** Another space, read through the API as `docsync pull` does. */
  z.object({ kind: z.literal('space'), spaceId: z.string().min(1) }),
  z.object({ kind: z.enum(URL_SOURCE_KINDS), url: z.url() }),
]);
export type SourceSpec = z.infer<typeof SourceSpecSchema>;

export const ITEM_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;
export const ITEM_ID_RULE = 'use letters, digits, ".", "_" or "-" (max 40), starting with a letter or digit';

export const MigrationModeSchema = z.enum(['change-request', 'direct']);
export type MigrationMode = z.infer<typeof MigrationModeSchema>;

/** How an item's content is written, as a sync target's `delivery`: `auto` asks the API which it offers. */
export const MigrationDeliverySchema = z.enum(['auto', 'changes', 'import']);
export type MigrationDelivery = z.infer<typeof MigrationDeliverySchema>;

/** Default subject of a migration's change requests; `{item}`, `{source}`, `{space}`, `{commit.subject}`, `{commit.sha}`. */
export const DEFAULT_SUBJECT = 'Migrate {item} from {source}';

/** One item of a plan: a source and the space it goes into, and how. */
export const MigrationItemSchema = z.object({
  /** Stable name: it keys the run ledger and marks the item's change request. */
  id: z.string().regex(ITEM_ID, { message: ITEM_ID_RULE }),
  /** Target space id. */
  space: z.string().min(1),
  source: SourceSpecSchema,
  /** `change-request` (default) imports into a change request; `direct` into the space's main content. */
  mode: MigrationModeSchema,
  /** Merge the change request once imported and verified. Change-request mode only. */
  merge: z.boolean(),
  /** Change request subject template, cut to 100 characters with docsync's marker. */
  subject: z.string().min(1),
  /** `changes` or `import`; absent is `auto` (left out so that plans without it keep their run ids). */
  delivery: MigrationDeliverySchema.exclude(['auto']).optional(),
});
export type MigrationItem = z.infer<typeof MigrationItemSchema>;

/** A loaded plan. */
export interface MigrationPlan {
  /** Absolute path of the plan file. */
  readonly file: string;
  readonly items: readonly MigrationItem[];
}

/** A short description of a source, for reports, subjects and the run ledger (never a URL's credentials or signature). */
export function sourceLabel(source: SourceSpec): string {
  switch (source.kind) {
    case 'folder':
      return source.path;
    case 'git': {
      const where = source.subfolder === '' ? '' : `:${source.subfolder}`;
      return `${displayUrl(source.url)}@${source.ref}${where}`;
    }
    case 'space':
      // Lines print the kind before the label: "space old-docs", not "space space old-docs".
      return source.spaceId;
    default:
      return displayUrl(source.url);
  }
}

const unsigned = new SecretRedactor();

/**
 * A source URL as output may show it: `https://user:token@host/x` → `https://***@host/x`, and a
 * signed URL (`?X-Amz-Signature=…`, `?signature=`, `?token=`) without its query, since anyone holding
 * it can fetch the source until it expires.
 */
export function displayUrl(url: string): string {
  return redactCredentials(unsigned.text(url));
}

function redactCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1***@');
}
