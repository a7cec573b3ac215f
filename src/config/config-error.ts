/** One problem of a configuration file, placed. */
export interface ConfigIssue {
  readonly message: string;
  readonly line?: number | undefined;
  readonly field?: string | undefined;
  /** The environment variable the bad value came from: the message names it instead of the file. */
  readonly variable?: string | undefined;
}

/** Bad configuration: names the file, line and field, and says what to change. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly code = 'E_CONFIG';
  /** Every problem found in the file, the first one being {@link line} and {@link field}. */
  readonly issues: readonly ConfigIssue[];

  constructor(
    message: string,
    readonly file: string,
    readonly line?: number,
    readonly field?: string,
    options?: { cause?: unknown; more?: readonly ConfigIssue[]; variable?: string | undefined },
  ) {
    const more = options?.more ?? [];
    const first: ConfigIssue = { message, line, field, variable: options?.variable };
    const place = (issue: ConfigIssue): string =>
      issue.variable !== undefined
        ? `${issue.variable}: ${issue.message} (set in the environment, it overrides ${issue.field ?? 'the setting'})`
        : `${file}${issue.line === undefined ? '' : `:${issue.line}`}: ${issue.field === undefined ? '' : `${issue.field}: `}${issue.message}`;
    // Every problem at once, one per line, so a file is fixed in one pass.
    super([first, ...more].map(place).join('\n'), options?.cause === undefined ? undefined : { cause: options.cause });
    this.issues = [first, ...more];
  }

  /** One error for several problems of a file, in line order. */
  static of(file: string, issues: readonly ConfigIssue[], cause?: unknown): ConfigError {
    const sorted = [...issues].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    const [first, ...more] = sorted;
    return new ConfigError(first?.message ?? 'invalid', file, first?.line, first?.field, { cause, more, variable: first?.variable });
  }
}
