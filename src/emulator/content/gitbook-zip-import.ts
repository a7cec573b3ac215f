import { fileTitle } from '../../content/gitbook/build-page-tree.js';
import { decodeText } from '../../content/gitbook/clean-text.js';
import { comparePaths } from '../../content/compare-paths.js';
import { parentOf, relativeTo } from '../../content/gitbook/doc-path.js';
import { FileIndex } from '../../content/file-index.js';
import { ArchiveError } from '../../content/errors/archive-error.js';
import { locateDocs } from '../../content/gitbook/locate-docs.js';
import { outlineDocs } from '../../content/gitbook/outline-docs.js';
import { readZip } from '../../content/bundle/read-zip.js';
import { resolveLink } from '../../content/gitbook/resolve-link.js';
import type { OutlineNode } from '../../content/gitbook/outline.js';
import { badRequest } from '../emulator-error.js';
import { slugify } from '../state/revisions.js';
import { contentTypeOf } from '../../content/gitbook/content-type-of.js';
import { gitBlobOid } from '../../content/git/git-blob-oid.js';
import type { ImportedContent, ImportedFile, ImportedPage } from './imported-content.js';
import { markdownPage } from './markdown-page.js';
import { summaryTree } from './summary-tree.js';
import { parseSummary } from '../../content/gitbook/parse-summary.js';
import { baseName, pageSlug } from './repo-path.js';

const MARKDOWN = /\.(md|markdown)$/i;

/** Dot-folders and dot-files are tooling (`.github`, `.gitignore`), except GitBook's own `.gitbook/`. */
function isTooling(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith('.') && segment !== '.gitbook');
}

/**
 * A zip of a GitBook-format repository → pages and files, read with docsync's own GitBook-format reader
 * (the one `sync` reads a repo with): `.gitbook.yaml` root and structure, SUMMARY.md (else the folders),
 * the readme first. Page markdown is the file body without frontmatter, verbatim. Non-markdown files
 * under the docs root (and any `.gitbook/assets/`) become files.
 */
export function gitbookZipImport(archive: Uint8Array, maxExpandedBytes: number): ImportedContent {
  return gitbookRepoImport(unpack(archive, maxExpandedBytes));
}

/**
 * The files of a GitBook-format repository (path → bytes, `/`-separated) → pages and files, as above.
 * With `structure` (Git Sync's import), `SUMMARY.md`'s link entries become link pages and its items
 * without a link pages of their titles holding what is listed under them (see {@link summaryTree});
 * without it, pages only, as docsync's zip import delivers them.
 */
export function gitbookRepoImport(entries: ReadonlyMap<string, Uint8Array>, options: { structure?: boolean } = {}): ImportedContent {
  const index = new FileIndex(
    [...entries].map(([path, data]) => ({ path, size: data.byteLength, token: undefined })).sort((a, b) => comparePaths(a.path, b.path)),
  );
  const text = (path: string): string | undefined => {
    const bytes = entries.get(path);
    return bytes === undefined ? undefined : decodeText(bytes);
  };
  const location = locateDocs(index, '', text('.gitbook.yaml'));
  const { root } = location;
  if (root !== '' && index.under(root).length === 0) {
    throw badRequest(`The archive holds no files under "${root}/", the root its .gitbook.yaml names; nothing was imported.`);
  }
  const outline = outlineDocs(index, location, text(location.summaryPath));
  const skipped = [...location.parsed.warnings, ...outline.warnings, ...outline.unlisted.map((path) => `"${path}" is not listed in SUMMARY.md`)];

  /** The pages built from the outline, placed again as `SUMMARY.md` lists them, with its link entries and items without a link. */
  const bySummary = (summary: string, built: readonly ImportedPage[]): { title: string | undefined; pages: ImportedPage[] }[] => {
    const byPath = new Map<string, ImportedPage>();
    const collect = (list: readonly ImportedPage[]): void =>
      list.forEach((item) => {
        if (item.git !== undefined) byPath.set(item.git.path, item);
        collect(item.pages);
        item.pages = [];
      });
    collect(built);
    const locate = (target: string): string | undefined => {
      const found = resolveLink(parentOf(location.summaryPath), target, { root, index, page: true });
      return found.kind === 'file' ? found.path : undefined;
    };
    return parseSummary(summary).groups.map((group) => ({ title: group.title, pages: summaryTree(group.items, locate, byPath) }));
  };

  const page = (node: OutlineNode): ImportedPage[] => {
    const children = node.children.flatMap(page);
    const bytes = entries.get(node.path) ?? new Uint8Array();
    if (bytes.includes(0)) {
      skipped.push(`${node.path}: not text (it holds NUL bytes), so not a markdown page; skipped`);
      return children;
    }
    const resolveFile = (target: string): string | undefined => {
      const found = resolveLink(parentOf(node.path), target, { root, index, page: false });
      return found.kind === 'file' ? found.path : undefined;
    };
    const built = markdownPage({ bytes, path: node.path, title: node.title, fallbackTitle: fileTitle(relativeTo(root, node.path) ?? node.path), resolveFile });
    built.slug = pageSlug(node.path, built.title, root);
    built.pages = children;
    return [built];
  };
  const summaryText = options.structure === true ? text(location.summaryPath) : undefined;
  const grouped: { title: string | undefined; pages: ImportedPage[] }[] =
    summaryText === undefined
      ? outline.groups.map((group) => ({ title: group.title, pages: group.nodes.flatMap(page) }))
      : bySummary(
          summaryText,
          outline.groups.flatMap((group) => group.nodes.flatMap(page)),
        );
  const pages = grouped.flatMap(({ title, pages: inGroup }): ImportedPage[] =>
    title === undefined ? inGroup : [{ kind: 'group', title, slug: slugify(title), markdown: '', pages: inGroup }],
  );

  const inRoot = (path: string): boolean => root === '' || path.startsWith(`${root}/`);
  const files: ImportedFile[] = [];
  for (const [path, data] of entries) {
    if (isTooling(path) || path === location.summaryPath || MARKDOWN.test(path)) continue;
    if (inRoot(path) || path.includes('.gitbook/assets/')) {
      const name = baseName(path);
      files.push({ name, path, contentType: contentTypeOf(name), data, oid: gitBlobOid(data) });
    }
  }
  const totalResources = outline.pages.length + outline.unlisted.length + outline.missing + files.length;
  return { pages, files, totalResources, skipped };
}

/** docsync's own zip reader, with its caps; whatever it refuses is a 400 and nothing is imported. */
function unpack(archive: Uint8Array, maxExpandedBytes: number): Map<string, Uint8Array> {
  try {
    return readZip(archive, 'The archive', { maxExpandedBytes });
  } catch (error) {
    if (!(error instanceof ArchiveError)) throw error;
    throw badRequest(
      error.problem === 'unreadable' ? `Invalid body field "url": ${error.message}` : error.message.replace(/nothing was read\.$/, 'nothing was imported.'),
    );
  }
}
