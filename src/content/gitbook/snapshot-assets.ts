import type { DocsSnapshot, SnapshotFile } from './docs-snapshot.js';

const MARKDOWN = /\.(md|markdown)$/i;

/** Dot-files and dot-folders are tooling, except GitBook's own `.gitbook/` (its assets). */
function isTooling(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith('.') && segment !== '.gitbook');
}

/** The snapshot's assets: files that are neither markdown, `SUMMARY.md` nor tooling. */
export function snapshotAssets(snapshot: Pick<DocsSnapshot, 'files' | 'summary'>): SnapshotFile[] {
  return snapshot.files.filter((file) => !MARKDOWN.test(file.path) && !isTooling(file.path) && file.path !== snapshot.summary);
}
