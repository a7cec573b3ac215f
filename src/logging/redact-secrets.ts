/** What replaces a secret. */
export const REDACTED = '[redacted]';

/**
 * Secrets shorter than this are not looked for by value: a short string ("wrong", "test") is an
 * ordinary word, and replacing it everywhere would mangle messages and reveal the secret.
 */
export const MIN_SECRET_LENGTH = 8;

/** Environment variables whose values are secrets wherever they turn up. */
export const SECRET_ENV_VARS = ['DOCSYNC_TOKEN', 'GITBOOK_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'DOCSYNC_DASHBOARD_PASSWORD'] as const;

/**
 * Query parameters that sign a URL or carry a credential: docsync's own bundle URLs (`signature`),
 * S3 presigned URLs (`X-Amz-*`), Google Cloud Storage (`X-Goog-*`), Azure SAS (`sig`), tokens.
 * Anyone holding such a URL can fetch what it points at until it expires.
 */
const SIGNING_PARAMS = 'signature|sig|x-amz-signature|x-amz-credential|x-amz-security-token|x-goog-signature|x-goog-credential|token|access_token';

/** Where a URL's query ends: whitespace, quotes, brackets, `#`, or trailing punctuation of a sentence. */
const QUERY_END = `(?=[.:!?]*(?:[\\s"'<>#,;)]|$))`;

/**
 * A URL whose query signs it: the query is cut; scheme, host and path stay, so a log still says
 * which bundle.
 */
const SIGNED_URL = new RegExp(`\\b(https?:\\/\\/[^\\s"'<>?#]+)\\?[^\\s"'<>#]*?(?<=[?&;])(?:${SIGNING_PARAMS})=[^\\s"'<>#,;)]*?${QUERY_END}`, 'gi');

/**
 * A signing parameter anywhere else: a URL without its scheme, or escaped inside another string
 * (`%26signature%3D…` in an encoded URL, `\u0026signature=…` in JSON, `&amp;signature=` in HTML).
 * Its value is cut, up to the next parameter.
 */
const SIGNING_PARAM = new RegExp(`((?:[?&;]|%3f|%26|\\\\u0026)(?:${SIGNING_PARAMS})(?:=|%3d))(?:(?!%26|\\\\u0026)[^\\s&"'<>#,;)\\\\])+`, 'gi');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The secret values worth looking for: the long enough ones, longest first, no duplicates. */
export function secretValues(values: Iterable<string | undefined>): string[] {
  const kept = new Set<string>();
  for (const value of values) {
    const trimmed = value?.trim();
    if (trimmed !== undefined && trimmed.length >= MIN_SECRET_LENGTH) kept.add(trimmed);
  }
  return [...kept].sort((a, b) => b.length - a.length);
}

/** The secret values of {@link SECRET_ENV_VARS} and the password of `REDIS_URL`. */
export function secretsFromEnv(env: Readonly<Record<string, string | undefined>>): string[] {
  const values: (string | undefined)[] = SECRET_ENV_VARS.map((name) => env[name]);
  const redis = env.REDIS_URL;
  if (redis !== undefined && URL.canParse(redis)) values.push(decodeURIComponent(new URL(redis).password));
  return secretValues(values);
}

/**
 * Replaces signed URLs' queries and each secret value where it stands as a whole token (not inside
 * a longer word or identifier), so `wrong` in "the token is wrong" survives while
 * `Bearer gb_api_x1y2…` does not.
 */
export class SecretRedactor {
  readonly #pattern: RegExp | undefined;

  constructor(secrets: Iterable<string | undefined> = []) {
    const values = secretValues(secrets);
    this.#pattern = values.length === 0 ? undefined : new RegExp(`(?<![A-Za-z0-9_-])(?:${values.map(escapeRegExp).join('|')})(?![A-Za-z0-9_-])`, 'g');
  }

  text(text: string): string {
    const unsigned = text.replace(SIGNED_URL, (_match, base: string) => `${base}?${REDACTED}`).replace(SIGNING_PARAM, `$1${REDACTED}`);
    return this.#pattern === undefined ? unsigned : unsigned.replace(this.#pattern, REDACTED);
  }
}
