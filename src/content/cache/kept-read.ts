import { open } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import * as z from 'zod';
import type { KnownFiles } from '../content-loader.js';
import { relativeTo } from '../gitbook/doc-path.js';
import type { DocsSnapshot, PageGroup, SnapshotFile } from '../gitbook/docs-snapshot.js';
import { JsonText } from './json-text.js';
import type { PageMeta } from '../gitbook/parse-page-meta.js';
import type { DerivedPage } from '../read-docs-repo.js';
import { escape, type LineCodec, PageMap, unescape } from '../../state/page-map.js';
import { readWholeFile } from '../../state/read-whole-file.js';
import { type SnapshotHead, snapshotHead, type SnapshotTables, snapshotTables, TABLE_FILES, tabledSnapshot, TITLES } from './snapshot-tables.js';
import type { TreeEntry } from '../tree-source.js';
import { writeFileAtomically } from './write-file-atomically.js';

/** Bump when the reader derives something else from the same files: a kept read of another version is not used. */
export const KEPT_READ_VERSION = 11;

/** A file of a listing as a kept read holds it, by its path from the source's top. */
export interface ListedFile {
  readonly size: number;
  /** As {@link TreeEntry.token}: undefined when the source could not vouch for it. */
  readonly token: string | undefined;
}

/**
 * A whole read of a target's docs as the last sync used it, kept in `.docsync/` so the next one-shot
 * run reads only what changed since: the listing it came from (and the commit, for a git source),
 * the snapshot, and what each page's file derived (to tell an edit of content from one that changes
 * the table of contents). Its maps are tables of text: a one-page edit reads and rewrites a few lines
 * of each, and parses none of the 10,000 others.
 */
export interface KeptRead {
  /** What the read depended on beyond the files (the reader's version, the target's options). */
  readonly key: string;
  /** The commit read, for a git source. */
  readonly commit: string | undefined;
  /** The listing, in its order (sorted by path). */
  readonly listing: PageMap<ListedFile>;
  /** Paths of the listing whose token is undefined (modified too recently to trust): stat'ed again by the next run. */
  readonly untrusted: readonly string[];
  /**
   * For a worktree in a git repository: the commit checked out and the files git said may differ from
   * it (paths from the source's top), taken before the listing. The next run stats only those, what
   * git says differs now, and what the commit's move changed.
   */
  readonly status: { readonly head: string | undefined; readonly paths: readonly string[] } | undefined;
  /** The snapshot; loaded, its files and page tree come from {@link tables} when first used. */
  readonly snapshot: DocsSnapshot;
  readonly tables: SnapshotTables;
  /** What each page derived, by path from the source's top (as JSON in the file, decoded when looked up). */
  readonly pages: PageMap<DerivedPage>;
}

/**
 * The text of each table of a loaded kept read and the bytes it was decoded from, by the table: a
 * table a patched read keeps as it was (the page tree of 30,000 pages, on an edit of content) is
 * written back as those bytes, not encoded again.
 */
const loadedBytes = new WeakMap<object, readonly [text: string, bytes: Buffer]>();

const LISTED: LineCodec<ListedFile> = {
  entryOf: (fields) => ({ size: Number(fields[1]), token: fields[2] ? unescape(fields[2]) : undefined }),
  fieldsOf: (file) => `${file.size}\t${escape(file.token ?? '')}`,
};
/** A kept read's table of derivations: the path, then the JSON (which holds no raw tab nor line break). */
const DERIVATIONS: LineCodec<DerivedPage> = {
  entryOf: (fields) => {
    const [meta, outlineTitle] = JSON.parse(unescape(fields[1] ?? '')) as [PageMeta, string | null];
    return { meta, outlineTitle: outlineTitle ?? undefined };
  },
  fieldsOf: (page) => escape(JSON.stringify([page.meta, page.outlineTitle ?? null])),
};

