import { Unzip, UnzipInflate, UnzipPassThrough, type UnzipFile } from 'fflate';
import { ArchiveError } from '../errors/archive-error.js';

/** How far an archive may expand. Every cap is checked while the archive streams, chunk by chunk. */
export interface ZipLimits {
  /** Most entries (files and folders) the archive may hold. */
  readonly maxEntries: number;
  /** Most bytes its files may expand to, all together. */
  readonly maxExpandedBytes: number;
  /**
   * Most bytes of content per byte of archive, once more than {@link RATIO_FLOOR} bytes came out.
   * Text compresses 3 to 10 times; a stream of zeros over 1000 times.
   */
  readonly maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 50_000, maxExpandedBytes: 256 * 1024 * 1024, maxRatio: 100 };

/** Below this much content the ratio is not checked: a small archive of one repeated line is no bomb. */
export const RATIO_FLOOR = 1024 * 1024;

/**
 * Compressed bytes handed to the inflater at a time. Deflate expands at most about 1032 times, so
 * no chunk can bring out more than ~16 MiB before the caps are checked again. Also kept small
 * because fflate's Unzip recurses once per entry within a chunk: 1 MiB of tiny entries overflows
 * the stack, 16 KiB holds a few hundred at most.
 */
const CHUNK = 16 * 1024;

/** Entries that are never content: OS droppings and a checked-in `.git` folder. */
const JUNK = /(^|\/)(__MACOSX|\.git)\/|(^|\/)(\.DS_Store|Thumbs\.db)$/;

/**
 * Unpacks a zip into `path → bytes`, paths normalized to `a/b.md`, OS junk dropped, and a single
 * folder holding everything (GitHub's `repo-main/`) stripped. The one zip reader of docsync: the
 * emulator's import and a migration's zip source read archives with it. Throws {@link ArchiveError}
 * naming `label` when the archive is unreadable, when an entry would land outside its folder, or
 * as soon as it passes a cap of `limits` (entries, expanded bytes, ratio), so a zip bomb costs at
 * most the cap in memory.
 */
export function readZip(archive: Uint8Array, label: string, limits: Partial<ZipLimits> = {}): Map<string, Uint8Array> {
  const { maxEntries, maxExpandedBytes, maxRatio } = { ...DEFAULT_ZIP_LIMITS, ...limits };
  const files = new Map<string, Uint8Array[]>();
  let entries = 0;
  let expanded = 0;
  const escaping: string[] = [];

  const onFile = (file: UnzipFile): void => {
    entries += 1;
    if (entries > maxEntries) {
      throw new ArchiveError('entries', `${label} holds more than ${maxEntries} entries, the cap on entries of an archive; nothing was read.`);
    }
    const name = file.name.replace(/\\/g, '/');
    if (escapes(name)) {
      escaping.push(file.name);
      return;
    }
    const path = normalize(name);
    if (name.endsWith('/') || path === '' || JUNK.test(path)) return;
    const chunks: Uint8Array[] = [];
    files.set(path, chunks);
    file.ondata = (error, chunk) => {
      if (error) throw error;
      expanded += chunk.byteLength;
      if (expanded > maxExpandedBytes) {
        throw new ArchiveError(
          'expanded-bytes',
          `${label} expands beyond ${maxExpandedBytes} bytes (${mib(maxExpandedBytes)}), the cap on an archive's content; nothing was read.`,
        );
      }
      if (expanded > RATIO_FLOOR && expanded > archive.byteLength * maxRatio) {
        throw new ArchiveError(
          'ratio',
          `${label} expands more than ${maxRatio} times its ${archive.byteLength} bytes, the cap on an archive's compression ratio (a zip bomb?); nothing was read.`,
        );
      }
      chunks.push(chunk);
    };
    file.start();
  };

  const unzip = new Unzip(onFile);
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    if (archive.byteLength === 0) unzip.push(archive, true);
    for (let offset = 0; offset < archive.byteLength; offset += CHUNK) {
      unzip.push(archive.subarray(offset, offset + CHUNK), offset + CHUNK >= archive.byteLength);
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError('unreadable', `${label} is not a readable zip archive (${(error as Error).message}).`, error);
  }
  if (entries === 0 && !looksLikeEmptyZip(archive)) throw new ArchiveError('unreadable', `${label} is not a readable zip archive (no entries found).`);
  if (escaping.length > 0) {
    const names = escaping
      .slice(0, 3)
      .map((n) => `"${n}"`)
      .join(', ');
    throw new ArchiveError('escapes', `${label} has entries whose path escapes its folder (${names}); nothing was read.`);
  }
  const joined = new Map<string, Uint8Array>();
  for (const [path, chunks] of files) joined.set(path, concat(chunks));
  return stripSharedFolder(joined);
}

/** True for a name that would land outside the folder it is extracted into. */
function escapes(name: string): boolean {
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.includes('\0')) return true;
  return name.split('/').some((segment) => segment === '..');
}

function normalize(name: string): string {
  return name
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
}

/** An archive of no entries is only its end-of-central-directory record (`PK\x05\x06`). */
function looksLikeEmptyZip(archive: Uint8Array): boolean {
  return archive.byteLength >= 22 && archive[0] === 0x50 && archive[1] === 0x4b && archive[2] === 0x05 && archive[3] === 0x06;
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
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

function mib(bytes: number): string {
  return `${(bytes / 1048576).toFixed(bytes % 1048576 === 0 ? 0 : 1)} MiB`;
}
