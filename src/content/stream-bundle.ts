import { crc32 } from 'node:zlib';
import { deflateSync, strToU8 } from 'fflate';
import { bundleContents } from './bundle-contents.js';
import type { CreateBundleOptions } from './create-bundle.js';
import type { DocsSnapshot } from './docs-snapshot.js';
import type { TreeSource } from './tree-source.js';
import { DEFAULT_LEVEL, FIXED_MTIME, levelFor } from './zip-layout.js';

const DOS_TIME = dosDateTime(FIXED_MTIME);

/**
 * The same bytes as `createBundle`, as chunks (one per file, then the central directory), holding
 * one file at a time: for large asset folders, or to stream into an HTTP response or a file.
 * Writes headers exactly as fflate's `zipSync` does (tests compare the two byte for byte).
 * No zip64: at most 65,535 files and 4 GiB.
 */
export async function* streamBundle(
  snapshot: DocsSnapshot,
  source: TreeSource,
  options: CreateBundleOptions = {},
): AsyncGenerator<Uint8Array> {
  const level = options.level ?? DEFAULT_LEVEL;
  const central: Uint8Array[] = [];
  let offset = 0;
  for await (const { file, bytes } of bundleContents(snapshot, source)) {
    const fileLevel = levelFor(file.path, level);
    const data = fileLevel === 0 ? bytes : deflateSync(bytes, { level: fileLevel });
    const name = strToU8(file.path);
    const entry = {
      name,
      utf8: name.length !== file.path.length,
      method: fileLevel === 0 ? 0 : 8,
      crc: crc32(bytes),
      compressed: data.length,
      size: bytes.length,
    };
    const local = header(entry, undefined);
    central.push(header(entry, offset));
    offset += local.length + data.length;
    yield local;
    yield data;
  }
  const directorySize = central.reduce((sum, part) => sum + part.length, 0);
  yield* central;
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, central.length, true);
  end.setUint16(10, central.length, true);
  end.setUint32(12, directorySize, true);
  end.setUint32(16, offset, true);
  yield new Uint8Array(end.buffer);
}

interface EntryFields {
  name: Uint8Array;
  utf8: boolean;
  method: number;
  crc: number;
  compressed: number;
  size: number;
}

/** A local file header (`localOffset` undefined) or a central directory header, as fflate writes them. */
function header(entry: EntryFields, localOffset: number | undefined): Uint8Array {
  const isCentral = localOffset !== undefined;
  const fixed = isCentral ? 46 : 30;
  const out = new Uint8Array(fixed + entry.name.length);
  const view = new DataView(out.buffer);
  let at = 0;
  view.setUint32(at, isCentral ? 0x02014b50 : 0x04034b50, true);
  at += 4;
  if (isCentral) {
    view.setUint16(at, 20, true); // made by: version 2.0, MS-DOS attribute mapping (as fflate)
    at += 2;
  }
  view.setUint16(at, 20, true); // version needed: 2.0 (deflate)
  view.setUint16(at + 2, entry.utf8 ? 0x800 : 0, true); // general purpose flags: bit 11 = UTF-8 names
  view.setUint16(at + 4, entry.method, true);
  view.setUint32(at + 6, DOS_TIME, true);
  view.setUint32(at + 10, entry.crc, true);
  view.setUint32(at + 14, entry.compressed, true);
  view.setUint32(at + 18, entry.size, true);
  view.setUint16(at + 22, entry.name.length, true);
  at += 26; // extra field length stays 0
  if (isCentral) at += 10; // comment length, disk, internal and external attributes: all 0
  if (isCentral) view.setUint32(at, localOffset, true);
  if (isCentral) at += 4;
  out.set(entry.name, at);
  return out;
}

function dosDateTime(date: Date): number {
  const days = ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1);
  return ((days << 16) | time) >>> 0;
}
