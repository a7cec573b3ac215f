import { FIXED_MTIME } from './zip-layout.js';

/** What a zip header says about one entry. */
export interface ZipEntryFields {
  /** The path; written UTF-8 encoded. */
  readonly name: string;
  /** Bytes of {@link name} in UTF-8; more than its length when it is not plain ASCII (the UTF-8 flag, as fflate sets it). */
  readonly nameBytes: number;
  /** 0 stored, 8 deflated. */
  readonly method: number;
  readonly crc: number;
  readonly compressed: number;
  readonly size: number;
}

const DOS_TIME = dosDateTime(FIXED_MTIME);

/** Bytes of a local (`central` false) or central directory header for a name of `nameLength` bytes. */
export function zipHeaderLength(nameLength: number, central: boolean): number {
  return (central ? 46 : 30) + nameLength;
}

/**
 * Writes a local file header (`localOffset` undefined) or a central directory header at `at`, exactly
 * as fflate's `zipSync` writes them, so a bundle assembled entry by entry equals `createBundle`'s
 * bytes. Returns the position after it. No zip64: at most 65,535 files and 4 GiB.
 */
export function writeZipHeader(out: Buffer, at: number, entry: ZipEntryFields, localOffset: number | undefined): number {
  const isCentral = localOffset !== undefined;
  let p = out.writeUInt32LE(isCentral ? 0x02014b50 : 0x04034b50, at);
  if (isCentral) p = out.writeUInt16LE(20, p); // made by: version 2.0, MS-DOS attribute mapping (as fflate)
  p = out.writeUInt16LE(20, p); // version needed: 2.0 (deflate)
  p = out.writeUInt16LE(entry.nameBytes !== entry.name.length ? 0x800 : 0, p); // general purpose flags: bit 11 = UTF-8 names
  p = out.writeUInt16LE(entry.method, p);
  p = out.writeUInt32LE(DOS_TIME, p);
  p = out.writeUInt32LE(entry.crc, p);
  p = out.writeUInt32LE(entry.compressed, p);
  p = out.writeUInt32LE(entry.size, p);
  p = out.writeUInt16LE(entry.nameBytes, p);
  p = out.writeUInt16LE(0, p); // extra field length
  if (isCentral) {
    out.fill(0, p, p + 10); // comment length, disk, internal (2 bytes each) and external (4) attributes
    p = out.writeUInt32LE(localOffset, p + 10);
  }
  // Encoded in place: no buffer per name (10,000 of them per bundle).
  return p + out.write(entry.name, p, entry.nameBytes, 'utf8');
}

/** The end of central directory record for `count` entries. */
export function zipEnd(count: number, directorySize: number, directoryOffset: number): Uint8Array {
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, count, true);
  end.setUint16(10, count, true);
  end.setUint32(12, directorySize, true);
  end.setUint32(16, directoryOffset, true);
  return new Uint8Array(end.buffer);
}

function dosDateTime(date: Date): number {
  const days = ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1);
  return ((days << 16) | time) >>> 0;
}
