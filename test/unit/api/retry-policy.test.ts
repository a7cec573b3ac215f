import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors/api-error.js';
import { AuthenticationError } from '../../../src/api/errors/authentication-error.js';
import { ConflictError } from '../../../src/api/errors/conflict-error.js';
import { NetworkError } from '../../../src/api/errors/network-error.js';
import { NotFoundError } from '../../../src/api/errors/not-found-error.js';
import { PermissionError } from '../../../src/api/errors/permission-error.js';
import { RateLimitError } from '../../../src/api/errors/rate-limit-error.js';
import { ResponseShapeError } from '../../../src/api/errors/response-shape-error.js';
import { ServerError } from '../../../src/api/errors/server-error.js';
import { TimeoutError } from '../../../src/api/errors/timeout-error.js';
import { ValidationError } from '../../../src/api/errors/validation-error.js';
import { RetryPolicy, isIdempotent } from '../../../src/api/retry-policy.js';

const ctx = (status?: number) => ({ method: 'GET', path: '/v1/x', status });
const refused = () => new NetworkError({ ...ctx(), origin: 'http://h', errno: 'ECONNREFUSED' });
const reset = () => new NetworkError({ ...ctx(), origin: 'http://h', errno: 'ECONNRESET' });
const socket = () => new NetworkError({ ...ctx(), origin: 'http://h', errno: 'UND_ERR_SOCKET' });
const notFoundHost = () => new NetworkError({ ...ctx(), origin: 'http://h', errno: 'ENOTFOUND' });
const timeout = () => new TimeoutError({ ...ctx(), timeoutMs: 100 });
const e429 = (retryAfterMs?: number) => new RateLimitError({ ...ctx(429), retryAfterMs });
const e5xx = (status: number, retryAfterMs?: number) => new ServerError({ ...ctx(status), retryAfterMs });

// random() = 1 - ε makes the jittered delay its cap, so the table can state exact caps.
const policy = new RetryPolicy({ maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 1000, maxServerWaitMs: 10_000, random: () => 0.999999 });

type Row = [string, string, ApiError, boolean | undefined, boolean];
const table: Row[] = [
  // what failed,            method,  error,                  idempotent override, retried?
  ['429 without wait', 'POST', e429(), undefined, true],
  ['429 with wait', 'GET', e429(2000), undefined, true],
  ['429 beyond maxServerWaitMs', 'GET', e429(60_000), undefined, false],
  ['500 GET', 'GET', e5xx(500), undefined, true],
  ['502 PUT', 'PUT', e5xx(502), undefined, true],
  ['503 PATCH', 'PATCH', e5xx(503), undefined, true],
  ['504 DELETE', 'DELETE', e5xx(504), undefined, true],
  ['500 POST', 'POST', e5xx(500), undefined, false],
  ['503 POST', 'POST', e5xx(503), undefined, false],
  ['500 POST marked idempotent', 'POST', e5xx(500), true, true],
  ['500 PUT marked non-idempotent', 'PUT', e5xx(500), false, false],
  ['501 GET', 'GET', e5xx(501), undefined, false],
  ['refused GET', 'GET', refused(), undefined, true],
  ['refused POST', 'POST', refused(), undefined, true],
  ['reset GET', 'GET', reset(), undefined, true],
  ['reset POST', 'POST', reset(), undefined, false],
  ['socket closed POST', 'POST', socket(), undefined, false],
  ['host not found GET', 'GET', notFoundHost(), undefined, false],
  ['timeout GET', 'GET', timeout(), undefined, true],
  ['timeout DELETE', 'DELETE', timeout(), undefined, true],
  ['timeout POST', 'POST', timeout(), undefined, false],
  ['400', 'GET', new ValidationError(ctx(400)), undefined, false],
  ['401', 'GET', new AuthenticationError(ctx(401)), undefined, false],
  ['403', 'GET', new PermissionError(ctx(403)), undefined, false],
  ['404', 'GET', new NotFoundError(ctx(404)), undefined, false],
  ['409', 'PUT', new ConflictError(ctx(409)), undefined, false],
  ['bad response shape', 'GET', new ResponseShapeError(ctx(200)), undefined, false],
];

describe('RetryPolicy.decide', () => {
  it.each(table)('%s (%s) → retry %4$s', (_name, method, error, idempotent, expected) => {
    expect(policy.decide({ method, idempotent, error, attempt: 1 }).retry).toBe(expected);
  });

  it('never retries once maxAttempts is reached', () => {
    expect(policy.decide({ method: 'GET', error: e5xx(500), attempt: 4 }).retry).toBe(true);
    expect(policy.decide({ method: 'GET', error: e5xx(500), attempt: 5 })).toMatchObject({
      retry: false,
      reason: expect.stringContaining('5 attempts') as unknown,
    });
    expect(policy.decide({ method: 'GET', error: e429(1), attempt: 5 }).retry).toBe(false);
  });

  it('waits what the server said on 429 and on 503 with Retry-After', () => {
    expect(policy.decide({ method: 'POST', error: e429(2000), attempt: 1 })).toMatchObject({ retry: true, delayMs: 2000 });
    expect(policy.decide({ method: 'GET', error: e5xx(503, 3000), attempt: 1 })).toMatchObject({ retry: true, delayMs: 3000 });
  });

  it('backs off exponentially up to maxDelayMs, with full jitter', () => {
    const delays = [1, 2, 3, 4, 5, 6].map((attempt) => policy.backoffMs(attempt));
    expect(delays).toEqual([99, 199, 399, 799, 999, 999]);
    const low = new RetryPolicy({ baseDelayMs: 100, random: () => 0 });
    expect(low.backoffMs(3)).toBe(0);
    const mid = new RetryPolicy({ baseDelayMs: 100, random: () => 0.5 });
    expect(mid.backoffMs(3)).toBe(200);
  });

  it('has documented defaults', () => {
    const defaults = new RetryPolicy();
    expect(defaults).toMatchObject({ maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 30_000, maxServerWaitMs: 60_000 });
  });
});

describe('isIdempotent', () => {
  it.each([
    ['GET', true],
    ['PUT', true],
    ['PATCH', true],
    ['DELETE', true],
    ['POST', false],
    ['post', false],
  ] as const)('%s → %s', (method, expected) => {
    expect(isIdempotent(method)).toBe(expected);
  });

  it('an explicit override wins', () => {
    expect(isIdempotent('POST', true)).toBe(true);
    expect(isIdempotent('PUT', false)).toBe(false);
  });
});
