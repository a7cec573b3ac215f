import { APP_ORIGIN } from '../serializers/serialize-space.js';
import type { FileRecord, PageRecord } from '../state/records.js';
import { walkPages } from '../state/revisions.js';
import { baseName, dirName, joinPath } from './repo-path.js';

export interface FoundLink {
  /** The target as written in the markdown. */
  target: string;
  status: 'ok' | 'broken' | 'in-app';
  kind: 'page' | 'file' | 'url';
  page?: PageRecord;
  file?: FileRecord;
}

const PATTERNS = [
  /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^"']*["'])?\s*\)/g, // [text](target), ![alt](src)
  /\{%\s*(?:content-ref|embed)\s+url="([^"]+)"/g, // GitBook block tags
  /<(?:a|img)\b[^>]*?\s(?:href|src)="([^"]+)"/gi, // raw HTML
];

/**
 * Links in a page's markdown, each judged against the revision: a relative link must name a page
 * (by file or page path) or a file (by path or name) of the revision, else it is `broken`; a link
 * into the app is `in-app` (it should be a relative link); other absolute URLs are `ok`.
 */
export function pageLinks(page: PageRecord, content: { pages: readonly PageRecord[]; files: readonly FileRecord[] }): FoundLink[] {
  const pagesByFile = new Map<string, PageRecord>();
  const pagesByPath = new Map<string, PageRecord>();
  for (const p of walkPages(content.pages)) {
    if (p.git) pagesByFile.set(p.git.path, p);
    pagesByPath.set(p.path, p);
  }
  const filesByPath = new Map<string, FileRecord>();
  const filesByName = new Map<string, FileRecord>();
  for (const file of content.files) {
    if (file.git) filesByPath.set(file.git.path, file);
    filesByName.set(file.name, file);
  }
  const from = page.git ? dirName(page.git.path) : dirName(page.path);

  const judge = (target: string): FoundLink => {
    if (target.startsWith(`${APP_ORIGIN}/`) || target === APP_ORIGIN) return { target, status: 'in-app', kind: 'url' };
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return { target, status: 'ok', kind: 'url' };
    let path = target.split('#')[0]?.split('?')[0] ?? '';
    try {
      path = decodeURIComponent(path);
    } catch {
      // keep it as written
    }
    const resolved = joinPath(path.startsWith('/') ? '' : from, path) ?? '';
    const asPage = resolved.replace(/(^|\/)README\.md$/i, '').replace(/\.md$/i, '');
    const linkedPage = pagesByFile.get(resolved) ?? pagesByPath.get(asPage) ?? pagesByPath.get(path.replace(/^\/|\.md$/g, ''));
    if (linkedPage) return { target, status: 'ok', kind: 'page', page: linkedPage };
    const file = filesByPath.get(resolved) ?? filesByName.get(baseName(path));
    if (file) return { target, status: 'ok', kind: 'file', file };
    const looksLikeFile = /\.[a-z0-9]+$/i.test(path) && !/\.md$/i.test(path);
    return { target, status: 'broken', kind: looksLikeFile ? 'file' : 'page' };
  };

  const found: { at: number; target: string }[] = [];
  for (const pattern of PATTERNS) {
    for (const match of page.markdown.matchAll(pattern)) {
      const target = match[1]?.trim();
      if (target && !target.startsWith('#')) found.push({ at: match.index, target });
    }
  }
  return found.sort((a, b) => a.at - b.at).map(({ target }) => judge(target));
}
