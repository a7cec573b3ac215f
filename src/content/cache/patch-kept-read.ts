import { fileTitle } from '../gitbook/build-page-tree.js';
import { decodeText } from '../gitbook/clean-text.js';
import { joinDocPath, relativeTo } from '../gitbook/doc-path.js';
import { gitBlobOid } from '../git/git-blob-oid.js';
import type { DocsSnapshot, PageNode } from '../gitbook/docs-snapshot.js';
import type { KeptRead } from './kept-read.js';
import { type PageMeta, parsePageMeta } from '../gitbook/parse-page-meta.js';
import { MAX_PAGE_BYTES, type DerivedPage } from '../read-docs-repo.js';
import { snapshotHead, type SnapshotTables, type TableFile, tabledSnapshot, tableFileCount, tablesContentHash } from './snapshot-tables.js';
import type { TreeSource } from '../tree-source.js';

/** A file whose content changed since the kept read, by its path in the docs root. */
export interface ChangedFile {
  readonly path: string;
  readonly size: number;
  /** The git blob oid of the bytes now. */
  readonly oid: string;
  /** The page's title in the page tree; undefined for a file that is not a page. */
  readonly title: string | undefined;
}

/** A kept read brought up to date with the files that changed since. */
export interface PatchedRead {
  readonly kept: KeptRead;
  /** Files of the snapshot whose content differs from the kept read's. */
  readonly changed: readonly ChangedFile[];
}

/**
 * The kept read with `modified` (paths from the source's top, each still listed, none added or
 * removed) read again, as the read of `now` (the commit and listing they come from): work proportional to the change, through the kept tables' lines (nothing of
 * the other files is decoded). Undefined when the change may reach beyond the files' content, so
 * only a whole read can tell what it did: a structure file (`.gitbook.yaml`, `SUMMARY.md`), a
 * markdown file the snapshot does not hold (a page skipped last time, or one not listed), or a page
 * whose title, frontmatter fields, links or notes changed.
 */
export async function patchKeptRead(
  kept: KeptRead,
  source: TreeSource,
  now: Pick<KeptRead, 'commit' | 'listing' | 'untrusted'>,
  modified: readonly string[],
): Promise<PatchedRead | undefined> {
  const { snapshot, tables } = kept;
  const summary = snapshot.summary === undefined ? undefined : joinDocPath(snapshot.root, snapshot.summary);
  // By path from the source's top: the file's path in the docs root, and what the kept read holds of it.
  const reads = new Map<string, { inRoot: string; file: TableFile }>();
  for (const path of modified) {
    if (path === summary || path === '.gitbook.yaml' || path.endsWith('/.gitbook.yaml')) return undefined;
    const inRoot = relativeTo(snapshot.root, path);
    const file = inRoot === undefined ? undefined : tables.files.get(inRoot);
    if (inRoot !== undefined && file !== undefined) reads.set(path, { inRoot, file });
    else if (/\.md$/i.test(path)) return undefined;
    // Any other file outside the snapshot is bundled by no rule: its content changes nothing.
  }
  const files = tableFileCount(tables);
  const stats = { listed: now.listing.size, read: reads.size, bytesRead: 0, cached: files - reads.size };
  const patched = (changes: Pick<KeptRead, 'tables' | 'pages'>, head: Pick<DocsSnapshot, 'contentHash' | 'stats'>): KeptRead => ({
    ...kept,
    ...now,
    ...changes,
    snapshot: tabledSnapshot({ ...snapshotHead(snapshot), ...head }, changes.tables),
  });
  if (reads.size === 0) return { kept: patched(kept, { contentHash: snapshot.contentHash, stats }), changed: [] };

  const fileChanges = new Map<string, TableFile>();
  const derivations = new Map<string, DerivedPage>();
  const changed: ChangedFile[] = [];
  let bytesRead = 0;
  for await (const { path, bytes } of source.readMany([...reads.keys()])) {
    const { inRoot, file } = reads.get(path) ?? {};
    if (inRoot === undefined || file === undefined) continue;
    bytesRead += bytes.length;
    const title = tables.titles.get(inRoot);
    const derived = kept.pages.get(path);
    if (derived !== undefined) {
      if (bytes.length > MAX_PAGE_BYTES || title === undefined) return undefined;
      const meta = parsePageMeta(decodeText(bytes));
      if (!sameDerivation(derived, meta, { path: inRoot, title }, path, snapshot.warnings)) return undefined;
      derivations.set(path, { meta, outlineTitle: derived.outlineTitle });
    }
    const oid = gitBlobOid(bytes);
    if (oid === file.oid) continue;
    fileChanges.set(inRoot, { size: bytes.length, oid });
    changed.push({ path: inRoot, size: bytes.length, oid, title });
  }
  const next: SnapshotTables = { ...tables, files: tables.files.with(fileChanges) };
  const contentHash = changed.length === 0 ? snapshot.contentHash : tablesContentHash(next);
  return { kept: patched({ tables: next, pages: kept.pages.with(derivations) }, { contentHash, stats: { ...stats, bytesRead } }), changed };
}

/**
 * Whether a page read again derives what it did: the same title and frontmatter fields in the page
 * tree, the same notes, and links to the same files (at the same lines, when a warning names one).
 */
function sameDerivation(kept: DerivedPage, meta: PageMeta, node: Pick<PageNode, 'path' | 'title'>, sourcePath: string, warnings: readonly string[]): boolean {
  if (meta.binary === true) return false;
  if ((kept.outlineTitle ?? meta.heading ?? fileTitle(node.path)) !== node.title) return false;
  const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
  const fields = (m: PageMeta): unknown[] => [m.description, m.icon, m.hidden, m.layout, m.cover, m.coverY, m.notes];
  if (!same(fields(kept.meta), fields(meta))) return false;
  const lined = warnings.some((warning) => warning.startsWith(`${sourcePath}:`));
  const refs = (m: PageMeta): unknown => (lined ? m.refs : m.refs.map((ref) => [ref.target, ref.image]));
  return same(refs(kept.meta), refs(meta));
}
