import { createHash } from 'node:crypto';
import { fileTitle } from './build-page-tree.js';
import { decodeText } from './clean-text.js';
import { contentHash } from './content-hash.js';
import { joinDocPath } from './doc-path.js';
import type { DocsSnapshot, PageNode, SnapshotFile } from './docs-snapshot.js';
import { findPageNodes } from './find-page-nodes.js';
import { keptPage, keptPageText, type KeptRead } from './kept-read.js';
import { type PageMeta, parsePageMeta } from './parse-page-meta.js';
import { MAX_PAGE_BYTES, type DerivedPage } from './read-docs-repo.js';
import type { TreeEntry, TreeSource } from './tree-source.js';

/** A kept read brought up to date with the files that changed since. */
export interface PatchedRead {
  readonly kept: KeptRead;
  /** Files of the snapshot (paths in the docs root) whose content differs from the kept read's. */
  readonly changed: readonly string[];
}

/**
 * The kept read with `modified` (paths from the source's top, each still listed, none added or
 * removed) read again: work proportional to the change. Undefined when the change may reach beyond
 * the files' content, so only a whole read can tell what it did: a structure file (`.gitbook.yaml`,
 * `SUMMARY.md`), a markdown file the snapshot does not hold (a page skipped last time, or one not
 * listed), or a page whose title, frontmatter fields, links or notes changed.
 */
export async function patchKeptRead(kept: KeptRead, source: TreeSource, listing: readonly TreeEntry[], modified: readonly string[]): Promise<PatchedRead | undefined> {
  const { snapshot } = kept;
  // Only the modified files are looked up: a one-page edit indexes one file, not the 10,000 others.
  const candidates = new Set(modified);
  const indexOf = new Map<string, number>();
  snapshot.files.forEach((file, index) => {
    if (file.sourcePath !== undefined && candidates.has(file.sourcePath)) indexOf.set(file.sourcePath, index);
  });
  const summary = snapshot.summary === undefined ? undefined : joinDocPath(snapshot.root, snapshot.summary);
  const reads: string[] = [];
  for (const path of modified) {
    if (path === summary || path === '.gitbook.yaml' || path.endsWith('/.gitbook.yaml')) return undefined;
    if (indexOf.has(path)) reads.push(path);
    else if (/\.md$/i.test(path)) return undefined;
    // Any other file outside the snapshot is bundled by no rule: its content changes nothing.
  }
  const stats = { listed: listing.length, read: reads.length, bytesRead: 0, cached: snapshot.files.length - reads.length };
  if (reads.length === 0) return { kept: { ...kept, listing, snapshot: { ...snapshot, stats } }, changed: [] };

  const nodes = findPageNodes(
    snapshot.pages,
    reads.flatMap((path) => snapshot.files[indexOf.get(path) ?? -1]?.path ?? []),
  );
  const files = [...snapshot.files];
  const derivations = new Map<string, string>();
  const changed: string[] = [];
  let bytesRead = 0;
  for await (const { path, bytes } of source.readMany(reads)) {
    const index = indexOf.get(path) ?? -1;
    const file = files[index];
    if (file === undefined) continue;
    bytesRead += bytes.length;
    const derived = keptPage(kept, path);
    if (derived !== undefined) {
      const node = nodes.get(file.path);
      if (bytes.length > MAX_PAGE_BYTES || node === undefined) return undefined;
      const meta = parsePageMeta(decodeText(bytes));
      if (!sameDerivation(derived, meta, node, path, snapshot.warnings)) return undefined;
      derivations.set(path, keptPageText({ meta, outlineTitle: derived.outlineTitle }));
    }
    const hash = createHash('sha256').update(bytes).digest('hex');
    if (hash === file.hash) continue;
    files[index] = { path: file.path, sourcePath: path, size: bytes.length, hash } satisfies SnapshotFile;
    changed.push(file.path);
  }
  const patched: DocsSnapshot = {
    ...snapshot,
    files,
    contentHash: changed.length === 0 ? snapshot.contentHash : contentHash(files),
    stats: { ...stats, bytesRead },
  };
  return { kept: { ...kept, listing, snapshot: patched, pages: kept.pages.with(derivations) }, changed };
}

/**
 * Whether a page read again derives what it did: the same title and frontmatter fields in the page
 * tree, the same notes, and links to the same files (at the same lines, when a warning names one).
 */
function sameDerivation(kept: DerivedPage, meta: PageMeta, node: PageNode, sourcePath: string, warnings: readonly string[]): boolean {
  if (meta.binary === true) return false;
  if ((kept.outlineTitle ?? meta.heading ?? fileTitle(node.path)) !== node.title) return false;
  const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
  const fields = (m: PageMeta): unknown[] => [m.description, m.icon, m.hidden, m.layout, m.cover, m.coverY, m.notes];
  if (!same(fields(kept.meta), fields(meta))) return false;
  const lined = warnings.some((warning) => warning.startsWith(`${sourcePath}:`));
  const refs = (m: PageMeta): unknown => (lined ? m.refs : m.refs.map((ref) => [ref.target, ref.image]));
  return same(refs(kept.meta), refs(meta));
}
