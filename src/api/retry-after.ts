/** Response headers as Node gives them: lower-case names, repeated `set-cookie` headers as an array. */
export type ResponseHeaders = Readonly<Record<string, string | string[] | undefined>>;

/**
 * The longest wait a rate limit may plausibly ask for: no API's window lasts longer. A reset further
 * off (`X-RateLimit-Reset: 9999999999`) is a broken or hostile server, and docsync gives up at once.
 */
export const MAX_PLAUSIBLE_WAIT_MS = 3_600_000;

/** Epoch-seconds values below this are read as "seconds from now" (no real reset lies in 2001). */
const EPOCH_SECONDS_FLOOR = 1_000_000_000;

/** First value of a header, trimmed; `undefined` when absent or empty. */
export function headerValue(headers: ResponseHeaders, name: string): string | undefined {
  const raw = headers[name];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/**
 * Parses a `Retry-After` value, either delay-seconds (`"120"`, decimals tolerated) or an HTTP date
 * (`"Wed, 21 Oct 2015 07:28:00 GMT"`), into milliseconds to wait from `nowMs` (never negative).
 * Returns `undefined` when the value is absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  if (!/[a-z]/i.test(text)) return undefined; // a bare negative or garbage number is not a date
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/**
 * Parses `X-RateLimit-Reset` (UTC epoch seconds when the window resets) into milliseconds to wait
 * from `nowMs` (never negative). Small values are tolerated as seconds-from-now, as some proxies send.
 */
export function parseRateLimitReset(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined || !/^\d+(\.\d+)?$/.test(value.trim())) return undefined;
  const seconds = Number(value.trim());
  if (seconds < EPOCH_SECONDS_FLOOR) return Math.round(seconds * 1000);
  return Math.max(0, Math.round(seconds * 1000 - nowMs));
}

/** The header that set a wait, as the server sent it: `X-RateLimit-Reset: 9999999999`. */
export function waitHeaderOf(headers: ResponseHeaders, nowMs: number): string | undefined {
  const retryAfter = headerValue(headers, 'retry-after');
  if (parseRetryAfter(retryAfter, nowMs) !== undefined) return `Retry-After: ${retryAfter}`;
  const reset = headerValue(headers, 'x-ratelimit-reset');
  return reset === undefined ? undefined : `X-RateLimit-Reset: ${reset}`;
}

/** How long the server asked us to wait: `Retry-After` if readable, else `X-RateLimit-Reset`. */
export function waitFromHeaders(headers: ResponseHeaders, nowMs: number): number | undefined {
  return parseRetryAfter(headerValue(headers, 'retry-after'), nowMs) ?? parseRateLimitReset(headerValue(headers, 'x-ratelimit-reset'), nowMs);
}
