import { createHash } from 'node:crypto';
import { type FileHandle, open, rm } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { deflateSync } from 'fflate';
import { bundleContents } from './bundle-contents.js';
import { DeflatePool, type Deflater } from './deflate-pool.js';
import { type DeflatedEntry, DeflatedEntryCache } from '../cache/deflated-entry-cache.js';
import type { DocsSnapshot, SnapshotFile } from '../gitbook/docs-snapshot.js';
import { SnapshotStaleError } from '../errors/snapshot-stale-error.js';
import { blobOidHash } from '../git/git-blob-oid.js';
import type { TreeSource } from '../tree-source.js';
import { writeZipHeader, zipEnd, type ZipEntryFields, zipHeaderLength } from './zip-headers.js';
import { DEFAULT_LEVEL, type DeflateLevel, levelFor } from './zip-layout.js';

/** Options of {@link writeBundle}. */
export interface WriteBundleOptions {
  /** Deflated entries of earlier bundles; only content it lacks is read and deflated. Default: a fresh in-memory cache. */
  readonly cache?: DeflatedEntryCache;
  /** Where big batches are deflated. Default: a pool started and closed by this call. */
  readonly deflater?: Deflater;
  /** Deflate level for compressible files, 1-9. Default 6. Images, archives and PDFs are stored. */
  readonly level?: Exclude<DeflateLevel, 0>;
}

/** A bundle written to a file. */
export interface BundleFile {
  readonly path: string;
  /** Bytes of the zip. */
  readonly size: number;
  /** The snapshot's content hash: what is inside, independent of the zip encoding. */
  readonly contentHash: string;
  /** sha256 of the zip, hex. */
  readonly bytesHash: string;
  /** Files deflated by this call; the others came from the cache or are stored as they are. */
  readonly deflated: number;
  /** Files read from the source: the deflated ones and the stored ones. */
  readonly read: number;
}

/** Below this many bytes to deflate, a worker round trip costs more than deflating here (a few ms). */
const INLINE_DEFLATE_BYTES = 256 * 1024;
/** Bytes sent to a worker at once. */
const BATCH_BYTES = 512 * 1024;
/** Read-ahead bound: entries read or deflating but not yet written. */
const MAX_PENDING_BYTES = 32 * 1024 * 1024;
/** Output is written in chunks of about this size. */
const WRITE_CHUNK_BYTES = 1024 * 1024;
/**
 * Entry data at least this big is written from its own buffer rather than copied into a chunk, and a
 * stored file this big is copied in pieces when the source can read it so.
 */
const COPY_LIMIT_BYTES = 64 * 1024;
/** Pieces of a stored file copied into the zip. */
const PIECE_BYTES = 1024 * 1024;
/** Local headers are written into buffers of this size. */
const ARENA_BYTES = 64 * 1024;

interface Batch {
  readonly files: Uint8Array[];
  bytes: number;
  result?: Promise<DeflatedEntry[]>;
}

/**
 * An entry on its way to the zip: cached, made here, the `index`th file of a batch a worker deflates,
 * or a big stored file copied from the source in pieces when its turn comes.
 */
interface Slot {
  readonly file: SnapshotFile;
  readonly level: DeflateLevel;
  /** The source path of a file copied in pieces; it is never read ahead. */
  readonly copied: string | undefined;
  /** From the cache, or made by this call (then it goes into the cache once written). */
  entry: DeflatedEntry | undefined;
  batch?: { readonly of: Batch; readonly index: number };
  /** Bytes this slot holds in memory until written (a stored file, or a deflate's input). */
  held: number;
}

/**
 * Writes the snapshot's deterministic zip (the same bytes as `createBundle`) to `file`, reading and
 * deflating only the files whose content is not in the cache: after a one-page edit, one file is read
 * and deflated and every other entry is copied from the cache. Reads are checked against the
 * snapshot's hashes (`SnapshotStaleError` when a file changed since the read); large deflates run in
 * worker threads, so the event loop stays free, and big stored files are copied in pieces when the
 * source can read them so. The cache keeps what this bundle used; prune it after.
 */
