import { describe, expect, it } from 'vitest';
import { AdaptiveConcurrency } from '../../../src/migrate/adaptive-concurrency.js';

const calm = { rateLimited: 0, saturated: false };

describe('AdaptiveConcurrency', () => {
  it('grows by one per settled item while the API has headroom, up to the maximum', () => {
    const c = new AdaptiveConcurrency({ max: 6 });
    expect(c.limit).toBe(4);
    expect([c.update(calm), c.update(calm), c.update(calm)]).toEqual([5, 6, 6]);
  });

  it('holds while the API is used up to its limit', () => {
    const c = new AdaptiveConcurrency({ max: 16, initial: 5 });
    expect(c.update({ rateLimited: 0, saturated: true })).toBe(5);
  });

  it('halves on a 429, then cools down for as many items as are in flight before halving again', () => {
    const c = new AdaptiveConcurrency({ max: 32, initial: 16 });
    expect(c.update({ rateLimited: 3, saturated: true })).toBe(8);
    for (let i = 0; i < 8; i++) expect(c.update({ rateLimited: 1, saturated: false })).toBe(8);
    expect(c.update({ rateLimited: 1, saturated: false })).toBe(4);
    for (let i = 0; i < 4; i++) c.update(calm);
    expect(c.update(calm)).toBe(5);
  });

  it('never goes below the minimum or starts above the maximum', () => {
    const c = new AdaptiveConcurrency({ max: 2, initial: 10, min: 1 });
    expect(c.limit).toBe(2);
    c.update({ rateLimited: 1, saturated: false });
    expect(c.limit).toBe(1);
    c.update({ rateLimited: 1, saturated: false });
    c.update({ rateLimited: 1, saturated: false });
    expect(c.limit).toBe(1);
  });
});
