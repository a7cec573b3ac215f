import { createHash } from 'node:crypto';
import { decodeText } from './gitbook/clean-text.js';
import type { FileIndex } from './file-index.js';
import { type PageMeta, parsePageMeta } from './gitbook/parse-page-meta.js';
import { TimeSlice } from './time-slice.js';
import type { TreeSource } from './tree-source.js';

/** What a caller needs of a file: its hash only, its text too, or its parsed page metadata too. */
export type ContentNeed = 'hash' | 'text' | 'page';

/** What an earlier read derived from a file's bytes. */
export interface KnownFile {
  readonly size: number;
  /** sha256 of the bytes, hex. */
  readonly sha256: string;
  readonly text?: string;
  readonly page?: PageMeta;
}

/**
 * What an earlier read derived from the file at `path` when its change token (a blob oid, or
 * size:mtime) was `token`; undefined when it did not read it under that token.
 */
export type KnownFiles = (path: string, token: string) => KnownFile | undefined;

/** A file's hash (and text or page metadata when asked), from an earlier read or freshly read. */
export interface LoadedFile {
  readonly path: string;
  readonly size: number;
  readonly sha256: string;
  readonly text?: string;
  readonly page?: PageMeta;
}

/** Reads what an earlier read does not know: a file whose change token it read under is not read at all. */
export class ContentLoader {
  /** Files answered from the earlier read. */
  cached = 0;

  constructor(
    private readonly source: TreeSource,
    private readonly index: FileIndex,
    private readonly known: KnownFiles,
    private readonly slice: TimeSlice = new TimeSlice(),
  ) {}

  /** Loads listed `paths` (others are ignored), reading only what is not known, in one batch. */
  async load(paths: readonly string[], need: ContentNeed): Promise<Map<string, LoadedFile>> {
    const loaded = new Map<string, LoadedFile>();
    const misses: string[] = [];
    for (const path of paths) {
      const entry = this.index.get(path);
      if (entry === undefined || loaded.has(path)) continue;
      const hit = entry.token === undefined ? undefined : this.known(path, entry.token);
      if (hit !== undefined && covers(hit, need)) {
        this.cached += 1;
        // Not a spread: a spread per entry of a large tree, each of a different shape, is slow on every read.
        loaded.set(path, { path, size: hit.size, sha256: hit.sha256, text: hit.text, page: hit.page });
      } else {
        misses.push(path);
      }
    }
    if (need === 'hash' && this.source.hashMany !== undefined) {
      for await (const { path, size, sha256 } of this.source.hashMany(misses)) loaded.set(path, { path, size, sha256 });
      return loaded;
    }
    for await (const { path, bytes } of this.source.readMany(misses)) {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const text = need === 'hash' ? undefined : decodeText(bytes);
      loaded.set(path, {
        path,
        size: bytes.length,
        sha256,
        ...(need === 'text' && text !== undefined ? { text } : {}),
        ...(need === 'page' && text !== undefined ? { page: parsePageMeta(text) } : {}),
      });
      await this.slice.pause(); // parsing frontmatter is the costly part
    }
    return loaded;
  }
}

function covers(entry: KnownFile, need: ContentNeed): boolean {
  return need === 'hash' || (need === 'text' ? entry.text !== undefined : entry.page !== undefined);
}
