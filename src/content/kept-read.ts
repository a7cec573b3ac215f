import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import type { DocsSnapshot, SnapshotFile } from './docs-snapshot.js';
import type { PageMeta } from './parse-page-meta.js';
import type { DerivedPage } from './read-docs-repo.js';
import type { TreeEntry } from './tree-source.js';
import { writeFileAtomically } from './write-file-atomically.js';

/** Bump when the reader derives something else from the same files: a kept read of another version is not used. */
export const KEPT_READ_VERSION = 3;

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
   * By path from the source's top, each as JSON: a one-page edit parses the one page it read again
   * ({@link keptPage}), not what 10,000 others derived.
   */
  readonly pages: ReadonlyMap<string, string>;
}

/** What a page of the kept read derived. */
export function keptPage(kept: KeptRead, path: string): DerivedPage | undefined {
  const text = kept.pages.get(path);
  if (text === undefined) return undefined;
  const [meta, outlineTitle] = JSON.parse(text) as [PageMeta, string | null];
  return { meta, outlineTitle: outlineTitle ?? undefined };
}

/** Each page's derivation as a kept read holds it. */
export function keptPages(pages: ReadonlyMap<string, DerivedPage>): Map<string, string> {
  return new Map([...pages].map(([path, page]) => [path, keptPageText(page)]));
}

export function keptPageText(page: DerivedPage): string {
  return JSON.stringify([page.meta, page.outlineTitle ?? null]);
}

const HeaderSchema = z.object({ version: z.literal(KEPT_READ_VERSION), key: z.string(), sha256: z.string() });

type FileRow = [path: string, size: number, hash: string, sourcePath: string | null, base64: string | null];
interface Body {
  commit: string | null;
  listing: [path: string, size: number, token: string | null][];
  status: { head: string | null; paths: string[] } | null;
  snapshot: Omit<DocsSnapshot, 'files'> & { files: FileRow[] };
  pages: [path: string, derived: string][];
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
  const files = parsed.snapshot.files.map(([path, size, hash, sourcePath, base64]): SnapshotFile =>
    sourcePath === null ? { path, size, hash, bytes: Buffer.from(base64 ?? '', 'base64') } : { path, size, hash, sourcePath },
  );
  return {
    key,
    commit: parsed.commit ?? undefined,
    listing: parsed.listing.map(([path, size, token]) => ({ path, size, token: token ?? undefined })),
    status: parsed.status === null ? undefined : { head: parsed.status.head ?? undefined, paths: parsed.status.paths },
    snapshot: { ...parsed.snapshot, files },
    pages: new Map(parsed.pages),
  };
}

/** Writes `kept` to `file` (atomically). */
export async function saveKeptRead(file: string, kept: KeptRead): Promise<void> {
  const { files, ...snapshot } = kept.snapshot;
  const body: Body = {
    commit: kept.commit ?? null,
    listing: kept.listing.map((entry) => [entry.path, entry.size, entry.token ?? null]),
    status: kept.status === undefined ? null : { head: kept.status.head ?? null, paths: [...kept.status.paths] },
    snapshot: {
      ...snapshot,
      files: files.map((entry): FileRow => [entry.path, entry.size, entry.hash, entry.sourcePath ?? null, entry.bytes === undefined ? null : Buffer.from(entry.bytes).toString('base64')]),
    },
    pages: [...kept.pages],
  };
  const text = JSON.stringify(body);
  const header = { version: KEPT_READ_VERSION, key: kept.key, sha256: createHash('sha256').update(text).digest('hex') };
  await writeFileAtomically(file, `${JSON.stringify(header)}\n${text}`);
}
