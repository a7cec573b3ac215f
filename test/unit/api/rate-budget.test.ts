import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/api/clock.js';
import { RateBudget } from '../../../src/api/rate-budget.js';

const START = Date.UTC(2030, 0, 1);

function clock(): Clock & { sleeps: number[]; advance(ms: number): void } {
  let now = START;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    advance: (ms) => void (now += ms),
    sleep: (ms) => {
      sleeps.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
}

const headers = (limit: number, remaining: number, resetInSeconds: number) => ({
  'x-ratelimit-limit': String(limit),
  'x-ratelimit-remaining': String(remaining),
  'x-ratelimit-reset': String(START / 1000 + resetInSeconds),
});

describe('RateBudget', () => {
  it('never waits while it knows nothing', async () => {
    const c = clock();
    const budget = new RateBudget({ clock: c });
    for (let i = 0; i < 10; i++) await budget.acquire();
    expect(c.sleeps).toEqual([]);
  });

  it('never waits while plenty is left', async () => {
    const c = clock();
    const budget = new RateBudget({ clock: c });
    budget.observe(headers(100, 50, 60));
    for (let i = 0; i < 40; i++) await budget.acquire();
    expect(c.sleeps).toEqual([]);
  });

  it('tells what is left in the window, and the whole limit once its reset has passed', async () => {
    const c = clock();
    const budget = new RateBudget({ clock: c });
    budget.observe(headers(100, 10, 1));
    await budget.acquire();
    expect(budget.state.remaining).toBe(9);
    c.advance(1000);
    expect(budget.state).toEqual({ limit: 100, remaining: 100 });
  });

  it('waits for the reset (plus margin) when nothing is left, then starts a fresh window', async () => {
    const c = clock();
    const budget = new RateBudget({ clock: c, resetMarginMs: 100 });
    budget.observe(headers(100, 0, 30));
    expect(await budget.acquire()).toBe(30_100);
    expect(budget.state).toMatchObject({ remaining: 99, resetAtMs: undefined });
    await budget.acquire();
    expect(c.sleeps).toEqual([30_100]);
  });

  it('counts calls in flight: concurrent acquires do not all take the last slot', () => {
    const c = clock();
    const budget = new RateBudget({ clock: c, lowWaterFraction: 0 });
    budget.observe(headers(100, 2, 10));
    expect(budget.reserve()).toEqual({ waitMs: 0, taken: true });
    expect(budget.reserve()).toEqual({ waitMs: 0, taken: true });
    expect(budget.reserve()).toMatchObject({ taken: false });
    // A late response of the same window cannot hand back slots already spent.
    budget.observe(headers(100, 1, 10));
    expect(budget.reserve()).toMatchObject({ taken: false });
  });

  it('spreads the low-water calls evenly over the rest of the window', () => {
    const c = clock();
    const budget = new RateBudget({ clock: c, lowWaterFraction: 0.1 });
    budget.observe(headers(40, 4, 40));
    const waits = [1, 2, 3, 4].map(() => budget.reserve().waitMs);
    expect(waits).toEqual([0, 10_000, 20_000, 30_000]);
  });

  it('caps a single wait at maxWaitMs', async () => {
    const c = clock();
    const budget = new RateBudget({ clock: c, maxWaitMs: 5_000 });
    budget.observe(headers(10, 0, 3600));
    await budget.acquire();
    expect(c.sleeps[0]).toBe(5_000);
  });

  it('ignores responses without rate-limit headers', () => {
    const budget = new RateBudget({ clock: clock() });
    budget.observe({ 'content-type': 'application/json' });
    expect(budget.state).toEqual({ limit: undefined, remaining: undefined, resetAtMs: undefined });
  });
});
