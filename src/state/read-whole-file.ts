import { open } from 'node:fs/promises';

/**
 * A file's bytes by one read of the size it has when opened (docsync replaces the files it reads
 * whole by a rename, never writes into them). `readFile` reads in pieces of 512 KiB, each a round
 * trip through the thread pool that waits for the event loop: a large file took many of them, each
 * late behind whatever else the process was doing.
 */
export async function readWholeFile(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.allocUnsafe(size);
    let total = 0;
    while (total < size) {
      const { bytesRead } = await handle.read(buffer, total, size - total, total);
      if (bytesRead === 0) break;
      total += bytesRead;
    }
    return buffer.subarray(0, total);
  } finally {
    await handle.close();
  }
}
