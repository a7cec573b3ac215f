/** `docsync pull` was pointed at a folder that already holds files, without `--force`. */
export class PullTargetNotEmptyError extends Error {
  override readonly name = 'PullTargetNotEmptyError';
  readonly code = 'E_PULL_NOT_EMPTY';

  constructor(
    /** The folder, absolute. */
    readonly directory: string,
    options?: { cause?: unknown },
  ) {
    super(`${directory} is not empty; pull into a new or empty folder, or pass --force to write over the files there`, options);
  }
}
