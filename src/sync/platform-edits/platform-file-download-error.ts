import { PlatformEditsNotKeptError } from '../../failure/platform-edits-not-kept-error.js';
import type { DownloadError } from '../../http/errors/download-error.js';

/**
 * A file uploaded in the platform, which a page kept for git links to, could not be downloaded into
 * the repository's assets: the sync stopped before overwriting anything. Permanent when the download
 * is (a 404, a file over the size limit, an address pull never fetches).
 */
export class PlatformFileDownloadError extends PlatformEditsNotKeptError {
  readonly code = 'E_PLATFORM_FILE_DOWNLOAD';
  readonly permanent: boolean;

  constructor(
    readonly file: string,
    /** The page linking it, by path in the docs root. */
    readonly page: string,
    cause: DownloadError,
  ) {
    super(
      `The file "${file}" that ${page} links to, uploaded in the platform, could not be downloaded into git: ${cause.message}. ` +
        'Nothing was overwritten. Check that the API serves it (its downloadURL) and sync again, or remove the link in the platform.',
      { cause },
    );
    this.name = 'PlatformFileDownloadError';
    this.permanent = cause.permanent;
  }
}
