import { describe, expect, it } from 'vitest';
import { RetryPolicy } from '../../../src/failure/retry-policy.js';
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
});
