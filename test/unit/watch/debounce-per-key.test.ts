import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DebouncePerKey, type DebouncedBatch, MAX_REASONS } from '../../../src/watch/debounce-per-key.js';

let fired: { key: string; batch: DebouncedBatch }[];

function debouncer(debounceMs = 300, maxWaitMs = 5000): DebouncePerKey<string> {
  return new DebouncePerKey<string>((key, batch) => fired.push({ key, batch }), { debounceMs, maxWaitMs });
}

beforeEach(() => {
  vi.useFakeTimers();
  fired = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('DebouncePerKey', () => {
  it('fires once, debounceMs after the last of a burst, with every distinct reason', () => {
    const d = debouncer();
    d.trigger('docs', 'change a.md');
    vi.advanceTimersByTime(200);
    d.trigger('docs', 'change b.md');
    vi.advanceTimersByTime(200);
    d.trigger('docs', 'change a.md');
    vi.advanceTimersByTime(299);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([{ key: 'docs', batch: { reasons: ['change a.md', 'change b.md'], events: 3 } }]);
    expect(d.isPending('docs')).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(fired).toHaveLength(1);
  });

  it('fires at maxWaitMs during a steady stream, then starts a new batch', () => {
    const d = debouncer(300, 1000);
    for (let t = 0; t < 1000; t += 100) {
      d.trigger('docs', 'change a.md');
      vi.advanceTimersByTime(100);
    }
    expect(fired.map((f) => f.batch.events)).toEqual([10]);
    d.trigger('docs', 'change a.md');
    vi.advanceTimersByTime(300);
    expect(fired.map((f) => f.batch.events)).toEqual([10, 1]);
  });

  it('keeps keys independent', () => {
    const d = debouncer();
    d.trigger('a', 'one');
    vi.advanceTimersByTime(250);
    d.trigger('b', 'two');
    vi.advanceTimersByTime(50);
    expect(fired.map((f) => f.key)).toEqual(['a']);
    d.trigger('a', 'three');
    vi.advanceTimersByTime(250);
    expect(fired.map((f) => f.key)).toEqual(['a', 'b']);
    vi.advanceTimersByTime(50);
    expect(fired.map((f) => `${f.key}:${f.batch.reasons.join()}`)).toEqual(['a:one', 'b:two', 'a:three']);
  });

  it('flushes now, cancels without firing, and caps the reasons it keeps', () => {
    const d = debouncer();
    for (let i = 0; i < MAX_REASONS + 5; i++) d.trigger('a', `change ${i}.md`);
    d.trigger('b', 'x');
    expect(d.flush('a')).toBe(true);
    expect(d.flush('a')).toBe(false);
    expect(fired[0]?.batch.events).toBe(MAX_REASONS + 5);
    expect(fired[0]?.batch.reasons).toHaveLength(MAX_REASONS);
    d.cancelAll();
    vi.advanceTimersByTime(10_000);
    expect(fired).toHaveLength(1);
  });

  it('runs on injected timers', () => {
    let now = 0;
    let nextId = 0;
    const timers = new Map<number, { at: number; run: () => void }>();
    const d = new DebouncePerKey<string>((key, batch) => fired.push({ key, batch }), {
      debounceMs: 10,
      maxWaitMs: 15,
      timers: {
        now: () => now,
        setTimeout: (run, ms) => {
          timers.set(++nextId, { at: now + ms, run });
          return nextId;
        },
        clearTimeout: (handle) => timers.delete(handle as number),
      },
    });
    const advanceTo = (t: number): void => {
      now = t;
      for (const [id, timer] of [...timers]) {
        if (timer.at > now) continue;
        timers.delete(id);
        timer.run();
      }
    };
    d.trigger('k', 'r');
    advanceTo(8);
    d.trigger('k', 'r');
    advanceTo(14);
    expect(fired).toEqual([]);
    advanceTo(15); // max wait, not 18
    expect(fired).toEqual([{ key: 'k', batch: { reasons: ['r'], events: 2 } }]);
    expect(timers.size).toBe(0);
  });

  it('rejects nonsense durations', () => {
    expect(() => debouncer(-1)).toThrow(RangeError);
    expect(() => debouncer(300, Number.NaN)).toThrow(/maxWaitMs/);
  });
});
