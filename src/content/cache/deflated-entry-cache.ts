import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from './write-file-atomically.js';
import { DeflatedEntryCacheWriteError } from '../errors/deflated-entry-cache-write-error.js';
import { TimeSlice } from '../time-slice.js';
import { UsedKeys } from '../gitbook/used-keys.js';

/** A file's bytes as a zip stores them deflated, with what its headers need. */
export interface DeflatedEntry {
  /** CRC-32 of the uncompressed bytes. */
  readonly crc: number;
  /** Uncompressed size. */
  readonly size: number;
  /** The raw deflate stream. */
  readonly data: Uint8Array;
}

const MAGIC = 0x44534543; // "DSEC"
/** Version 1 keyed entries by the content's sha256: read as another version's, so unused. */
const VERSION = 2;
const HEADER = 12; // magic, version, count
const OID = 20; // a blob oid's bytes
const RECORD = OID + 13; // blob oid, level (1), crc (4), size (4), data length (4)

/**
 * Deflated zip entries keyed by the content's git blob oid (at one deflate level), so a new bundle deflates only
 * the files whose content it has not deflated before, and copies the rest. Persisted as one binary
 * file (a record table, then the data). A missing or damaged file starts empty: the cache only ever
 * costs speed, never correctness. Stored (level 0) entries are not cached: copying them costs no CPU.
 */
export class DeflatedEntryCache {
  /** Entries stored or dropped since the file was last written. */
  private changes = 0;
  private readonly used = new UsedKeys();

  private constructor(
    /** Where {@link save} writes; undefined for a memory-only cache. */
    readonly file: string | undefined,
    /** By the content's blob oid (hex); one level per content, the latest asked. */
    private readonly entries: Map<string, LeveledEntry>,
    /** Why the persisted cache was not used, when it was not. */
    readonly loadNote: string | undefined,
  ) {}

  static inMemory(): DeflatedEntryCache {
    return new DeflatedEntryCache(undefined, new Map(), undefined);
  }

  /** Loads `file`; a missing or unusable one gives an empty cache (see {@link loadNote}). */
  static async load(file: string): Promise<DeflatedEntryCache> {
    const absolute = path.resolve(file);
    let raw: Buffer;
    try {
      raw = await readFile(absolute);
    } catch {
      return new DeflatedEntryCache(absolute, new Map(), undefined);
    }
    const entries = await decode(raw);
    return entries === undefined
      ? new DeflatedEntryCache(absolute, new Map(), `${absolute} is from another docsync version or damaged; starting empty`)
      : new DeflatedEntryCache(absolute, entries, undefined);
  }

  /** Number of cached entries. */
  get size(): number {
    return this.entries.size;
  }

  /** The entry of the content with this blob oid at this level, if cached. */
  get(oid: string, level: number): DeflatedEntry | undefined {
    const entry = this.entries.get(oid);
    if (entry?.level !== level) return undefined;
    this.used.mark(oid);
    return entry;
  }

  set(oid: string, level: number, entry: DeflatedEntry): void {
    this.used.mark(oid);
    this.entries.set(oid, { ...entry, level });
    this.changes += 1;
  }

  /**
   * Drops entries not read or stored since the last prune (content no bundle uses any more), so the
   * cache holds one bundle's worth at most. Call it after a bundle is built. Returns how many.
   */
  prune(): number {
    const dropped = this.used.sweep(this.entries);
    this.changes += dropped;
    return dropped;
  }

  /**
   * Writes the cache if at least `minChanges` entries (default 1) were stored or dropped since it was
   * last written: to a temp file, then renamed over, so a crash never leaves half a file. A file a few
   * entries behind costs a few deflates after a restart, never a wrong bundle (entries are keyed by
   * content), while rewriting every entry costs milliseconds on every sync of a big repo.
   */
  async save(options: { readonly minChanges?: number } = {}): Promise<void> {
    if (this.file === undefined || this.changes < Math.max(1, options.minChanges ?? 1)) return;
    try {
      // Chunk by chunk where it is binary: never a second copy of the cache in memory.
      await writeFileAtomically(this.file, await encode(this.entries));
      this.changes = 0;
    } catch (error) {
      throw new DeflatedEntryCacheWriteError(this.file, error);
    }
  }
}

interface LeveledEntry extends DeflatedEntry {
  readonly level: number;
}

/** Entry data is written in pieces of about this size: one write per entry would be a system call each. */
const PIECE_BYTES = 1024 * 1024;

/** The cache file's pieces; the event loop runs between stretches (a large cache encoded at once held it too long). */
async function encode(entries: ReadonlyMap<string, LeveledEntry>): Promise<Uint8Array[]> {
  const slice = new TimeSlice();
  const table = Buffer.alloc(HEADER + RECORD * entries.size);
  table.writeUInt32LE(MAGIC, 0);
  table.writeUInt32LE(VERSION, 4);
  table.writeUInt32LE(entries.size, 8);
  let at = HEADER;
  const pieces: Uint8Array[] = [table];
  let piece: Uint8Array[] = [];
  let pieceBytes = 0;
  for (const [oid, entry] of entries) {
    table.write(oid, at, OID, 'hex');
    table.writeUInt8(entry.level, at + OID);
    table.writeUInt32LE(entry.crc, at + OID + 1);
    table.writeUInt32LE(entry.size, at + OID + 5);
    table.writeUInt32LE(entry.data.length, at + OID + 9);
    at += RECORD;
    piece.push(entry.data);
    pieceBytes += entry.data.length;
    if (pieceBytes >= PIECE_BYTES) {
      pieces.push(Buffer.concat(piece, pieceBytes));
      piece = [];
      pieceBytes = 0;
    }
    await slice.pause();
  }
  if (piece.length > 0) pieces.push(Buffer.concat(piece, pieceBytes));
  return pieces;
}

/** The entries of a cache file, or undefined when it is not one this version wrote whole. */
async function decode(raw: Buffer): Promise<Map<string, LeveledEntry> | undefined> {
  const slice = new TimeSlice();
  if (raw.length < HEADER || raw.readUInt32LE(0) !== MAGIC || raw.readUInt32LE(4) !== VERSION) return undefined;
  const count = raw.readUInt32LE(8);
  let dataAt = HEADER + RECORD * count;
  if (dataAt > raw.length) return undefined;
  const entries = new Map<string, LeveledEntry>();
  for (let at = HEADER; at < HEADER + RECORD * count; at += RECORD) {
    const length = raw.readUInt32LE(at + OID + 9);
    if (dataAt + length > raw.length) return undefined;
    entries.set(raw.toString('hex', at, at + OID), {
      level: raw.readUInt8(at + OID),
      crc: raw.readUInt32LE(at + OID + 1),
      size: raw.readUInt32LE(at + OID + 5),
      data: raw.subarray(dataAt, dataAt + length),
    });
    dataAt += length;
    await slice.pause();
  }
  return dataAt === raw.length ? entries : undefined;
}
