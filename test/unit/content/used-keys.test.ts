import { describe, expect, it } from 'vitest';
import { UsedKeys } from '../../../src/content/gitbook/used-keys.js';

describe('UsedKeys', () => {
  it('keeps what the latest round marked and drops the rest, round after round', () => {
    const used = new UsedKeys();
    const entries = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    for (const key of ['a', 'b', 'c', 'gone']) used.mark(key); // 'gone' was looked up, never stored
    expect(used.sweep(entries)).toBe(0);
    used.mark('a');
    used.mark('c');
    expect(used.sweep(entries)).toBe(1);
    expect([...entries.keys()]).toEqual(['a', 'c']);
    entries.set('gone', 4); // stored without being marked in this round
    used.mark('c');
    expect(used.sweep(entries)).toBe(2);
    expect([...entries.keys()]).toEqual(['c']);
    expect(used.sweep(entries)).toBe(1); // a round that used nothing
    expect(entries.size).toBe(0);
  });
});
