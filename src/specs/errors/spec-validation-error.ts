import { isAbsolute, relative } from 'node:path';

/** Shown relative to the working directory when inside it, so CI logs stay short and clickable. */
function displayPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

/**
 * A local OpenAPI file that cannot be published: unreadable, not YAML/JSON, a `$ref` that does not
 * resolve, or a document that breaks the OpenAPI schema. Raised before any request is sent; the
 * CLI maps it to exit code 2 (like bad configuration).
 */
export class SpecValidationError extends Error {
  override readonly name = 'SpecValidationError';
  readonly code = 'E_SPEC_INVALID';

  constructor(
    /** What is wrong, without the location. */
    readonly detail: string,
    /** Absolute path of the file the problem is in (the root file, or the referenced file). */
    readonly file: string,
    /** 1-based line, when the problem could be placed. */
    readonly line?: number,
    /** JSON pointer of the problem in the (bundled) document, e.g. `/paths/~1pets/get`. */
    readonly pointer?: string,
    options?: { cause?: unknown },
  ) {
    const where = `${displayPath(file)}${line === undefined ? '' : `:${line}`}`;
    super(`${where}: ${pointer === undefined ? '' : `${pointer}: `}${detail}`, options);
  }
}
