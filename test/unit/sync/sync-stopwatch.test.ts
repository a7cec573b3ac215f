import { describe, expect, it } from 'vitest';
import { addTimings, SyncStopwatch } from '../../../src/sync/sync-stopwatch.js';

describe('SyncStopwatch', () => {
  it('adds up each phase, failed work included, and reports the total since it was made', async () => {
    let now = 1000;
    const stopwatch = new SyncStopwatch(() => now);
    const step = (ms: number) => (): Promise<number> => {
      now += ms;
      return Promise.resolve(ms);
    };
    now += 2; // planning: in the total, in no phase
    expect(await stopwatch.time('readMs', step(30))).toBe(30);
    await stopwatch.time('apiMs', step(12.4));
    await stopwatch.time('bundleMs', step(7));
    await stopwatch.time('uploadMs', step(5));
    await stopwatch.time('apiMs', step(20.3));
    await expect(
      stopwatch.time('apiMs', () => {
        now += 4;
        return Promise.reject(new Error('refused'));
      }),
    ).rejects.toThrow('refused');
    expect(stopwatch.timings()).toEqual({ readMs: 30, planMs: 0, bundleMs: 7, uploadMs: 5, apiMs: 37, totalMs: 81 });
  });

  it('counts a phase nested in another to itself only', async () => {
    let now = 0;
    const stopwatch = new SyncStopwatch(() => now);
    await stopwatch.time('planMs', async () => {
      now += 3; // planning
      await stopwatch.time('apiMs', () => {
        now += 40; // the plan's read of the live content
        return Promise.resolve();
      });
      now += 5; // planning
    });
    await stopwatch.time('apiMs', () => {
      now += 10;
      return Promise.resolve();
    });
    expect(stopwatch.timings()).toEqual({ readMs: 0, planMs: 8, bundleMs: 0, uploadMs: 0, apiMs: 50, totalMs: 58 });
  });

  it('counts calls of one phase that overlap once, from the first start to the last end', async () => {
    let now = 0;
    const stopwatch = new SyncStopwatch(() => now);
    let release: () => void = () => undefined;
    await stopwatch.time('planMs', async () => {
      now += 2; // planning
      const first = stopwatch.time('apiMs', () => new Promise<void>((resolve) => (release = resolve)));
      now += 10; // a second batch sent while the first is in flight
      const second = stopwatch.time('apiMs', () => {
        now += 30;
        return Promise.resolve();
      });
      await second;
      release();
      await first;
      now += 1; // planning
    });
    expect(stopwatch.timings()).toEqual({ readMs: 0, planMs: 3, bundleMs: 0, uploadMs: 0, apiMs: 40, totalMs: 43 });
  });

  it('adds up two stretches timed one after the other, phase by phase and in total', () => {
    const check = { readMs: 40, planMs: 0, bundleMs: 0, uploadMs: 0, apiMs: 12, totalMs: 55 };
    const sync = { readMs: 0, planMs: 30, bundleMs: 5, uploadMs: 2, apiMs: 100, totalMs: 140 };
    expect(addTimings(check, sync)).toEqual({ readMs: 40, planMs: 30, bundleMs: 5, uploadMs: 2, apiMs: 112, totalMs: 195 });
  });
});
