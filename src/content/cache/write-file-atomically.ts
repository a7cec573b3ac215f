import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `data` to a temporary file beside `file`, then renames it over `file`, so a crash never
 * leaves half a file. The temporary file is removed when the write fails; the error is rethrown.
 */
export async function writeFileAtomically(file: string, data: string | Iterable<Uint8Array>): Promise<void> {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temp, data);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}