/** A listing as a kept read holds it. */
export function keptListing(listing: readonly TreeEntry[]): PageMap<ListedFile> {
  return PageMap.of(
    LISTED,
    listing.map((entry) => [entry.path, { size: entry.size, token: entry.token }] as const),
  );
}

/** The kept read of a whole read. */
export function keptRead(read: Omit<KeptRead, 'listing' | 'untrusted' | 'tables'> & { readonly listing: readonly TreeEntry[] }): KeptRead {
  const untrusted = read.listing.flatMap((entry) => (entry.token === undefined ? [entry.path] : []));
  return { ...read, listing: keptListing(read.listing), untrusted, tables: snapshotTables(read.snapshot) };
}

/**
 * What the kept read derived from each file it read (its blob oid, a page's metadata), while the file
 * is listed with the change token it had then: a whole read reads only the others. Derived from the
 * bytes alone, so it holds whatever the key: the token (a blob oid, or size:mtime) names the bytes.
 */
export function keptFiles(kept: KeptRead): KnownFiles {
  return (path, token) => {
    if (kept.listing.get(path)?.token !== token) return undefined;
    const inRoot = relativeTo(kept.snapshot.root, path);
    const file = inRoot === undefined ? undefined : kept.tables.files.get(inRoot);
    if (file === undefined) return undefined;
    const page = kept.pages.get(path)?.meta;
    return page === undefined ? { size: file.size, oid: file.oid } : { size: file.size, oid: file.oid, page };
  };
}

/** Each page's derivation as a kept read holds it. */
export function keptPages(pages: ReadonlyMap<string, DerivedPage>): PageMap<DerivedPage> {
  return PageMap.of(DERIVATIONS, pages);
}

/** The body's sections, one after the other: {@link Meta} as JSON, the listing, files and titles tables, the page tree as JSON, the derivations table. */
const SECTIONS = 6;

const HeaderSchema = z.object({
  version: z.literal(KEPT_READ_VERSION),
  key: z.string(),
  /** The commit read, in the header so that {@link keptReadCommit} needs no more. */
  commit: z.string().nullable(),
  sha256: z.string(),
  /** Bytes of each section. */
  lengths: z.array(z.number().int().nonnegative()).length(SECTIONS),
});

/** A file docsync wrote, as kept: its bytes as base64. */
type KeptGenerated = { path: string; size: number; oid: string; base64: string };
interface Meta {
  status: { head: string | null; paths: string[] } | null;
  untrusted: string[];
  snapshot: SnapshotHead;
  generated: KeptGenerated[];
  pageCount: number;
  /** Lines of the listing and files tables, so that neither is counted. */
  sizes: { listing: number; files: number };
}

/**
 * The read kept in `file` (under `key` when given, else under any); undefined when there is none, or
 * it is of another version or key, or not byte for byte what docsync wrote (its body's sha256 is in
 * its header): a kept read only ever saves time. Only its small head is parsed: the tables stay text.
 */
export async function loadKeptRead(file: string, key?: string): Promise<KeptRead | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readWholeFile(file);
  } catch {
    return undefined;
  }
  const header = headerOf(bytes, key);
  if (header === undefined) return undefined;
  const body = bytes.subarray(header.length);
  if (createHash('sha256').update(body).digest('hex') !== header.sha256) return undefined;
  // Checked whole by its hash: the body is what this version of docsync wrote.
  const sections: (readonly [string, Buffer])[] = [];
  let at = 0;
  for (const length of header.lengths) {
    const bytes = body.subarray(at, at + length);
    sections.push([bytes.toString('utf8'), bytes]);
    at += length;
  }
  const [metaText = '', listing = '', files = '', titles = '', tree = '', pages = ''] = sections.map(([text]) => text);
  const meta = JSON.parse(metaText) as Meta;
  const tables: SnapshotTables = {
    files: PageMap.fromText(TABLE_FILES, files, meta.sizes.files),
    generated: meta.generated.map(({ path, size, oid, base64 }) => ({ path, size, oid, bytes: Buffer.from(base64, 'base64') })),
    titles: PageMap.fromText(TITLES, titles),
    tree: JsonText.fromText<readonly PageGroup[]>(tree),
    pageCount: meta.pageCount,
  };
  const kept: KeptRead = {
    key: header.key,
    commit: header.commit ?? undefined,
    listing: PageMap.fromText(LISTED, listing, meta.sizes.listing),
    untrusted: meta.untrusted,
    status: meta.status === null ? undefined : { head: meta.status.head ?? undefined, paths: meta.status.paths },
    snapshot: tabledSnapshot(meta.snapshot, tables),
    tables,
    pages: PageMap.fromText(DERIVATIONS, pages),
  };
  tablesOf(kept).forEach(([table], i) => {
    const section = sections[i + 1];
    if (section !== undefined) loadedBytes.set(table, section);
  });
  return kept;
}

