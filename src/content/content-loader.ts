import { decodeText } from './gitbook/clean-text.js';
import type { FileIndex } from './file-index.js';
import { gitBlobOid } from './git/git-blob-oid.js';
import { type PageMeta, parsePageMeta } from './gitbook/parse-page-meta.js';
import { TimeSlice } from './time-slice.js';
import type { TreeSource } from './tree-source.js';

/** What a caller needs of a file: its blob oid only, its text too, or its parsed page metadata too. */
export type ContentNeed = 'oid' | 'text' | 'page';

/** What an earlier read derived from a file's bytes. */
export interface KnownFile {
  readonly size: number;
  /** The git blob oid of the bytes. */
  readonly oid: string;
  readonly text?: string;
  readonly page?: PageMeta;
}

/**
 * What an earlier read derived from the file at `path` when its change token (a blob oid, or
 * size:mtime) was `token`; undefined when it did not read it under that token.
 */
export type KnownFiles = (path: string, token: string) => KnownFile | undefined;

/** A file's blob oid (and text or page metadata when asked), from the listing, an earlier read, or freshly read. */
export interface LoadedFile {
  readonly path: string;
  readonly size: number;
  readonly oid: string;
  readonly text?: string;
  readonly page?: PageMeta;
}

/**
 * Reads what neither the listing nor an earlier read knows: a file whose blob oid the listing names
 * is not read for its oid alone, nor one whose change token an earlier read read it under.
 */
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
        loaded.set(path, { path, size: hit.size, oid: hit.oid, text: hit.text, page: hit.page });
      } else if (need === 'oid' && entry.oid !== undefined) {
        loaded.set(path, { path, size: entry.size, oid: entry.oid });
      } else {
        misses.push(path);
      }
    }
    if (need === 'oid' && this.source.hashMany !== undefined) {
      for await (const { path, size, oid } of this.source.hashMany(misses)) loaded.set(path, { path, size, oid });
      return loaded;
    }
    for await (const { path, bytes } of this.source.readMany(misses)) {
      const text = need === 'oid' ? undefined : decodeText(bytes);
      loaded.set(path, {
        path,
        size: bytes.length,
        oid: this.index.get(path)?.oid ?? gitBlobOid(bytes),
        ...(need === 'text' && text !== undefined ? { text } : {}),
        ...(need === 'page' && text !== undefined ? { page: parsePageMeta(text) } : {}),
      });
      await this.slice.pause(); // parsing frontmatter is the costly part
    }
    return loaded;
  }
}

function covers(entry: KnownFile, need: ContentNeed): boolean {
  return need === 'oid' || (need === 'text' ? entry.text !== undefined : entry.page !== undefined);
}
