import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import { writeFileAtomically } from './write-file-atomically.js';
import { HashCacheWriteError } from '../errors/hash-cache-write-error.js';
import type { PageMeta } from '../gitbook/parse-page-meta.js';
import { TimeSlice } from '../time-slice.js';
import { UsedKeys } from '../gitbook/used-keys.js';

/** What the cache knows about one file, valid while the file's change token is unchanged. */
export interface CachedFile {
  /** The source's change token when this was computed (blob oid, or size:mtime). */
  readonly token: string;
  readonly size: number;
  /** sha256 of the bytes, hex. */
  readonly sha256: string;
  /** Decoded text of a structure file (`.gitbook.yaml`, `SUMMARY.md`), so it needs no read either. */
  readonly text?: string;
  /** Parsed metadata of a page, so an unchanged page needs no read. */
  readonly page?: PageMeta;
}

export const CACHE_VERSION = 5; // bump when parsing changes what `page` holds, or the file's layout

/** Every field of {@link PageMeta}: one left out is dropped on load, and a warm read sees another page. */
const pageSchema = z.object({
  heading: z.string().optional(),
  description: z.string().optional(),
  icon: z.string().optional(),
  hidden: z.boolean().optional(),
  layout: z.record(z.string(), z.unknown()).optional(),
  cover: z.string().optional(),
  coverY: z.number().optional(),
  refs: z.array(z.object({ target: z.string(), line: z.number(), image: z.boolean() })),
  notes: z.array(z.object({ line: z.number(), message: z.string() })),
  binary: z.literal(true).optional(),
}) satisfies z.ZodType<PageMeta>;
const entrySchema = z.object({
  token: z.string(),
  size: z.number(),
  sha256: z.string(),
  text: z.string().optional(),
  page: pageSchema.optional(),
});
const headerSchema = z.object({ version: z.literal(CACHE_VERSION) });
const lineSchema = z.tuple([z.string(), entrySchema]);

/**
 * Per-path hashes and parsed metadata, keyed by change token, persisted as JSON lines (a header, then
 * one `[path, entry]` per line), so re-reading a big tree after a one-file edit reads one file. One
 * line at a time, with the event loop let run between stretches: a large cache parsed or written
 * as one JSON document held the loop too long. A cache that is missing, corrupt or from another version
 * starts empty: it only ever costs speed, never correctness.
 */
export class HashCache {
  /** Entries stored or dropped since the last save. */
  private changes = 0;
  private readonly used = new UsedKeys();

  private constructor(
    /** Where {@link save} writes; undefined for a memory-only cache. */
    readonly file: string | undefined,
    private readonly entries: Map<string, CachedFile>,
    /** Why the persisted cache was not used, when it was not. */
    readonly loadNote: string | undefined,
  ) {}

  /** A cache that lives only as long as the object. */
  static inMemory(): HashCache {
    return new HashCache(undefined, new Map(), undefined);
  }

  /** Loads `file`; a missing or unusable one gives an empty cache (see {@link loadNote}). */
  static async load(file: string): Promise<HashCache> {
    const absolute = path.resolve(file);
    let raw: string;
    try {
      raw = await readFile(absolute, 'utf8');
    } catch {
      return new HashCache(absolute, new Map(), undefined);
    }
    const entries = await parseLines(raw);
    if (typeof entries === 'number') return new HashCache(absolute, new Map(), `${absolute}:${entries} is not valid JSON; starting empty`);
    if (entries === undefined) {
      return new HashCache(absolute, new Map(), `${absolute} is from another docsync version or damaged; starting empty`);
    }
    return new HashCache(absolute, entries, undefined);
  }

  /** Number of cached paths. */
  get size(): number {
    return this.entries.size;
  }

  /** The entry for `path` if it was computed under the same `token`; no token, no entry. */
  lookup(filePath: string, token: string | undefined): CachedFile | undefined {
    this.used.mark(filePath);
    const entry = this.entries.get(filePath);
    return token !== undefined && entry?.token === token ? entry : undefined;
  }

  store(filePath: string, entry: CachedFile): void {
    this.used.mark(filePath);
    this.entries.set(filePath, entry);
    this.changes += 1;
  }

  /**
   * Drops entries not looked up or stored since the last prune or the load (deleted files), and starts
   * the next round: a long-lived cache keeps only what the latest read used. Returns how many.
   */
  prune(): number {
    const dropped = this.used.sweep(this.entries);
    this.changes += dropped;
    return dropped;
  }

  /**
   * Writes the cache if at least `minChanges` entries (default 1) were stored or dropped since it was
   * loaded or last saved: to a temp file, then renamed over, so a crash never leaves half a file. A
   * cache left unsaved only costs the next process a re-read of the files it missed.
   */
  async save(options: { readonly minChanges?: number } = {}): Promise<void> {
    if (this.file === undefined || this.changes < Math.max(1, options.minChanges ?? 1)) return;
    try {
      const slice = new TimeSlice();
      const lines = [JSON.stringify({ version: CACHE_VERSION })];
      for (const entry of this.entries) {
        lines.push(JSON.stringify(entry));
        await slice.pause();
      }
      await writeFileAtomically(this.file, `${lines.join('\n')}\n`);
      this.changes = 0;
    } catch (error) {
      throw new HashCacheWriteError(this.file, error);
    }
  }
}

/**
 * The entries of a cache file, checked line by line: undefined when a line is damaged or the version
 * differs, the line number when a line is not JSON.
 */
async function parseLines(raw: string): Promise<Map<string, CachedFile> | number | undefined> {
  const lines = raw.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const slice = new TimeSlice();
  const entries = new Map<string, CachedFile>();
  for (const [index, line] of lines.entries()) {
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      return index + 1;
    }
    if (index === 0) {
      if (!headerSchema.safeParse(json).success) return undefined;
      continue;
    }
    const parsed = lineSchema.safeParse(json);
    if (!parsed.success) return undefined;
    entries.set(parsed.data[0], parsed.data[1]);
    await slice.pause();
  }
  return lines.length === 0 ? undefined : entries;
}
