import { fileTitle, pageNodeAgain } from '../gitbook/build-page-tree.js';
import { linkedFiles, type LinkedFiles } from '../gitbook/collect-assets.js';
import { decodeText } from '../gitbook/clean-text.js';
import { joinDocPath, relativeTo } from '../gitbook/doc-path.js';
import { gitBlobOid } from '../git/git-blob-oid.js';
import type { PageGroup, PageNode } from '../gitbook/docs-snapshot.js';
import { contentHashWith, type HashedFile } from '../content-hash.js';
import { type KeptRead, keptReadOf, PageTree, type SnapshotHead } from './kept-read.js';
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
 * only a whole read can tell what it did: a structure file (`.gitbook.yaml`, `SUMMARY.md`) whose
 * bytes changed (one listed again with the same bytes, a token now trusted, changes nothing), a
 * markdown file the snapshot does not hold (a page skipped last time, or one not listed), or a page
 * whose change may reach other files or the warnings (see {@link pageChange}). A page's new title or
 * frontmatter fields remake its node of the page tree, nothing else of it.
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
  // Structure files listed again (a token that was too recent to trust, or a touch): read to tell whether their bytes changed.
  const structure = new Map<string, ReadRecord & { oid: string }>();
  for (const path of modified) {
    const record = kept.records.get(path);
    if (path === summary || path === '.gitbook.yaml' || path.endsWith('/.gitbook.yaml')) {
      if (record?.oid === undefined) return undefined;
      structure.set(path, { ...record, oid: record.oid });
      continue;
    }
    const inRoot = relativeTo(head.root, path);
    if (inRoot !== undefined && record?.oid !== undefined) reads.set(path, { inRoot, record: { ...record, oid: record.oid } });
    else if (/\.md$/i.test(path)) return undefined;
    // Any other file outside the snapshot is bundled by no rule: its content changes nothing.
  }
  let structureBytes = 0;
  for await (const { path, bytes } of source.readMany([...structure.keys()])) {
    if (gitBlobOid(bytes) !== structure.get(path)?.oid) return undefined;
    structureBytes += bytes.length;
  }
  const stats = {
    listed: now.records.size,
    read: reads.size + structure.size,
    bytesRead: structureBytes,
    cached: kept.fileCount - reads.size - structure.size,
  };
  const patched = (records: ReadRecords, changes: Pick<SnapshotHead, 'contentHash' | 'stats'>, tree = kept.tree): KeptRead =>
    keptReadOf({ ...kept, ...now, records, head: { ...head, ...changes }, tree });
  if (reads.size === 0) return { kept: patched(now.records, { contentHash: head.contentHash, stats }), changed: [] };

  const changes = new Map<string, ReadRecord>();
  /** Pages whose node of the page tree changed (a title, a frontmatter field), by path in the docs root. */
  const nodes = new Map<string, { readonly meta: PageMeta; readonly sourcePath: string }>();
  const changed: ChangedFile[] = [];
  const removed: HashedFile[] = [];
  let bytesRead = structureBytes;
  for await (const { path, bytes } of source.readMany([...reads.keys()])) {
    const { inRoot, record } = reads.get(path) ?? {};
    if (inRoot === undefined || record === undefined) continue;
    bytesRead += bytes.length;
    const listed = now.records.get(path) ?? record;
    let next: ReadRecord = listed;
    let title = record.title;
    if (record.meta !== undefined) {
      if (bytes.length > MAX_PAGE_BYTES) return undefined;
      const meta = parsePageMeta(decodeText(bytes));
      const page = pageChange(record, meta, { inRoot, sourcePath: path }, kept, now.records);
      if (page === undefined) return undefined;
      if (page.node) nodes.set(inRoot, { meta, sourcePath: path });
      title = page.title;
      next = { ...next, meta, title };
    }
    const oid = gitBlobOid(bytes);
    if (oid !== record.oid) {
      next = { ...next, size: bytes.length, oid };
      removed.push({ path: inRoot, size: record.size, oid: record.oid });
      changed.push({ path: inRoot, size: bytes.length, oid, title });
    }
    if (next !== listed) changes.set(path, next);
  }
  const groups = nodes.size === 0 ? undefined : withNodes(kept.tree.value(), nodes, head.root);
  if (groups === null) return undefined;
  const contentHash = contentHashWith(head.contentHash, removed, changed);
  return { kept: patched(now.records.with(changes), { contentHash, stats: { ...stats, bytesRead } }, groups && PageTree.of(groups)), changed };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a page read again changes beyond its content, when a patch can tell: its title (the page
 * tree's), and whether its node of the page tree changed (its title, frontmatter fields). Undefined
 * when it may change more: its notes (warnings), links that change the bundle's files or the
 * warnings (see {@link sameFilesLinked}: new links to pages, and to files bundled already, are the
 * page's content), the readme's title in a `SUMMARY.md` docsync wrote, or a page no longer text.
 */
function pageChange(
  record: ReadRecord,
  meta: PageMeta,
  where: { readonly inRoot: string; readonly sourcePath: string },
  kept: Pick<KeptRead, 'head' | 'generated'>,
  records: ReadRecords,
): { readonly title: string; readonly node: boolean } | undefined {
  const { head } = kept;
  const before = record.meta;
  if (meta.binary === true || before === undefined || record.title === undefined || !same(before.notes, meta.notes)) return undefined;
  // With a warning naming the page, its links' lines are in it.
  const lined = head.warnings.some((warning) => warning.startsWith(`${where.sourcePath}:`));
  const refs = (m: PageMeta): unknown => (lined ? m.refs : m.refs.map((ref) => [ref.target, ref.image]));
  if (!same(refs(before), refs(meta)) && !sameFilesLinked(before, meta, where.sourcePath, head.root, records)) return undefined;
  const title = record.outlineTitle ?? meta.heading ?? fileTitle(where.inRoot);
  if (title !== record.title && where.inRoot === head.readme && kept.generated.some((file) => file.path === head.summary)) return undefined;
  const fields = (m: PageMeta): unknown[] => [m.description, m.icon, m.hidden, m.layout];
  return { title, node: title !== record.title || !same(fields(before), fields(meta)) };
}

/** The page tree with the nodes of `nodes` (by path in the docs root) made again; null when one is not in it. */
function withNodes(
  groups: readonly PageGroup[],
  nodes: ReadonlyMap<string, { readonly meta: PageMeta; readonly sourcePath: string }>,
  root: string,
): PageGroup[] | null {
  let found = 0;
  const walk = (pages: readonly PageNode[]): readonly PageNode[] => {
    const next = pages.map((page) => {
      const children = walk(page.children);
      const node = children === page.children ? page : { ...page, children };
      const again = nodes.get(page.path);
      if (again === undefined) return node;
      found += 1;
      return pageNodeAgain(node, again.meta, again.sourcePath, root);
    });
    // Untouched levels stay the same objects: the tree's other pages are not copied.
    return next.some((node, index) => node !== pages[index]) ? next : pages;
  };
  const next = groups.map((group) => {
    const pages = walk(group.pages);
    return pages === group.pages ? group : { ...group, pages };
  });
  return found === nodes.size ? next : null;
}

/**
 * Whether a page whose links changed leaves the bundle's files and the warnings as they were: each
 * file it links to now, pages aside, is bundled already, each it linked to before it still links to
 * (another page may or may not link to one it dropped: only a whole read can tell), and neither its
 * links then nor now raise a warning. Links are resolved by exact path through the records (the
 * listing, unchanged): one that matches only ignoring case needs the whole listing, so a whole read.
 */
function sameFilesLinked(before: PageMeta, meta: PageMeta, sourcePath: string, root: string, records: ReadRecords): boolean {
  // Paths looked up ignoring case: the records cannot answer those.
  const unmatched: string[] = [];
  const index = {
    has: (path: string): boolean => records.has(path),
    findIgnoringCase: (path: string): undefined => void unmatched.push(path),
  };
  const then = linkedFiles(sourcePath, before, root, index);
  const now = linkedFiles(sourcePath, meta, root, index);
  if (unmatched.length > 0 || then.warnings.length > 0 || now.warnings.length > 0) return false;
  const files = (linked: LinkedFiles): Set<string> => new Set(linked.paths.filter((path) => records.get(path)?.meta === undefined));
  const linkedNow = files(now);
  return [...linkedNow].every((path) => records.get(path)?.oid !== undefined) && [...files(then)].every((path) => linkedNow.has(path));
}
