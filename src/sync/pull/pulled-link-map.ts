import { joinDocPath } from '../../content/gitbook/doc-path.js';
import type { PullLayout } from './pull-layout.js';
import type { PullRecord } from './pull-record.js';
import type { PulledLinks } from './pulled-links.js';

/** {@link PulledLinks} of a layout, and each page's git path (its origin) where known. */
export function pulledLinksOf(layout: PullLayout, known: PullRecord | undefined): PulledLinks & { originOf(pageId: string): string | undefined } {
  const pageFiles = new Map<string, string>();
  const assetFiles = new Map<string, string>();
  const origins = new Map<string, string>();
  const byOrigin = new Map<string, string>();
  const gitPath = (raw: string | undefined): string | undefined => (raw === undefined ? undefined : joinDocPath(layout.root, raw));
  for (const { page, file } of layout.pages) {
    pageFiles.set(page.id, file);
    byOrigin.set(file, file);
    const origin = gitPath(page.git?.path ?? known?.pages.get(page.id));
    if (origin !== undefined) origins.set(page.id, origin);
  }
  for (const { file, path } of layout.assets) {
    assetFiles.set(file.id, path);
    byOrigin.set(path, path);
  }
  // A page's or file's old place leads to its new one, unless something now lives there.
  for (const { page, file } of layout.pages) {
    const origin = origins.get(page.id);
    if (origin !== undefined && !byOrigin.has(origin)) byOrigin.set(origin, file);
  }
  for (const { file, path } of layout.assets) {
    const origin = gitPath(file.git?.path ?? known?.files.get(file.id));
    if (origin !== undefined && !byOrigin.has(origin)) byOrigin.set(origin, path);
  }
  return { pageFiles, assetFiles, byOrigin, originOf: (pageId) => origins.get(pageId) };
}
