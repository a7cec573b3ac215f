/**
 * A rule of the manifest broken, found after the schema passed (duplicate key, unknown space key…).
 * `path` points into the YAML document; the loader turns it into a ConfigError with the line.
 */
export class ManifestIssueError extends Error {
  override readonly name = 'ManifestIssueError';

  constructor(
    message: string,
    readonly path: readonly (string | number)[],
  ) {
    super(message);
  }
}
