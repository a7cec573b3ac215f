import { comparePaths } from '../../content/compare-paths.js';
import { SourceFileNotFoundError } from '../../content/errors/source-file-not-found-error.js';
import { ReadCounter } from '../../content/read-counter.js';
import { readZip } from '../../content/bundle/read-zip.js';
import type { FileBytes, TreeEntry, TreeSource } from '../../content/tree-source.js';

/**
 * The files of a zip archive held in memory, read as the emulator's import reads them (one reader,
 * `readZip`, with its caps on entries, expanded bytes and ratio). Lets `readDocsRepo` read an
 * archive that a migration passes to the API as is, to know the pages the import must produce.
 */
export class ZipTreeSource implements TreeSource {
  readonly counter = new ReadCounter();
  readonly #files: Map<string, Uint8Array>;

  /** Throws `ArchiveError` when the bytes are not a zip archive, or pass a cap of `readZip`. */
  constructor(
    archive: Uint8Array,
    readonly label: string,
  ) {
    this.#files = readZip(archive, label);
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
