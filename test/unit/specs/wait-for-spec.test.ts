import { describe, expect, it } from 'vitest';
import type { OpenAPISpec } from '../../../src/api/schemas/openapi.js';
import { waitForSpec } from '../../../src/specs/wait-for-spec.js';

function spec(fields: Partial<OpenAPISpec>): OpenAPISpec {
  return {
    object: 'openapi-spec',
    id: 'oas1',
    slug: 'petstore',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    processingState: 'pending',
    lastVersion: 'v1',
    permissions: { view: true, edit: true },
    urls: { location: 'l', app: 'a' },
    ...fields,
  };
}

/** An API whose GET answers the given states in turn, and a clock that the sleeps move. */
function fake(states: Partial<OpenAPISpec>[]) {
  let clock = 0;
  const reads: string[] = [];
  const sleeps: number[] = [];
  const api = {
    openapi: {
      get: (org: string, slug: string) => {
        reads.push(`${org}/${slug}`);
        return Promise.resolve(spec(states[Math.min(reads.length - 1, states.length - 1)] ?? {}));
      },
    },
  };
  const sleep = (ms: number) => {
    sleeps.push(ms);
    clock += ms;
    return Promise.resolve();
  };
  return { api, reads, sleeps, sleep, now: () => clock };
}

describe('waitForSpec', () => {
  it('reads until complete, sleeping with growing delays', async () => {
    const f = fake([{}, { processingState: 'progress' }, { processingState: 'progress' }, { processingState: 'complete', lastVersion: 'v7' }]);
    const seen: string[] = [];
    const outcome = await waitForSpec(f.api, 'org', 'petstore', { sleep: f.sleep, now: f.now, onRead: (s) => seen.push(s.processingState) });
    expect(outcome).toMatchObject({ kind: 'done', version: 'v7' });
    expect(seen).toEqual(['pending', 'progress', 'progress', 'complete']);
    expect(f.sleeps).toEqual([250, 375, 563]);
    expect(f.reads).toHaveLength(4);
  });

  it('starts from the given spec without reading it again', async () => {
    const f = fake([]);
    const outcome = await waitForSpec(f.api, 'org', 'petstore', { initial: spec({ processingState: 'complete' }), sleep: f.sleep, now: f.now });
    expect(outcome.kind).toBe('done');
    expect(f.reads).toEqual([]);
  });

  it('returns the failure of a processing error', async () => {
    const f = fake([{ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR' }]);
    const outcome = await waitForSpec(f.api, 'org', 'petstore', { sleep: f.sleep, now: f.now });
    expect(outcome).toMatchObject({ kind: 'failed', code: 'PARSE_ERROR' });
  });

  it('gives up at the overall timeout', async () => {
    const f = fake([{ processingState: 'progress' }]);
    const outcome = await waitForSpec(f.api, 'org', 'petstore', { sleep: f.sleep, now: f.now, timeoutMs: 20_000 });
    expect(outcome).toMatchObject({ kind: 'failed', code: 'TIMEOUT' });
    expect(f.sleeps.reduce((a, b) => a + b, 0)).toBe(20_000);
  });
});