/** A kept read's tables and their texts, in the order of the sections after its meta. */
function tablesOf(kept: KeptRead): (readonly [table: object, text: () => string])[] {
  const { listing, tables, pages } = kept;
  return [
    [listing, () => listing.toText()],
    [tables.files, () => tables.files.toText()],
    [tables.titles, () => tables.titles.toText()],
    [tables.tree, () => tables.tree.text()],
    [pages, () => pages.toText()],
  ];
}

/**
 * The commit of the read kept in `file` under `key`, from its header alone (one small read): git can
 * be asked what changed since while the rest loads. Unchecked: only the loaded read says it holds.
 */
export async function keptReadCommit(file: string, key: string): Promise<string | undefined> {
  try {
    const handle = await open(file, 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
      return headerOf(buffer.subarray(0, bytesRead), key)?.commit ?? undefined;
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}

/** Bytes read for a kept read's header: its key holds the ignore rules' texts. */
const HEAD_BYTES = 65_536;

/** The header a kept read's bytes start with, and its length with its line break; undefined when it is not one of this version kept under `key` (if given). */
function headerOf(bytes: Buffer, key: string | undefined): (z.infer<typeof HeaderSchema> & { length: number }) | undefined {
  const newline = bytes.indexOf(10);
  if (newline < 0) return undefined;
  try {
    const header = HeaderSchema.parse(JSON.parse(bytes.subarray(0, newline).toString('utf8')));
    return key === undefined || header.key === key ? { ...header, length: newline + 1 } : undefined;
  } catch {
    return undefined;
  }
}

/** Writes `kept` to `file` (atomically): tables read and not changed are written as they were read. */
export async function saveKeptRead(file: string, kept: KeptRead): Promise<void> {
  const { snapshot, tables } = kept;
  const meta: Meta = {
    status: kept.status === undefined ? null : { head: kept.status.head ?? null, paths: [...kept.status.paths] },
    untrusted: [...kept.untrusted],
    snapshot: snapshotHead(snapshot),
    generated: tables.generated.map(({ path, size, oid, bytes }: SnapshotFile) => ({ path, size, oid, base64: Buffer.from(bytes ?? []).toString('base64') })),
    pageCount: tables.pageCount,
    sizes: { listing: kept.listing.size, files: tables.files.size },
  };
  const body = [
    Buffer.from(JSON.stringify(meta), 'utf8'),
    ...tablesOf(kept).map(([table, textOf]) => {
      const text = textOf();
      const loaded = loadedBytes.get(table);
      return loaded?.[0] === text ? loaded[1] : Buffer.from(text, 'utf8');
    }),
  ];
  const hash = createHash('sha256');
  for (const bytes of body) hash.update(bytes);
  const header = {
    version: KEPT_READ_VERSION,
    key: kept.key,
    commit: kept.commit ?? null,
    sha256: hash.digest('hex'),
    lengths: body.map((bytes) => bytes.length),
  };
  await writeFileAtomically(file, [Buffer.from(`${JSON.stringify(header)}\n`, 'utf8'), ...body]);
}
