/** A pull could not download one or more files of the space; nothing was written. */
export class PullDownloadError extends Error {
  override readonly name = 'PullDownloadError';
  readonly code = 'E_PULL_DOWNLOAD';

  constructor(
    /** Each file that failed, as `<path it would be written to>: <reason>`. */
    readonly failures: readonly string[],
    /** `overCap`: the cap on a file's size (`import.maxBytes`), when a file was larger. */
    options?: { cause?: unknown; overCap?: number | undefined },
  ) {
    const list = failures.map((f) => `\n  ${f}`).join('');
    const todo =
      options?.overCap === undefined
        ? 'Check that the API can serve them (their downloadURL) and pull again.'
        : `A file larger than ${options.overCap} bytes (import.maxBytes) is not pulled: if it belongs in the docs, raise import.maxBytes of the target that syncs this space and pull again.`;
    super(
      `could not download ${failures.length === 1 ? 'a file' : `${failures.length} files`} of the space, so nothing was written:${list}\n${todo}`,
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
  }
}
