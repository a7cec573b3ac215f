import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { Random } from '../../../src/emulator/state/random.js';
import { call, startTestEmulator } from '../../support/emulator-harness.js';

const SEED = 11;
const REQUESTS = 40;

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed', faultRate: 1, seed: SEED });
});
afterAll(async () => {
  await emulator.close();
});

/** The faults the emulator draws for its first `count` requests, replayed from its seeded generator. */
function drawnFaults(count: number): string[] {
  const random = new Random(SEED ^ 0x5bd1e995);
  const kinds = ['error-500', 'error-503', 'drop-before', 'drop-after'];
  return Array.from({ length: count }, () => {
    random.next(); // the draw against faultRate
    return kinds[Math.floor(random.next() * kinds.length)] ?? '?';
  });
}

describe('injected faults', () => {
  it('runs the operation behind a connection dropped after it, never behind one dropped before it', async () => {
    const faults = drawnFaults(REQUESTS);
    expect(faults).toContain('drop-before');
    expect(faults).toContain('drop-after');
    const before = emulator.state.changeRequests.size;
    const outcomes: string[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      // One at a time, so the requests meet the faults in the order they were drawn.
      const outcome = await call(emulator, 'POST', '/v1/spaces/space-docs/change-requests', { body: { subject: `fault ${i}` } }).then(
        (result) => String(result.status),
        () => 'dropped',
      );
      outcomes.push(outcome);
    }
    expect(outcomes.filter((o) => o === 'dropped')).toHaveLength(faults.filter((f) => f.startsWith('drop-')).length);
    expect(emulator.state.changeRequests.size - before).toBe(faults.filter((f) => f === 'drop-after').length);
  });
});
