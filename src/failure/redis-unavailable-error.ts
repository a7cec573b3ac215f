/**
 * Redis could not be reached (refused, timed out, unknown host, lost and not back). A one-shot
 * command stops on it with the "unavailable" exit code; the long-lived roles never throw it, they
 * wait for Redis instead.
 */
export class RedisUnavailableError extends Error {
  override readonly name = 'RedisUnavailableError';
  readonly code = 'E_REDIS_UNAVAILABLE';

  /** @param where the Redis URL without its credentials */
  constructor(
    readonly where: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Redis at ${where} is unreachable (${reason}): start it, or point redis.url (or REDIS_URL) at a running one.`, options);
  }
}
