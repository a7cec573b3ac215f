import type { DocsyncConfig } from './config-schema.js';

/** The password of a URL (`redis://:pw@…`, `https://user:pw@git…`), decoded; `undefined` without one. */
export function urlPassword(text: string): string | undefined {
  if (!URL.canParse(text)) return undefined;
  const { password } = new URL(text);
  return password === '' ? undefined : decodeURIComponent(password);
}

/**
 * Every secret value a configuration holds, for redaction by value: the API token, the bundle
 * server's HMAC key, the Redis password, and passwords inside git remote URLs.
 */
export function configSecrets(config: DocsyncConfig): string[] {
  const values = [config.api.token, config.artifacts.secret, urlPassword(config.redis.url)];
  for (const target of config.spaces) values.push(urlPassword(target.platformEditsRemote), target.git && urlPassword(target.git.url));
  return values.filter((value): value is string => value !== undefined);
}
