import { constants, deflateRawSync } from 'node:zlib';

const MiB = 1024 * 1024;

/**
 * A zip of one entry, `zeros.md`, expanding to `mebibytes` MiB of zeros: the same sync-flushed
 * deflate block of 1 MiB repeated (each ends byte-aligned, so they chain), then an empty final
 * block. 4096 MiB of zeros take about 4 MB. Sizes and CRC are left to a data descriptor, as a
 * streaming zip writer does; a reader that stops at its caps never gets that far.
 */
export function zeroBomb(mebibytes: number): Uint8Array {
  const block = deflateRawSync(Buffer.alloc(MiB), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const data = Buffer.concat([...Array.from({ length: mebibytes }, () => block), Buffer.from([0x03, 0x00])]);
  const name = Buffer.from('zeros.md');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(0x0008, 6); // sizes and CRC follow the data
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt16LE(name.length, 26);
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(data.length, 8);
  descriptor.writeUInt32LE((mebibytes * MiB) % 2 ** 32, 12);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x0008, 8);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE((mebibytes * MiB) % 2 ** 32, 24);
  central.writeUInt16LE(name.length, 28);
  const entry = Buffer.concat([local, name, data, descriptor]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(entry.length, 16);
  return new Uint8Array(Buffer.concat([entry, central, name, end]));
}
