/** The platform's git import did not show in the space within `git.timeout` (exit 1). */
export class GitImportTimeoutError extends Error {
  readonly code = 'E_GIT_IMPORT_TIMEOUT';

  constructor(
    readonly commit: string,
    readonly timeoutMs: number,
    url: string,
  ) {
    super(
      `delivery: git: the space did not show commit ${commit.slice(0, 12)} within ${Math.round(timeoutMs / 1000)}s of asking the platform to import it from ${url} ` +
        '(the API queues the import and reports no failure): check that the platform can reach that URL with its credentials, or raise git.timeout.',
    );
    this.name = 'GitImportTimeoutError';
  }
}
