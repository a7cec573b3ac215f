import type { ApiErrorBody } from '../schemas/common.js';
import { serverText } from '../../logging/sanitize-output.js';

/** What every API error knows about the call that failed. Never the token, never the query string. */
export interface ApiErrorContext {
  /** HTTP method of the call, upper case. */
  readonly method: string;
  /** Request path (e.g. `/v1/orgs/abc/sites`), without the query string, which may hold share keys. */
  readonly path: string;
  /** HTTP status, when a response arrived. */
  readonly status?: number | undefined;
  /** The API's `{error: {code, message}}` body, when the response carried one. */
  readonly body?: ApiErrorBody | undefined;
  /** The underlying error (socket error, ZodError, …). */
  readonly cause?: unknown;
  /** What the request body held, abbreviated and without secrets (see `describeSent`). */
  readonly sent?: string | undefined;
}

/**
 * Base of every error the API client throws. `code` is stable (`E_API_*`) so a CLI can map it to an
 * exit code; `message` says what failed and what to do about it. Thrown as-is for statuses no
 * subclass covers (e.g. 405, 413, 422).
 */
export class ApiError extends Error {
  /** Stable machine-readable kind, e.g. `E_API_AUTH`. */
  readonly code: string = 'E_API';
  readonly method: string;
  readonly path: string;
  readonly status: number | undefined;
  readonly body: ApiErrorBody | undefined;

  constructor(message: string, context: ApiErrorContext) {
    super(message, context.cause === undefined ? undefined : { cause: context.cause });
    this.name = 'ApiError';
    this.method = context.method;
    this.path = context.path;
    this.status = context.status;
    this.body = context.body;
  }

  /** The API's own error message, when the response carried the error body. */
  get apiMessage(): string | undefined {
    return this.body?.error.message;
  }

  /** `GET /v1/orgs` — the call, for the front of messages. */
  protected static describe(context: ApiErrorContext): string {
    return `${context.method} ${context.path}`;
  }

  /** ` (API: "…")` when the API gave a message, else ''. */
  protected static quoteApi(context: ApiErrorContext): string {
    const message = context.body?.error.message;
    return message === undefined || message === '' ? '' : ` (API: "${serverText(message)}")`;
  }

  /** Plain data for structured logs and `--json` output. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      method: this.method,
      path: this.path,
      status: this.status,
      apiMessage: this.apiMessage,
    };
  }
}
