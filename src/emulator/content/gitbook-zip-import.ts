import { contentTypeOf } from './content-type-of.js';
import { readGitbookConfig } from './gitbook-config.js';
import { gitBlobOid } from './git-blob-oid.js';
import type { ImportedContent, ImportedFile } from './imported-content.js';
import { inferPages } from './infer-pages.js';
import { parseSummary } from './parse-summary.js';
import { readZip } from './read-zip.js';
import { baseName } from './repo-path.js';
import { summaryPages } from './summary-pages.js';

const MARKDOWN = /\.(md|markdown)$/i;
const decoder = new TextDecoder('utf-8');

/** Dot-folders and dot-files are tooling (`.github`, `.gitignore`), except GitBook's own `.gitbook/`. */
function isTooling(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith('.') && segment !== '.gitbook');
}

/**
 * A zip of a GitBook-format repository → pages and files. Structure comes from SUMMARY.md when
 * present, else from the folders. Page markdown is the file body without frontmatter, verbatim.
 * Non-markdown files under the docs root (and any `.gitbook/assets/`) become files.
 */
export function gitbookZipImport(archive: Uint8Array, maxExpandedBytes: number): ImportedContent {
  const entries = readZip(archive, maxExpandedBytes);
  const skipped: string[] = [];
  const config = readGitbookConfig(entries, skipped);
  const inRoot = (path: string): boolean => config.root === '' || path.startsWith(`${config.root}/`);

  const lowerCase = new Map<string, string>();
  for (const path of entries.keys()) if (!lowerCase.has(path.toLowerCase())) lowerCase.set(path.toLowerCase(), path);
  const find = (path: string): string | undefined => (entries.has(path) ? path : lowerCase.get(path.toLowerCase()));
  const read = (path: string): Uint8Array => entries.get(path) ?? new Uint8Array();

  const markdownPaths: string[] = [];
  const files: ImportedFile[] = [];
  for (const [path, data] of entries) {
    if (isTooling(path) || path === config.summary) continue;
    if (MARKDOWN.test(path)) {
      if (inRoot(path)) markdownPaths.push(path);
    } else if (inRoot(path) || path.includes('.gitbook/assets/')) {
      const name = baseName(path);
      files.push({ name, path, contentType: contentTypeOf(name), data, oid: gitBlobOid(data) });
    }
  }
  markdownPaths.sort();

  const summary = find(config.summary);
  if (summary === undefined) {
    const pages = inferPages(markdownPaths, config, read);
    return { pages, files, totalResources: markdownPaths.length + files.length, skipped };
  }
  const items = parseSummary(decoder.decode(read(summary)));
  const { pages, missing, listed } = summaryPages(items, { root: config.root, summaryPath: summary, find, read, skipped });
  for (const path of markdownPaths) {
    if (!listed.has(path)) skipped.push(`"${path}" is not listed in SUMMARY.md`);
  }
  return { pages, files, totalResources: markdownPaths.length + files.length + missing, skipped };
}
