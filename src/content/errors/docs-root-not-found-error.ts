import { ContentError } from './content-error.js';

/** The docs root (`root` in `.gitbook.yaml`, or the project directory) holds no files. */
export class DocsRootNotFoundError extends ContentError {
  override readonly code = 'E_CONTENT_ROOT';
  /** The missing directory, relative to the source's top ('' = the top itself). */
  readonly directory: string;

  /**
   * @param source where we looked (a directory, or `repo@ref`)
   * @param directory the docs root relative to the source
   * @param configHint where the root came from, e.g. `docs/.gitbook.yaml:2 (root: ./content)`
   */
  constructor(source: string, directory: string, configHint: string | undefined, cause?: unknown) {
    const shown = directory === '' ? '(top level)' : `${directory}/`;
    const from = configHint === undefined ? 'check the project directory you passed' : `check "root" in ${configHint}, or the project directory you passed`;
    super(`Docs root ${shown} not found in ${source}: it holds no files. ${from}.`, cause);
    this.name = 'DocsRootNotFoundError';
    this.directory = directory;
  }
}