export async function writeBundle(snapshot: DocsSnapshot, source: TreeSource, file: string, options: WriteBundleOptions = {}): Promise<BundleFile> {
  const level = options.level ?? DEFAULT_LEVEL;
  const cache = options.cache ?? DeflatedEntryCache.inMemory();
  const slots: Slot[] = [];
  const misses: SnapshotFile[] = [];
  const readPieces = source.readPieces?.bind(source);
  let copies = 0;
  let toDeflate = 0;
  let deflated = 0;
  for (const entry of snapshot.files) {
    const fileLevel = levelFor(entry.path, level);
    const hit = fileLevel === 0 ? undefined : cache.get(entry.oid, fileLevel);
    const copied = fileLevel === 0 && readPieces !== undefined && entry.size >= COPY_LIMIT_BYTES ? entry.sourcePath : undefined;
    slots.push({ file: entry, level: fileLevel, copied, entry: hit, held: 0 });
    if (copied !== undefined) copies += 1;
    if (hit !== undefined || copied !== undefined) continue;
    misses.push(entry);
    if (fileLevel !== 0) {
      toDeflate += entry.size;
      deflated += 1;
    }
  }
  const useWorkers = toDeflate > INLINE_DEFLATE_BYTES;
  const ownPool = useWorkers && options.deflater === undefined ? new DeflatePool() : undefined;
  const deflater = useWorkers ? (options.deflater ?? ownPool) : undefined;

  const handle = await open(file, 'w');
  const out = new ZipOutput(handle);
  const piece = copies > 0 ? Buffer.allocUnsafe(PIECE_BYTES) : undefined;
  const readCopy = readPieces === undefined || piece === undefined ? undefined : (path: string) => readPieces(path, piece);
  const reads = bundleContents({ ...snapshot, files: misses }, source)[Symbol.asyncIterator]();
  try {
    let written = 0; // slots before this one are in `out`
    let pendingBytes = 0; // read, not yet written
    let batch: Batch = { files: [], bytes: 0 };
    const send = (of: Batch): Promise<DeflatedEntry[]> => {
      if (of.result === undefined) {
        if (deflater === undefined) throw new Error('Internal error: a batch without a deflater.');
        of.result = deflater.deflate(of.files, level);
        of.result.catch(() => undefined); // awaited in order when written; this only keeps it from being "unhandled"
      }
      return of.result;
    };
    const writeUpTo = async (end: number): Promise<void> => {
      for (; written < end; written++) {
        const slot = slots[written];
        if (slot === undefined) break;
        const copied = slot.copied;
        if (copied !== undefined && readCopy !== undefined) {
          await copyStored(out, slot.file, { label: source.label, path: copied, read: () => readCopy(copied) });
          continue;
        }
        if (slot.batch !== undefined) {
          slot.entry = (await send(slot.batch.of))[slot.batch.index];
          if (slot.entry !== undefined) cache.set(slot.file.oid, slot.level, slot.entry);
          slot.batch = undefined;
        }
        pendingBytes -= slot.held;
        if (slot.entry === undefined) throw new Error(`Internal error: no deflated data for ${slot.file.path}.`);
        out.entry(slot.file.path, slot.level === 0 ? 0 : 8, slot.entry);
        // Written: a stored file's bytes go once flushed, not when the whole bundle is done (else every asset stays in memory).
        slot.entry = undefined;
        if (out.buffered >= WRITE_CHUNK_BYTES) await out.flush();
      }
    };

    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      if (slot === undefined || slot.entry !== undefined || slot.copied !== undefined) continue;
      const next = await reads.next();
      if (next.done === true) throw new Error(`Internal error: no bytes read for ${slot.file.path}.`);
      const { bytes } = next.value;
      if (slot.level === 0) {
        slot.entry = { crc: crc32(bytes), size: bytes.length, data: bytes };
        slot.held = bytes.length;
      } else if (deflater === undefined) {
        slot.entry = { crc: crc32(bytes), size: bytes.length, data: deflateSync(bytes, { level: slot.level }) };
        cache.set(slot.file.oid, slot.level, slot.entry);
      } else {
        if (batch.result !== undefined) batch = { files: [], bytes: 0 };
        slot.batch = { of: batch, index: batch.files.push(bytes) - 1 };
        slot.held = bytes.length;
        batch.bytes += bytes.length;
        if (batch.bytes >= BATCH_BYTES) void send(batch);
      }
      pendingBytes += slot.held;
      if (pendingBytes > MAX_PENDING_BYTES) await writeUpTo(i + 1);
    }
    await writeUpTo(slots.length);
    const done = await out.finish();
    return { path: file, size: done.size, contentHash: snapshot.contentHash, bytesHash: done.bytesHash, deflated, read: misses.length + copies };
  } catch (error) {
    await out.abandon();
    await rm(file, { force: true });
    throw error;
  } finally {
    await reads.return(undefined); // stops a `git cat-file` process when we stop early
    await ownPool?.close();
  }
}

/** Where a stored file is copied from, in pieces that each overwrite the one before. */
interface PieceSource {
  readonly label: string;
  readonly path: string;
  read(): AsyncIterable<Uint8Array>;
}

