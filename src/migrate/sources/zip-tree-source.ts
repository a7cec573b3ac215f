import { unzipSync } from 'fflate';
import { comparePaths } from '../../content/compare-paths.js';
import { SourceFileNotFoundError } from '../../content/errors/source-file-not-found-error.js';
import { ReadCounter } from '../../content/read-counter.js';
import type { FileBytes, TreeEntry, TreeSource } from '../../content/tree-source.js';

/** OS droppings and a checked-in `.git` folder: never content. */
const JUNK = /(^|\/)(__MACOSX|\.git)\/|(^|\/)(\.DS_Store|Thumbs\.db)$/;

/**
 * The files of a zip archive held in memory, read the way an import reads them: paths normalized,
 * junk and entries escaping their folder dropped, and a single folder holding everything (GitHub's
 * `repo-main/`) stripped. Lets `readDocsRepo` read an archive that a migration passes to the API as
 * is, to know the pages the import must produce.
 */
export class ZipTreeSource implements TreeSource {
  readonly counter = new ReadCounter();
  readonly #files: Map<string, Uint8Array>;

  /** Throws when the bytes are not a zip archive. */
  constructor(
    archive: Uint8Array,
    readonly label: string,
  ) {
    const files = new Map<string, Uint8Array>();
    for (const [name, bytes] of Object.entries(unzipSync(archive))) {
      const path = name
        .replace(/\\/g, '/')
        .split('/')
        .filter((segment) => segment !== '' && segment !== '.')
        .join('/');
      if (path === '' || name.endsWith('/') || JUNK.test(path) || path.split('/').includes('..') || /^[A-Za-z]:/.test(path)) continue;
      files.set(path, bytes);
    }
    this.#files = stripSharedFolder(files);
  }

  list(): Promise<readonly TreeEntry[]> {
    const entries = [...this.#files].map(([path, bytes]) => ({ path, size: bytes.byteLength, token: undefined }));
    return Promise.resolve(entries.sort((a, b) => comparePaths(a.path, b.path)));
  }

  read(path: string): Promise<Uint8Array> {
    const bytes = this.#files.get(path);
    if (bytes === undefined) return Promise.reject(new SourceFileNotFoundError(this.label, path));
    this.counter.record(bytes.byteLength);
    return Promise.resolve(bytes);
  }

  async *readMany(paths: readonly string[]): AsyncIterable<FileBytes> {
    for (const path of paths) yield { path, bytes: await this.read(path) };
  }
}

function stripSharedFolder(entries: Map<string, Uint8Array>): Map<string, Uint8Array> {
  let shared: string | undefined;
  for (const path of entries.keys()) {
    const slash = path.indexOf('/');
    if (slash < 0) return entries;
    const first = path.slice(0, slash);
    if (shared === undefined) shared = first;
    else if (shared !== first) return entries;
  }
  if (shared === undefined) return entries;
  const cut = shared.length + 1;
  return new Map([...entries].map(([path, bytes]) => [path.slice(cut), bytes]));
}
