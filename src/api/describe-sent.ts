import { withoutQuery as urlWithoutQuery } from '../http/without-query.js';

/** Longest string value quoted in full; longer ones are cut. */
const MOST_CHARS = 60;

/**
 * The top-level fields of a JSON request body with their values, abbreviated for an error message:
 * `url = "https://host/path?…", source = "gitbook"`. URLs lose their query string and credentials
 * (signatures and share keys live there), long strings are cut, objects show their keys only.
 * `undefined` for a body that is not an object.
 */
export function describeSent(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const fields = Object.entries(body as Record<string, unknown>)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key} = ${describeValue(value)}`);
  return fields.length > 0 ? fields.join(', ') : undefined;
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(abbreviate(withoutQuery(value)));
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) return `[${value.length} item${value.length === 1 ? '' : 's'}]`;
  if (typeof value === 'object') return `{${Object.keys(value).join(', ')}}`;
  return typeof value;
}

function withoutQuery(text: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? urlWithoutQuery(text) : text;
}

function abbreviate(text: string): string {
  return text.length <= MOST_CHARS ? text : `${text.slice(0, MOST_CHARS)}…`;
}
