import { describe, expect, it } from 'vitest';
import { parseRateLimitReset, parseRetryAfter, waitFromHeaders } from '../../../src/api/retry-after.js';

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);

describe('parseRetryAfter', () => {
  it.each([
    ['0', 0],
    ['1', 1000],
    ['120', 120_000],
    [' 5 ', 5000],
    ['1.5', 1500],
  ])('delay-seconds %j → %i ms', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });

  it('reads an HTTP date relative to now', () => {
    expect(parseRetryAfter(new Date(NOW + 30_000).toUTCString(), NOW)).toBe(30_000);
    expect(parseRetryAfter('Tue, 01 Jan 2030 12:00:10 GMT', NOW)).toBe(10_000);
  });

  it('a date in the past means no wait', () => {
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', NOW)).toBe(0);
  });

  it.each([undefined, '', 'soon', '-5', '1e3', 'NaN'])('unreadable %j → undefined', (value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined();
  });
});

describe('parseRateLimitReset', () => {
  it('reads UTC epoch seconds relative to now', () => {
    expect(parseRateLimitReset(String(NOW / 1000 + 42), NOW)).toBe(42_000);
  });

  it('a reset in the past means no wait', () => {
    expect(parseRateLimitReset(String(NOW / 1000 - 10), NOW)).toBe(0);
  });

  it('tolerates small values as seconds from now', () => {
    expect(parseRateLimitReset('30', NOW)).toBe(30_000);
  });

  it.each([undefined, '', 'x', '-1'])('unreadable %j → undefined', (value) => {
    expect(parseRateLimitReset(value, NOW)).toBeUndefined();
  });
});

describe('waitFromHeaders', () => {
  const reset = String(NOW / 1000 + 20);

  it('prefers Retry-After over X-RateLimit-Reset', () => {
    expect(waitFromHeaders({ 'retry-after': '3', 'x-ratelimit-reset': reset }, NOW)).toBe(3000);
  });

  it('falls back to X-RateLimit-Reset', () => {
    expect(waitFromHeaders({ 'x-ratelimit-reset': reset }, NOW)).toBe(20_000);
    expect(waitFromHeaders({ 'retry-after': 'garbage', 'x-ratelimit-reset': reset }, NOW)).toBe(20_000);
  });

  it('takes the first of repeated headers; nothing known → undefined', () => {
    expect(waitFromHeaders({ 'retry-after': ['2', '9'] }, NOW)).toBe(2000);
    expect(waitFromHeaders({}, NOW)).toBeUndefined();
  });
});
