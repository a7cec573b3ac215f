import { describe, expect, it } from 'vitest';
import { RateLimitError } from '../../../src/api/errors/rate-limit-error.js';
import { RetryPolicy } from '../../../src/api/retry-policy.js';
import { retryWithPolicy } from '../../../src/failure/retry-with-policy.js';
import { PermanentJobError } from '../../../src/failure/permanent-job-error.js';

const policy = new RetryPolicy({ baseDelayMs: 1, maxDelayMs: 1 });
const noSleep = async (): Promise<void> => {};

describe('retryWithPolicy', () => {
  it('keeps the result of an attempt that finished after the signal aborted', async () => {
    const stop = new AbortController();
    const result = await retryWithPolicy(
      () => {
        stop.abort(new Error('stopped'));
        return Promise.resolve('landed');
      },
      { attempts: 3, policy, signal: stop.signal, sleep: noSleep },
    );
    expect(result).toBe('landed');
  });

  it('starts no attempt once aborted, and rejects with the reason', async () => {
    const stop = new AbortController();
    const calls: number[] = [];
    const run = retryWithPolicy(
      (attempt) => {
        calls.push(attempt);
        stop.abort(new Error('stopped'));
        return Promise.reject(new Error('socket hang up'));
      },
      { attempts: 5, policy, signal: stop.signal, sleep: noSleep },
    );
    await expect(run).rejects.toThrow(/socket hang up|stopped/);
    expect(calls).toEqual([1]);
  });

  it('retries transient failures up to the attempt budget, numbering attempts', async () => {
    const calls: number[] = [];
    const run = retryWithPolicy(
      (attempt) => {
        calls.push(attempt);
        return Promise.reject(Object.assign(new Error('connect ECONNRESET'), { code: 'ECONNRESET' }));
      },
      { attempts: 3, policy, sleep: noSleep },
    );
    await expect(run).rejects.toThrow(/ECONNRESET/);
    expect(calls).toEqual([1, 2, 3]);
  });

  it('throws a permanent failure at once', async () => {
    let calls = 0;
    const run = retryWithPolicy(
      () => {
        calls += 1;
        return Promise.reject(new PermanentJobError('bad input'));
      },
      { attempts: 5, policy, sleep: noSleep },
    );
    await expect(run).rejects.toBeInstanceOf(PermanentJobError);
    expect(calls).toBe(1);
  });

  it('waits what a 429 asks without spending an attempt, and gives up past the most rate waits', async () => {
    const calls: number[] = [];
    const slept: number[] = [];
    const retries: { attempt: number; waitMs: number; kind: string }[] = [];
    const run = retryWithPolicy(
      (attempt) => {
        calls.push(attempt);
        const error =
          calls.length === 2
            ? Object.assign(new Error('connect ECONNRESET'), { code: 'ECONNRESET' })
            : new RateLimitError({ method: 'GET', path: '/x', status: 429, retryAfterMs: 250 });
        return Promise.reject(error);
      },
      {
        attempts: 2,
        policy,
        maxRateWaits: 3,
        sleep: (ms) => {
          slept.push(ms);
          return Promise.resolve();
        },
        onRetry: ({ attempt, waitMs, verdict }) => retries.push({ attempt, waitMs, kind: verdict.kind }),
      },
    );
    await expect(run).rejects.toBeInstanceOf(RateLimitError);
    // Three 429 waits and one transient retry; the fourth 429 is one too many.
    expect(calls).toEqual([1, 1, 2, 2, 2]);
    expect(retries.map(({ attempt, kind }) => `${attempt}:${kind}`)).toEqual(['1:rate-limited', '1:transient', '2:rate-limited', '2:rate-limited']);
    expect(slept).toEqual(retries.map(({ waitMs }) => waitMs));
    expect(slept.filter((ms) => ms === 250)).toHaveLength(3);
  });
});
