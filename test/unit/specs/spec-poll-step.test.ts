import { describe, expect, it } from 'vitest';
import { describeSpecFailure, pollStep, type PollableSpec } from '../../../src/specs/spec-poll-step.js';

const T0 = Date.parse('2025-01-01T00:00:00.000Z');

function spec(fields: Partial<PollableSpec> = {}): PollableSpec {
  return { slug: 'petstore', processingState: 'pending', updatedAt: '2025-01-01T00:00:00.000Z', lastVersion: 'v2', ...fields };
}

describe('pollStep', () => {
  it.each([
    ['pending', spec(), { kind: 'wait', delayMs: 250 }],
    ['progress', spec({ processingState: 'progress' }), { kind: 'wait', delayMs: 250 }],
    ['complete', spec({ processingState: 'complete' }), { kind: 'done', version: 'v2' }],
  ] as const)('%s', (_name, input, expected) => {
    expect(pollStep(input, 0, T0, T0)).toEqual(expected);
  });

  it.each([
    ['FETCH_ERROR', /reachable from the platform.*public.*2xx/s],
    ['FETCH_TIMEOUT', /answered too slowly/],
    ['PARSE_ERROR', /valid OpenAPI 3\.x.*docsync spec publish petstore --dry-run/s],
  ] as const)('complete with %s fails with a message saying what to check', (code, hint) => {
    const result = pollStep(spec({ processingState: 'complete', lastProcessErrorCode: code, sourceURL: 'https://example.com/o.yaml' }), 3, T0, T0);
    expect(result.kind).toBe('failed');
    if (result.kind !== 'failed') return;
    expect(result.code).toBe(code);
    expect(result.message).toMatch(hint);
    expect(result.message.startsWith(`${code}:`)).toBe(true);
  });

  it("ignores the previous run's error code while a new version is pending", () => {
    const stale = spec({ lastProcessErrorCode: 'PARSE_ERROR', lastProcessedAt: '2024-12-31T23:59:00.000Z' });
    expect(pollStep(stale, 0, T0, T0).kind).toBe('wait');
  });

  it('counts an error code recorded after the last change even before `complete`', () => {
    const fresh = spec({ processingState: 'progress', lastProcessErrorCode: 'FETCH_TIMEOUT', lastProcessedAt: '2025-01-01T00:00:01.000Z' });
    expect(pollStep(fresh, 0, T0, T0)).toMatchObject({ kind: 'failed', code: 'FETCH_TIMEOUT' });
  });

  it('backs off by ×1.5 from 250 ms and stops growing at 5 s', () => {
    const delays = Array.from({ length: 12 }, (_, attempt) => {
      const step = pollStep(spec(), attempt, T0, T0);
      return step.kind === 'wait' ? step.delayMs : -1;
    });
    expect(delays.slice(0, 5)).toEqual([250, 375, 563, 844, 1266]);
    expect(delays.at(-1)).toBe(5000);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
  });

  it('takes backoff options', () => {
    expect(pollStep(spec(), 2, T0, T0, { initialDelayMs: 100, factor: 2, maxDelayMs: 300 })).toEqual({ kind: 'wait', delayMs: 300 });
  });

  it('fails with TIMEOUT after 5 minutes by default, naming the state it was stuck in', () => {
    const result = pollStep(spec({ processingState: 'progress' }), 40, T0, T0 + 300_000);
    expect(result).toMatchObject({ kind: 'failed', code: 'TIMEOUT' });
    if (result.kind === 'failed') expect(result.message).toMatch(/within 5 min \(still "progress"\).*docsync spec status petstore/);
  });

  it('never waits past the deadline', () => {
    expect(pollStep(spec(), 10, T0, T0 + 9_900, { timeoutMs: 10_000 })).toEqual({ kind: 'wait', delayMs: 100 });
  });

  it('prefers done over timeout when the spec completed at the deadline', () => {
    expect(pollStep(spec({ processingState: 'complete' }), 40, T0, T0 + 10 * 60_000).kind).toBe('done');
  });

  it('names the URL in fetch messages', () => {
    expect(describeSpecFailure('FETCH_ERROR', { slug: 's', processingState: 'complete', sourceURL: 'https://x.test/a.yaml' })).toContain(
      'https://x.test/a.yaml',
    );
  });
});
