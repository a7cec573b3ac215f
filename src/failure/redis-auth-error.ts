/**
 * Redis refused docsync's credentials (NOAUTH, WRONGPASS): retrying cannot help, so every role stops
 * on it, the long-lived ones included, with the credentials exit code.
 */
export class RedisAuthError extends Error {
  override readonly name = 'RedisAuthError';
  readonly code = 'E_REDIS_AUTH';

  /** @param where the Redis URL without its credentials */
  constructor(
    readonly where: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(
      `Redis at ${where} refused the password (${reason}): put the right one in redis.url (or REDIS_URL), as redis://:<password>@host:port or redis://<user>:<password>@host:port.`,
      options,
    );
  }
}

/** Whether a Redis error is a refusal of credentials rather than an outage. */
export function isRedisAuthRefusal(error: Error): boolean {
  return /\b(NOAUTH|WRONGPASS)\b|invalid password|invalid username-password/i.test(error.message);
}
