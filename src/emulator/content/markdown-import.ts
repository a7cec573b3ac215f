import type { ImportedContent } from './imported-content.js';
import { markdownPage } from './markdown-page.js';

/** A single markdown document becomes one page, titled by its leading heading (else the URL's file name). */
export function markdownImport(bytes: Uint8Array, url: string): ImportedContent {
  const last = new URL(url).pathname.split('/').pop() ?? '';
  let name = last.replace(/\.(md|markdown)$/i, '');
  try {
    name = decodeURIComponent(name);
  } catch {
    // keep the raw segment
  }
  const page = markdownPage({ bytes, fallbackTitle: name || 'Untitled' });
  return { pages: [page], files: [], totalResources: 1, skipped: [] };
}