/**
 * A big stored file, copied into the zip in pieces instead of read whole (read whole, the assets
 * churned as much memory as they weigh): read once for the header's CRC-32, checked against the snapshot's
 * blob oid, then again into the zip, checked against that CRC.
 */
async function copyStored(out: ZipOutput, file: SnapshotFile, from: PieceSource): Promise<void> {
  const hasher = blobOidHash(file.size);
  let crc = 0;
  let size = 0;
  for await (const piece of from.read()) {
    hasher.update(piece);
    crc = crc32(piece, crc);
    size += piece.length;
  }
  if (size !== file.size || hasher.digest('hex') !== file.oid) throw new SnapshotStaleError(from.label, from.path);
  out.header(file.path, 0, crc, size, size);
  let copiedCrc = 0;
  let copied = 0;
  for await (const piece of from.read()) {
    copied += piece.length;
    if (copied > size) break;
    copiedCrc = crc32(piece, copiedCrc);
    await out.raw(piece);
  }
  // Changed between the two reads: the zip would not hold what its header says.
  if (copied !== size || copiedCrc !== crc) throw new SnapshotStaleError(from.label, from.path);
}

/** Zip entries and their central directory, hashed and written to a file in large chunks. */
class ZipOutput {
  private readonly hash = createHash('sha256');
  private readonly central: { fields: ZipEntryFields; offset: number }[] = [];
  private chunk: Uint8Array[] = [];
  /** Local headers are written into this, in turn, then referenced from `chunk`. */
  private arena = Buffer.allocUnsafe(ARENA_BYTES);
  private arenaAt = 0;
  private offset = 0;
  /** Bytes in `chunk`, not yet written. */
  buffered = 0;

  constructor(private readonly handle: FileHandle) {}

  entry(path: string, method: 0 | 8, entry: DeflatedEntry): void {
    this.header(path, method, entry.crc, entry.data.length, entry.size);
    this.chunk.push(entry.data);
    this.offset += entry.data.length;
    this.buffered += entry.data.length;
  }

  /** An entry's local header; its data follows, through `chunk` or `raw`. */
  header(path: string, method: 0 | 8, crc: number, compressed: number, size: number): void {
    // One object per entry, kept for the central directory: 10,000 entries per bundle after every edit.
    const fields: ZipEntryFields = { name: path, nameBytes: Buffer.byteLength(path), method, crc, compressed, size };
    const length = zipHeaderLength(fields.nameBytes, false);
    if (this.arenaAt + length > this.arena.length) {
      this.arena = Buffer.allocUnsafe(Math.max(ARENA_BYTES, length));
      this.arenaAt = 0;
    }
    const end = writeZipHeader(this.arena, this.arenaAt, fields, undefined);
    this.chunk.push(this.arena.subarray(this.arenaAt, end));
    this.arenaAt = end;
    this.central.push({ fields, offset: this.offset });
    this.offset += length;
    this.buffered += length;
  }

  /** Entry data written at once, after what is buffered: `bytes` may be reused as soon as this resolves. */
  async raw(bytes: Uint8Array): Promise<void> {
    if (this.buffered > 0) await this.flush();
    await this.write(bytes);
    this.offset += bytes.length;
  }

  async finish(): Promise<{ size: number; bytesHash: string }> {
    const directorySize = this.central.reduce((sum, { fields }) => sum + zipHeaderLength(fields.nameBytes, true), 0);
    const directory = Buffer.allocUnsafe(directorySize);
    let at = 0;
    for (const { fields, offset } of this.central) at = writeZipHeader(directory, at, fields, offset);
    this.chunk.push(directory, zipEnd(this.central.length, directorySize, this.offset));
    await this.flush();
    await this.handle.close();
    return { size: this.offset + directorySize + 22, bytesHash: this.hash.digest('hex') };
  }

  async abandon(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }

  async flush(): Promise<void> {
    const pieces = this.chunk;
    this.chunk = [];
    this.buffered = 0;
    // Small pieces are joined into one write; big ones (stored files read whole) are written as they
    // are, since copying them doubled the memory a bundle churns through.
    let small: Uint8Array[] = [];
    for (const piece of pieces) {
      if (piece.length < COPY_LIMIT_BYTES) {
        small.push(piece);
        continue;
      }
      if (small.length > 0) await this.write(Buffer.concat(small));
      small = [];
      await this.write(piece);
    }
    if (small.length > 0) await this.write(Buffer.concat(small));
  }

  private async write(bytes: Uint8Array): Promise<void> {
    this.hash.update(bytes);
    for (let at = 0; at < bytes.length;) at += (await this.handle.write(bytes, at)).bytesWritten;
  }
}
