import { ApiClient } from '../../../../src/api/api-client.js';
import type { ApiClientOptions } from '../../../../src/api/api-requester.js';
import { RetryPolicy } from '../../../../src/api/retry-policy.js';
import { fakeClock } from './fake-clock.js';

export const TOKEN = 'gb_api_SECRET_t0ken_1234567890';

/** A client for a loopback server: fake clock (no real sleeps), tiny backoff (1 ms base). */
export function testClient(url: string, options: ApiClientOptions = {}): ApiClient {
  const retry = options.retry instanceof RetryPolicy ? options.retry : { baseDelayMs: 1, maxDelayMs: 5, ...options.retry };
  return new ApiClient({ endpoint: url, token: TOKEN, timeoutMs: 10_000, clock: fakeClock(), ...options, retry });
}
