import { ContentError } from './content-error.js';

/** The hash cache could not be written. Reads still work; only the next run gets slower. */
export class HashCacheWriteError extends ContentError {
  override readonly code = 'E_CONTENT_CACHE';
  readonly file: string;

  constructor(file: string, cause?: unknown) {
    const denied = (cause as NodeJS.ErrnoException | undefined)?.code === 'EACCES' || (cause as NodeJS.ErrnoException | undefined)?.code === 'EPERM';
    // In a container, the usual cause: the image's user is not the owner of the mounted repository.
    const fix = denied
      ? 'run docsync as the owner of the repository (in Docker: --user "$(id -u):$(id -g)")'
      : 'check that its directory is writable and the disk is not full';
    super(`Cannot write the hash cache ${file}: ${fix}.`, cause);
    this.name = 'HashCacheWriteError';
    this.file = file;
  }
}
