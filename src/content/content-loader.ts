import { createHash } from 'node:crypto';
import { decodeText } from './gitbook/clean-text.js';
import type { FileIndex } from './file-index.js';
import type { CachedFile, HashCache } from './cache/hash-cache.js';
import { type PageMeta, parsePageMeta } from './gitbook/parse-page-meta.js';
import { TimeSlice } from './time-slice.js';
import type { TreeSource } from './tree-source.js';

/** What a caller needs of a file: its hash only, its text too, or its parsed page metadata too. */
export type ContentNeed = 'hash' | 'text' | 'page';

/** A file's hash (and text or page metadata when asked), from the cache or freshly read. */
export interface LoadedFile {
  readonly path: string;
  readonly size: number;
  readonly sha256: string;
  readonly text?: string;
  readonly page?: PageMeta;
}

/** Reads through the cache: a file whose change token matches a cache entry is not read at all. */
export class ContentLoader {
  /** Files answered from the cache. */
  cached = 0;

  constructor(
    private readonly source: TreeSource,
    private readonly index: FileIndex,
    private readonly cache: HashCache,
    private readonly slice: TimeSlice = new TimeSlice(),
  ) {}

  /** Loads listed `paths` (others are ignored), reading only cache misses, in one batch. */
  async load(paths: readonly string[], need: ContentNeed): Promise<Map<string, LoadedFile>> {
    const loaded = new Map<string, LoadedFile>();
    const misses: string[] = [];
    for (const path of paths) {
      const entry = this.index.get(path);
      if (entry === undefined || loaded.has(path)) continue;
      const hit = this.cache.lookup(path, entry.token);
      if (hit !== undefined && covers(hit, need)) {
        this.cached += 1;
        // Not a spread: a spread per entry of a large tree, each of a different shape, is slow on every read.
        loaded.set(path, { path, size: hit.size, sha256: hit.sha256, text: hit.text, page: hit.page });
      } else {
        misses.push(path);
      }
    }
    if (need === 'hash' && this.source.hashMany !== undefined) {
      for await (const { path, size, sha256 } of this.source.hashMany(misses)) this.keep(loaded, path, { token: this.tokenOf(path), size, sha256 });
      return loaded;
    }
    for await (const { path, bytes } of this.source.readMany(misses)) {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const text = need === 'hash' ? undefined : decodeText(bytes);
      this.keep(loaded, path, {
        token: this.tokenOf(path),
        size: bytes.length,
        sha256,
        ...(need === 'text' && text !== undefined ? { text } : {}),
        ...(need === 'page' && text !== undefined ? { page: parsePageMeta(text) } : {}),
      });
      await this.slice.pause(); // parsing frontmatter is the costly part
    }
    return loaded;
  }

  private tokenOf(path: string): string {
    return this.index.get(path)?.token ?? '';
  }

  private keep(loaded: Map<string, LoadedFile>, path: string, file: CachedFile): void {
    if (file.token !== '') this.cache.store(path, file);
    loaded.set(path, { ...file, path });
  }
}

function covers(entry: CachedFile, need: ContentNeed): boolean {
  return need === 'hash' || (need === 'text' ? entry.text !== undefined : entry.page !== undefined);
}
