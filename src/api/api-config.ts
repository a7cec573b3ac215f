import { ApiConfigError } from './errors/api-config-error.js';

/** The API host used when neither `DOCSYNC_ENDPOINT` nor `GITBOOK_ENDPOINT` is set. */
export const DEFAULT_ENDPOINT = 'https://api.gitbook.com';

/** Where the API is and how to authenticate, resolved from the environment. */
export interface ApiConfig {
  /** Base URL every API path is relative to: the endpoint followed by `/v1`, no trailing slash. */
  readonly baseUrl: string;
  /** Bearer token, or `undefined` when none is set (every call will then fail with 401). */
  readonly token: string | undefined;
  /** Which variable the token came from, for messages (never the token itself). */
  readonly tokenSource: 'DOCSYNC_TOKEN' | 'GITBOOK_TOKEN' | undefined;
}

type Env = Readonly<Record<string, string | undefined>>;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

/**
 * Normalizes an endpoint given as a host (`https://api.gitbook.com`), with a trailing slash, or
 * already ending in `/v1`, to the base URL `<endpoint>/v1`. Throws an {@link ApiConfigError} naming the value
 * when it is not an http(s) URL.
 */
export function normalizeEndpoint(endpoint: string): string {
  let url: URL;
  try {
    url = new URL(endpoint.trim());
  } catch (cause) {
    throw new ApiConfigError(`API endpoint "${endpoint}" is not a URL: set DOCSYNC_ENDPOINT (or GITBOOK_ENDPOINT) to e.g. ${DEFAULT_ENDPOINT}`, { cause });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ApiConfigError(`API endpoint "${endpoint}" must start with http:// or https://`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new ApiConfigError('API endpoint must not carry credentials: put the token in DOCSYNC_TOKEN instead');
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return `${url.origin}${path}/v1`;
}

/**
 * Resolves endpoint and token. `DOCSYNC_ENDPOINT` / `DOCSYNC_TOKEN` win over the official CLI's
 * `GITBOOK_ENDPOINT` / `GITBOOK_TOKEN`, so users of that CLI can move over unchanged. Empty values
 * count as unset.
 *
 * @param env the environment to read; defaults to `process.env`.
 */
export function resolveApiConfig(env: Env = process.env): ApiConfig {
  const endpoint = nonEmpty(env.DOCSYNC_ENDPOINT) ?? nonEmpty(env.GITBOOK_ENDPOINT) ?? DEFAULT_ENDPOINT;
  const docsyncToken = nonEmpty(env.DOCSYNC_TOKEN);
  const gitbookToken = nonEmpty(env.GITBOOK_TOKEN);
  return {
    baseUrl: normalizeEndpoint(endpoint),
    token: docsyncToken ?? gitbookToken,
    tokenSource: docsyncToken !== undefined ? 'DOCSYNC_TOKEN' : gitbookToken !== undefined ? 'GITBOOK_TOKEN' : undefined,
  };
}
