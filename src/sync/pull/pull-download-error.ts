/** A pull could not download one or more files of the space; nothing was written. */
export class PullDownloadError extends Error {
  override readonly name = 'PullDownloadError';
  readonly code = 'E_PULL_DOWNLOAD';

  constructor(
    /** Each file that failed, as `<path it would be written to>: <reason>`. */
    readonly failures: readonly string[],
    options?: { cause?: unknown },
  ) {
    const list = failures.map((f) => `\n  ${f}`).join('');
    super(
      `could not download ${failures.length === 1 ? 'a file' : `${failures.length} files`} of the space, so nothing was written:${list}\n` +
        'Check that the API can serve them (their downloadURL) and pull again.',
      options,
    );
  }
}
