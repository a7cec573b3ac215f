import type { File } from '../../api/schemas/content.js';
import { joinDocPath } from '../../content/gitbook/doc-path.js';
import { DownloadError } from '../../http/errors/download-error.js';
import type { Download } from '../../http/url-downloader.js';
import { relativeLink } from './file-links-as-paths.js';
import { rewriteFileLinks } from '../pages/rewrite-file-links.js';
import { PlatformFileDownloadError } from './platform-file-download-error.js';

/** Where GitBook's Git Sync writes the files uploaded in the editor, in the docs root. */
export const ASSETS_FOLDER = '.gitbook/assets';

/** `/files/<id>` read as a path in the docs root, as `rewriteFileLinks` hands it over. */
const FILE_REF = /^files\/([^/]+)$/;

export interface PlatformFilesToGit {
  /**
   * The page's text (at `pagePath` in the docs root) with its links to files uploaded in the
   * platform (`/files/<id>`, or the file's `downloadURL`) written as relative paths to their copies
   * in the assets folder, each file downloaded once.
   */
  linkedAsPaths(text: string, pagePath: string): Promise<string>;
  /** The files downloaded so far, by path in the docs root. */
  readonly written: ReadonlyMap<string, Uint8Array>;
}

/**
 * Files of the space that pages kept for git link to and git does not have, brought into git: each
 * one downloaded (`download`, with the policy of a pull, at most `maxBytes`, what a sync could send
 * back) into `.gitbook/assets/` under its own name (numbered when git or another file has that name),
 * so the page links it as the repo does and, once merged, syncs back as the same file. Without a
 * `download`, links are left as they are.
 */
export function platformFilesToGit(
  files: readonly Pick<File, 'id' | 'name' | 'downloadURL'>[],
  options: { taken: readonly string[]; download: Download | undefined; maxBytes: number; signal?: AbortSignal | undefined },
): PlatformFilesToGit {
  const byId = new Map(files.map((file) => [file.id, file]));
  const taken = new Set(options.taken.map((path) => path.toLowerCase()));
  const placed = new Map<string, Promise<string>>();
  const written = new Map<string, Uint8Array>();
  const { download } = options;
  if (download === undefined) return { written, linkedAsPaths: (text) => Promise.resolve(text) };

  const fetchInto = async (file: Pick<File, 'id' | 'name' | 'downloadURL'>, path: string, pagePath: string): Promise<string> => {
    try {
      written.set(path, await download(file.downloadURL, { signal: options.signal, maxBytes: options.maxBytes }));
    } catch (error) {
      if (!(error instanceof DownloadError)) throw error;
      throw new PlatformFileDownloadError(file.name, pagePath, error);
    }
    return path;
  };
  const place = (file: Pick<File, 'id' | 'name' | 'downloadURL'>, pagePath: string): Promise<string> => {
    let where = placed.get(file.id);
    if (where === undefined) {
      where = fetchInto(file, claim(taken, assetName(file)), pagePath);
      placed.set(file.id, where);
    }
    return where;
  };

  return {
    written,
    async linkedAsPaths(text, pagePath) {
      const withRefs = byUrlAsRef(text, files);
      const linked = new Set<Pick<File, 'id' | 'name' | 'downloadURL'>>();
      rewriteFileLinks(withRefs, pagePath, (path) => {
        const file = byId.get(FILE_REF.exec(path)?.[1] ?? '');
        if (file !== undefined) linked.add(file);
        return undefined;
      });
      if (linked.size === 0) return text;
      const paths = new Map<string, string>();
      for (const file of linked) paths.set(file.id, await place(file, pagePath));
      return rewriteFileLinks(withRefs, pagePath, (path) => {
        const where = paths.get(FILE_REF.exec(path)?.[1] ?? '');
        return where === undefined ? undefined : relativeLink(pagePath, where);
      });
    },
  };
}

/**
 * Where the files uploaded in the platform (those `known` does not place) go in git, by id: the paths
 * {@link platformFilesToGit} gives them, numbered past `taken`, in the order of `files`. How a runner
 * without state reads a page a sync left live as the branch holds it.
 */
export function uploadedFilePaths(
  files: readonly Pick<File, 'id' | 'name'>[],
  known: ReadonlyMap<string, string>,
  taken: readonly string[],
): Map<string, string> {
  const claimed = new Set(taken.map((path) => path.toLowerCase()));
  return new Map(files.flatMap((file) => (known.has(file.id) ? [] : [[file.id, claim(claimed, assetName(file))] as const])));
}

/** Links by a file's `downloadURL` (with any query, or none) as `/files/<id>`, the form the API writes. */
function byUrlAsRef(text: string, files: readonly Pick<File, 'id' | 'downloadURL'>[]): string {
  let out = text;
  for (const file of files) {
    const bare = file.downloadURL.replace(/[?#].*$/s, '');
    if (!/^https?:\/\/./i.test(bare) || !out.includes(bare)) continue;
    const escaped = bare.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`${escaped}(?:\\?[^\\s)"'<>]*)?`, 'g'), `/files/${file.id}`);
  }
  return out;
}

/** The file's name as a file of the assets folder: no separators, no leading dot. */
function assetName(file: Pick<File, 'id' | 'name'>): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it replaces
  const name = file.name.replace(/[/\\\u0000-\u001f\u007f]/g, '_').replace(/^\.+/, '_');
  return joinDocPath(ASSETS_FOLDER, name === '' ? file.id : name);
}

/** `wanted`, or `name (1).png`, `name (2).png`… where a path is taken (compared without case). */
function claim(taken: Set<string>, wanted: string): string {
  let candidate = wanted;
  for (let n = 1; taken.has(candidate.toLowerCase()); n++) candidate = wanted.replace(/(\.[^./]*)?$/, (ext) => ` (${n})${ext}`);
  taken.add(candidate.toLowerCase());
  return candidate;
}
