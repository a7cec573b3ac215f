import { describe, expect, it } from 'vitest';
import { ApiMeter } from '../../../src/migrate/api-meter.js';

describe('ApiMeter', () => {
  it('counts requests per item through async work, and for the run', async () => {
    let now = 1_000;
    const forwarded: string[] = [];
    const meter = new ApiMeter(
      () => now,
      (method, status) => forwarded.push(`${method} ${status}`),
    );
    const a = { calls: 0, rateLimited: 0 };
    const b = { calls: 0, rateLimited: 0 };
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    await Promise.all([
      meter.run(a, async () => {
        await tick();
        meter.onResponse('GET', 200);
        await tick();
        meter.onResponse('POST', 429);
        meter.onResponse('POST', 201);
      }),
      meter.run(b, async () => {
        await tick();
        meter.onResponse('GET', 'error');
      }),
    ]);
    meter.onResponse('GET', 200); // outside any item
    expect(a).toEqual({ calls: 3, rateLimited: 1 });
    expect(b).toEqual({ calls: 1, rateLimited: 0 });
    expect(meter.total).toBe(5);
    expect(meter.rateLimited).toBe(1);
    expect(Object.fromEntries(meter.byStatus)).toEqual({ '200': 2, '429': 1, '201': 1, error: 1 });
    expect(forwarded).toHaveLength(5);
    expect(meter.recentRate()).toBe(4);
    now += 1_500;
    expect(meter.recentRate()).toBe(0);
  });
});

describe('ApiMeter.onRetry', () => {
  it('tells 429s waited out from other retries', () => {
    const meter = new ApiMeter();
    meter.onRetry(429);
    meter.onRetry(429);
    meter.onRetry(503);
    meter.onRetry(undefined);
    expect({ waits: meter.rateLimitWaits, retries: meter.retries }).toEqual({ waits: 2, retries: 2 });
  });
});
