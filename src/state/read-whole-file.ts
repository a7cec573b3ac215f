import { open } from 'node:fs/promises';

/**
 * A file's bytes by one read of its whole size (more only when it grew meanwhile). `readFile` reads
 * in pieces of 512 KiB, each a round trip through the thread pool that waits for the event loop: a
 * 7 MB file took 14 of them, late behind whatever else the process was doing.
 */
export async function readWholeFile(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const chunks: Buffer[] = [];
    let total = 0;
    for (let length = Math.max(size, 1); ; length = 65_536) {
      const { bytesRead, buffer } = await handle.read(Buffer.allocUnsafe(length), 0, length, total);
      if (bytesRead === 0) break;
      chunks.push(buffer.subarray(0, bytesRead));
      total += bytesRead;
    }
    return chunks.length === 1 ? (chunks[0] ?? Buffer.alloc(0)) : Buffer.concat(chunks, total);
  } finally {
    await handle.close();
  }
}
