import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/** A path docsync reads as a file names something else: a FIFO, a socket, a device or a folder. */
export class NotRegularFileError extends Error {
  override readonly name = 'NotRegularFileError';
  /** What `reasonOf` prints, in place of an errno code. */
  readonly code = 'not a regular file';

  constructor(
    readonly path: string,
    readonly kind: string,
  ) {
    super(`${path} is not a regular file (a ${kind})`);
  }
}

/**
 * The text of the regular file at `path` (symlinks followed). Opened without blocking, so a FIFO
 * is refused at once with `NotRegularFileError` instead of waiting forever for a writer.
 */
export async function readRegularFile(path: string): Promise<string> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new NotRegularFileError(path, kindOf(info));
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/** Why a read failed, for a message: the errno code, or "not a regular file (a fifo)". */
export function reasonOf(error: unknown): string {
  if (error instanceof NotRegularFileError) return `${error.code} (a ${error.kind})`;
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

function kindOf(info: { isFIFO(): boolean; isSocket(): boolean; isDirectory(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean }): string {
  if (info.isFIFO()) return 'fifo';
  if (info.isSocket()) return 'socket';
  if (info.isDirectory()) return 'folder';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'device';
  return 'special file';
}
