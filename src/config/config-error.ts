/** Bad configuration: names the file, line and field, and says what to change. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly code = 'E_CONFIG';

  constructor(
    message: string,
    readonly file: string,
    readonly line?: number,
    readonly field?: string,
    options?: { cause?: unknown },
  ) {
    super(`${file}${line === undefined ? '' : `:${line}`}: ${field === undefined ? '' : `${field}: `}${message}`, options);
  }
}
