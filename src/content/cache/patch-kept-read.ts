import { fileTitle } from '../gitbook/build-page-tree.js';
import { linkedFiles, type LinkedFiles } from '../gitbook/collect-assets.js';
import { decodeText } from '../gitbook/clean-text.js';
import { joinDocPath, relativeTo } from '../gitbook/doc-path.js';
import { gitBlobOid } from '../git/git-blob-oid.js';
import type { PageNode } from '../gitbook/docs-snapshot.js';
import { contentHashWith, type HashedFile } from '../content-hash.js';
import { type KeptRead, keptReadOf, type SnapshotHead } from './kept-read.js';
import { type PageMeta, parsePageMeta } from '../gitbook/parse-page-meta.js';
import { MAX_PAGE_BYTES } from '../read-docs-repo.js';
import type { ReadRecord } from './read-record.js';
import type { ReadRecords } from './read-records.js';
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
 * removed) read again, as the read of `now` (the commit and listing they come from): work
 * proportional to the change, through those files' records (nothing of the others is decoded), the
 * content hash updated from theirs. Undefined when the change may reach beyond the files' content, so
 * only a whole read can tell what it did: a structure file (`.gitbook.yaml`, `SUMMARY.md`), a
 * markdown file the snapshot does not hold (a page skipped last time, or one not listed), or a page
 * whose title, frontmatter fields or notes changed, or whose links may change the bundle's files or
 * warnings (links to files it holds already, dropping none, are the page's content).
 */
export async function patchKeptRead(
  kept: KeptRead,
  source: TreeSource,
  now: Pick<KeptRead, 'commit' | 'records' | 'untrusted'>,
  modified: readonly string[],
): Promise<PatchedRead | undefined> {
  const { head } = kept;
  const summary = head.summary === undefined ? undefined : joinDocPath(head.root, head.summary);
  // By path from the source's top: the file's path in the docs root, and what the kept read holds of it.
  const reads = new Map<string, { inRoot: string; record: ReadRecord & { oid: string } }>();
  for (const path of modified) {
    if (path === summary || path === '.gitbook.yaml' || path.endsWith('/.gitbook.yaml')) return undefined;
    const inRoot = relativeTo(head.root, path);
    const record = kept.records.get(path);
    if (inRoot !== undefined && record?.oid !== undefined) reads.set(path, { inRoot, record: { ...record, oid: record.oid } });
    else if (/\.md$/i.test(path)) return undefined;
    // Any other file outside the snapshot is bundled by no rule: its content changes nothing.
  }
  const stats = { listed: now.records.size, read: reads.size, bytesRead: 0, cached: kept.fileCount - reads.size };
  const patched = (records: ReadRecords, changes: Pick<SnapshotHead, 'contentHash' | 'stats'>): KeptRead =>
    keptReadOf({ ...kept, ...now, records, head: { ...head, ...changes } });
  if (reads.size === 0) return { kept: patched(now.records, { contentHash: head.contentHash, stats }), changed: [] };

  const changes = new Map<string, ReadRecord>();
  const changed: ChangedFile[] = [];
  const removed: HashedFile[] = [];
  let bytesRead = 0;
  for await (const { path, bytes } of source.readMany([...reads.keys()])) {
    const { inRoot, record } = reads.get(path) ?? {};
    if (inRoot === undefined || record === undefined) continue;
    bytesRead += bytes.length;
    const listed = now.records.get(path) ?? record;
    let next: ReadRecord = listed;
    if (record.meta !== undefined) {
      if (bytes.length > MAX_PAGE_BYTES || record.title === undefined) return undefined;
      const meta = parsePageMeta(decodeText(bytes));
      if (!sameDerivation(record, meta, { path: inRoot, title: record.title }, path, head.warnings)) {
        if (!sameTreeNode(record, meta, { path: inRoot, title: record.title }) || !sameFilesLinked(record.meta, meta, path, head.root, now.records))
          return undefined;
      }
      next = { ...next, meta };
    }
    const oid = gitBlobOid(bytes);
    if (oid !== record.oid) {
      next = { ...next, size: bytes.length, oid };
      removed.push({ path: inRoot, size: record.size, oid: record.oid });
      changed.push({ path: inRoot, size: bytes.length, oid, title: record.title });
    }
    if (next !== listed) changes.set(path, next);
  }
  const contentHash = contentHashWith(head.contentHash, removed, changed);
  return { kept: patched(now.records.with(changes), { contentHash, stats: { ...stats, bytesRead } }), changed };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether a page read again derives what it did: the same title and frontmatter fields in the page
 * tree, the same notes, and links to the same files (at the same lines, when a warning names one).
 */
function sameDerivation(
  kept: Pick<ReadRecord, 'meta' | 'outlineTitle'>,
  meta: PageMeta,
  node: Pick<PageNode, 'path' | 'title'>,
  sourcePath: string,
  warnings: readonly string[],
): boolean {
  if (!sameTreeNode(kept, meta, node) || kept.meta === undefined) return false;
  const lined = warnings.some((warning) => warning.startsWith(`${sourcePath}:`));
  const refs = (m: PageMeta): unknown => (lined ? m.refs : m.refs.map((ref) => [ref.target, ref.image]));
  return same(refs(kept.meta), refs(meta));
}

/** Whether a page read again makes the same node of the page tree, with the same notes: its title and frontmatter fields. */
function sameTreeNode(kept: Pick<ReadRecord, 'meta' | 'outlineTitle'>, meta: PageMeta, node: Pick<PageNode, 'path' | 'title'>): boolean {
  if (meta.binary === true) return false;
  if ((kept.outlineTitle ?? meta.heading ?? fileTitle(node.path)) !== node.title) return false;
  const fields = (m: PageMeta): unknown[] => [m.description, m.icon, m.hidden, m.layout, m.cover, m.coverY, m.notes];
  return kept.meta !== undefined && same(fields(kept.meta), fields(meta));
}

/**
 * Whether a page whose links changed leaves the bundle's files and the warnings as they were: each
 * file it links to now, pages aside, is bundled already, each it linked to before it still links to
 * (another page may or may not link to one it dropped: only a whole read can tell), and neither its
 * links then nor now raise a warning. Links are resolved by exact path through the records (the
 * listing, unchanged): one that matches only ignoring case needs the whole listing, so a whole read.
 */
function sameFilesLinked(kept: PageMeta | undefined, meta: PageMeta, sourcePath: string, root: string, records: ReadRecords): boolean {
  if (kept === undefined) return false;
  let exact = true;
  const index = {
    has: (path: string): boolean => records.has(path),
    findIgnoringCase: (): undefined => void (exact = false),
  };
  const before = linkedFiles(sourcePath, kept, root, index);
  const after = linkedFiles(sourcePath, meta, root, index);
  if (!exact || before.warnings.length > 0 || after.warnings.length > 0) return false;
  const files = (linked: LinkedFiles): Set<string> => new Set(linked.paths.filter((path) => records.get(path)?.meta === undefined));
  const now = files(after);
  return [...now].every((path) => records.get(path)?.oid !== undefined) && [...files(before)].every((path) => now.has(path));
}
