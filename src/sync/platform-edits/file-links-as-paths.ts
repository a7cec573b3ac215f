import path from 'node:path';
import type { File } from '../../api/schemas/content.js';
import { parentOf } from '../../content/gitbook/doc-path.js';
import { rewriteFileLinks } from '../pages/rewrite-file-links.js';

/** `/files/<id>` read as a path in the docs root, as `rewriteFileLinks` hands it over. */
const FILE_REF = /^files\/([^/]+)$/;

/**
 * The repo path (in the docs root) of each live file, by id: what docsync delivered, else the file's
 * git source, else the one asset of git with its name.
 */
export function filePathsById(
  files: readonly Pick<File, 'id' | 'name' | 'git'>[],
  delivered: ReadonlyMap<string, { readonly id: string }> | undefined,
  assets: readonly string[],
): Map<string, string> {
  const byName = new Map<string, string | undefined>();
  for (const asset of assets) {
    const name = asset.slice(asset.lastIndexOf('/') + 1);
    // Two assets of one name: which one a file is cannot be told by its name.
    byName.set(name, byName.has(name) ? undefined : asset);
  }
  const paths = new Map<string, string>();
  for (const file of files) {
    const found = file.git?.path ?? byName.get(file.name);
    if (found !== undefined) paths.set(file.id, found);
  }
  for (const [where, { id }] of delivered ?? []) paths.set(id, where);
  return paths;
}

/**
 * The platform's text of the page at `pagePath` with its links to files by id (`/files/<id>`, as the
 * API holds links a batch sent) written as the repo writes them: relative to the page's folder.
 * Links to files it does not know are left as they are.
 */
export function withFileLinksAsPaths(text: string, pagePath: string, pathsById: ReadonlyMap<string, string>): string {
  return rewriteFileLinks(text, pagePath, (linked) => {
    const id = FILE_REF.exec(linked)?.[1];
    const file = id === undefined ? undefined : pathsById.get(id);
    return file === undefined ? undefined : relativeLink(pagePath, file);
  });
}

/** The link from the page at `pagePath` to `file` (both in the docs root), each segment URL-encoded. */
export function relativeLink(pagePath: string, file: string): string {
  return path.posix
    .relative(`/${parentOf(pagePath)}`, `/${file}`)
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/\(/g, '%28').replace(/\)/g, '%29'))
    .join('/');
}
