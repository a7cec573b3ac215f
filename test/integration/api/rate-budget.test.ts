import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { ApiClient } from '../../../src/api/api-client.js';
import { fakeClock, type FakeClock } from './support/fake-clock.js';
import { sendJson, startServer, type LoopbackServer } from '../../support/loopback-server.js';
import { testClient } from './support/test-client.js';

let server: LoopbackServer;
let client: ApiClient;

afterEach(async () => {
  await client.close();
  await server.close();
});

/**
 * A server with a window of `limit` calls that resets `windowSeconds` after the first one, as the
 * real API reports it (headers on every response). It answers 429 if the client overshoots.
 */
async function limited(limit: number, windowSeconds: number, clock: FakeClock, events: string[]): Promise<void> {
  let used = 0;
  let resetAt = 0;
  server = await startServer((_h, res, index) => {
    const nowSeconds = Math.floor(clock.now() / 1000);
    if (nowSeconds >= resetAt) {
      used = 0;
      resetAt = nowSeconds + windowSeconds;
    }
    used += 1;
    events.push(`hit ${index + 1}`);
    const headers = {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - used)),
      'x-ratelimit-reset': String(resetAt),
    };
    if (used > limit) sendJson(res, 429, { error: { code: 429, message: 'rate limited' } }, headers);
    else sendJson(res, 200, { ok: true }, headers);
  });
}

describe('rate budget', () => {
  it('waits for the reset when remaining hits 0, before the server has to say 429', async () => {
    const events: string[] = [];
    const clock = fakeClock(Date.UTC(2030, 0, 1));
    clock.onSleep = (ms) => void events.push(`sleep ${ms}`);
    await limited(3, 10, clock, events);
    client = testClient(server.url, { clock });
    for (let i = 0; i < 5; i++) await client.request({ path: '/x', schema: z.object({ ok: z.literal(true) }) });

    expect(events.filter((e) => e.startsWith('hit'))).toHaveLength(5); // no 429, no retry
    const firstSleep = events.findIndex((e) => e.startsWith('sleep'));
    expect(events.slice(0, firstSleep)).toEqual(['hit 1', 'hit 2', 'hit 3']);
    expect(Number(events[firstSleep]?.split(' ')[1])).toBeGreaterThanOrEqual(10_000);
    expect(events.slice(firstSleep + 1)).toEqual(['hit 4', 'hit 5']);
    expect(client.rateBudget.state).toMatchObject({ limit: 3, remaining: 1 });
  });

  it('spreads the last calls of a window instead of sending them at once', async () => {
    const events: string[] = [];
    const clock = fakeClock(Date.UTC(2030, 0, 1));
    clock.onSleep = (ms) => void events.push(`sleep ${ms}`);
    await limited(20, 60, clock, events);
    client = testClient(server.url, { clock });
    for (let i = 0; i < 20; i++) await client.request({ path: '/x', schema: z.unknown() });

    // 10% of 20 = the last 2 calls are spread over the rest of the window: the 19th goes at once, the
    // 20th waits half the window. The server never has to answer 429.
    const hitsBeforeFirstSleep = events.findIndex((e) => e.startsWith('sleep'));
    expect(hitsBeforeFirstSleep).toBe(19);
    expect(events.filter((e) => e.startsWith('hit'))).toHaveLength(20);
    expect(clock.sleeps.every((ms) => ms > 0 && ms <= 60_000)).toBe(true);
  });
});
