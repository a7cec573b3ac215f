import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import type { DocsSnapshot, SnapshotFile } from './docs-snapshot.js';
import type { PageMeta } from './parse-page-meta.js';
import type { DerivedPage } from './read-docs-repo.js';
import { escape, type LineCodec, PageMap, unescape } from '../state/page-map.js';
import type { TreeEntry } from './tree-source.js';
import { writeFileAtomically } from './write-file-atomically.js';

/** Bump when the reader derives something else from the same files: a kept read of another version is not used. */
export const KEPT_READ_VERSION = 6;

/**
 * A whole read of a target's docs as the last sync used it, kept in `.docsync/` so the next one-shot
 * run reads only what changed since: the listing it came from (and the commit, for a git source),
 * the snapshot, and what each page's file derived (to tell an edit of content from one that changes
 * the table of contents).
 */
export interface KeptRead {
  /** What the read depended on beyond the files (the reader's version, the target's options). */
  readonly key: string;
  /** The commit read, for a git source. */
  readonly commit: string | undefined;
  readonly listing: readonly TreeEntry[];
  /**
   * For a worktree in a git repository: the commit checked out and the files git said may differ from
   * it (paths from the source's top), taken before the listing. The next run stats only those, what
   * git says differs now, and what the commit's move changed.
   */
  readonly status: { readonly head: string | undefined; readonly paths: readonly string[] } | undefined;
  readonly snapshot: DocsSnapshot;
  /**
   * By path from the source's top, each as JSON, kept as the text of a table: a one-page edit parses
   * the one page it read again ({@link keptPage}) and rewrites its line, not what 10,000 others derived.
   */
  readonly pages: PageMap<string>;
  /** Git blob ids of files read from a working tree, by the sha256 of their bytes: an unchanged file is not read again to name its blob. */
  readonly blobs: PageMap<string>;
}

/** A kept read's table of derivations: the path, then the JSON (which holds no raw tab nor line break). */
const DERIVATIONS: LineCodec<string> = { entryOf: (fields) => unescape(fields[1] ?? ''), fieldsOf: (json) => escape(json) };

/** What a page of the kept read derived. */
export function keptPage(kept: KeptRead, path: string): DerivedPage | undefined {
  const text = kept.pages.get(path);
  if (text === undefined) return undefined;
  const [meta, outlineTitle] = JSON.parse(text) as [PageMeta, string | null];
  return { meta, outlineTitle: outlineTitle ?? undefined };
}

/** Each page's derivation as a kept read holds it. */
/** Blob ids by content hash, for {@link KeptRead.blobs}. */
export function keptBlobs(entries: Iterable<readonly [hash: string, oid: string]> = []): PageMap<string> {
  return PageMap.of(BLOB_OIDS, entries);
}

const BLOB_OIDS: LineCodec<string> = { entryOf: (fields) => fields[1] ?? '', fieldsOf: (oid) => oid };

export function keptPages(pages: ReadonlyMap<string, DerivedPage>): PageMap<string> {
  return PageMap.of(DERIVATIONS, [...pages].map(([path, page]) => [path, keptPageText(page)] as const));
}

export function keptPageText(page: DerivedPage): string {
  return JSON.stringify([page.meta, page.outlineTitle ?? null]);
}

const HeaderSchema = z.object({ version: z.literal(KEPT_READ_VERSION), key: z.string(), sha256: z.string() });

/** A file of the snapshot as kept: one docsync wrote holds its bytes as base64. */
type KeptFile = { path: string; size: number; hash: string } & ({ sourcePath: string } | { base64: string });
/**
 * Listing entries and files as objects, not rows: `JSON.parse` makes them as they are used, where rows
 * each made an array to map (a quarter more time to load 10,000 of each, and the garbage of it).
 */
interface Body {
  commit: string | null;
  /** A listing entry without a token has no `token` key: read back, the same as an undefined one. */
  listing: { path: string; size: number; token?: string }[];
  status: { head: string | null; paths: string[] } | null;
  snapshot: Omit<DocsSnapshot, 'files'> & { files: KeptFile[] };
  pages: string;
  blobs: string;
}

/**
 * The read kept in `file` when it was kept under `key`; undefined when there is none, or it is of
 * another version or key, or not byte for byte what docsync wrote (its body's sha256 is in its
 * header): a kept read only ever saves time.
 */
export async function loadKeptRead(file: string, key: string): Promise<KeptRead | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  const newline = text.indexOf('\n');
  let header: z.infer<typeof HeaderSchema>;
  try {
    header = HeaderSchema.parse(JSON.parse(text.slice(0, newline)));
  } catch {
    return undefined;
  }
  const body = text.slice(newline + 1);
  if (header.key !== key || createHash('sha256').update(body).digest('hex') !== header.sha256) return undefined;
  // Checked whole by its hash: the body is what this version of docsync wrote.
  const parsed = JSON.parse(body) as Body;
  // The few files docsync wrote get their bytes back; the others are used as parsed.
  const files = parsed.snapshot.files as (KeptFile | SnapshotFile)[];
  files.forEach((file, index) => {
    if ('base64' in file) files[index] = { path: file.path, size: file.size, hash: file.hash, bytes: Buffer.from(file.base64, 'base64') };
  });
  return {
    key,
    commit: parsed.commit ?? undefined,
    listing: parsed.listing as TreeEntry[],
    status: parsed.status === null ? undefined : { head: parsed.status.head ?? undefined, paths: parsed.status.paths },
    snapshot: { ...parsed.snapshot, files: files as SnapshotFile[] },
    pages: PageMap.fromText(DERIVATIONS, parsed.pages),
    blobs: PageMap.fromText(BLOB_OIDS, parsed.blobs),
  };
}

/** Writes `kept` to `file` (atomically). */
export async function saveKeptRead(file: string, kept: KeptRead): Promise<void> {
  const { files, ...snapshot } = kept.snapshot;
  const body: Body = {
    commit: kept.commit ?? null,
    listing: kept.listing.map((entry) => (entry.token === undefined ? { path: entry.path, size: entry.size } : { path: entry.path, size: entry.size, token: entry.token })),
    status: kept.status === undefined ? null : { head: kept.status.head ?? null, paths: [...kept.status.paths] },
    snapshot: {
      ...snapshot,
      files: files.map(({ path, size, hash, sourcePath, bytes }): KeptFile =>
        sourcePath !== undefined ? { path, size, hash, sourcePath } : { path, size, hash, base64: Buffer.from(bytes).toString('base64') },
      ),
    },
    pages: kept.pages.toText(),
    blobs: kept.blobs.toText(),
  };
  const text = JSON.stringify(body);
  const header = { version: KEPT_READ_VERSION, key: kept.key, sha256: createHash('sha256').update(text).digest('hex') };
  await writeFileAtomically(file, `${JSON.stringify(header)}\n${text}`);
}
