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

/** A secret that is a plain word: matched as a whole word only, so longer words that contain it survive. */
const PLAIN_WORD = /^[A-Za-z]+$/;

/**
 * The base64 (and base64url) texts that appear inside the base64 of any string holding `secret`:
 * one per alignment of the secret on base64's 3-byte groups, each cut to whole groups, so an echo
 * of the token base64-encoded inside a longer value (`Basic dXNlcjp…`) still shows one of them.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    const whole = Math.floor((bytes.length - shift) / 3) * 3;
    if (whole < 6) continue;
    const encoded = bytes.subarray(shift, shift + whole).toString('base64');
    forms.push(encoded, encoded.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return forms;
}

/** Each form a secret may be echoed in: as is, url-encoded (both ways of a space), base64. */
function formsOf(secret: string): string[] {
  const encoded = encodeURIComponent(secret);
  return [...new Set([secret, encoded, encoded.replace(/%20/g, '+'), ...base64Forms(secret)])];
}

/**
 * Replaces signed URLs' queries and each secret value by value, in any case, as is, url-encoded or
 * base64-encoded, and glued to other text (`token_<token>`, `x<token>y`): a server that echoes the
 * token in another form must not get it printed. A secret that is a plain word (`password`) is only
 * replaced as a whole word, so ordinary longer words survive.
 */
export class SecretRedactor {
  readonly #pattern: RegExp | undefined;

  constructor(secrets: Iterable<string | undefined> = []) {
    const alternatives: string[] = [];
    for (const value of secretValues(secrets)) {
      if (PLAIN_WORD.test(value)) alternatives.push(`(?<![A-Za-z0-9_-])${escapeRegExp(value)}(?![A-Za-z0-9_-])`);
      else alternatives.push(...formsOf(value).map(escapeRegExp));
    }
    // Longest first, so a longer form is cut whole rather than a shorter form inside it.
    alternatives.sort((a, b) => b.length - a.length);
    this.#pattern = alternatives.length === 0 ? undefined : new RegExp(alternatives.join('|'), 'gi');
  }

  text(text: string): string {
    const unsigned = text.replace(SIGNED_URL, (_match, base: string) => `${base}?${REDACTED}`).replace(SIGNING_PARAM, `$1${REDACTED}`);
    return this.#pattern === undefined ? unsigned : unsigned.replace(this.#pattern, REDACTED);
  }
}
