import { describe, expect, it } from 'vitest';
import { changedPaths } from '../../../src/state/record-view.js';
import type { DeliveredPage, TargetState } from '../../../src/state/state-store.js';
import { withChanges } from '../../../src/state/with-changes.js';

/** A map that counts the entries read of it, one by one or iterated. */
class CountedMap<V> extends Map<string, V> {
  reads = 0;
  override get(key: string): V | undefined {
    this.reads++;
    return super.get(key);
  }
  override *entries(): MapIterator<[string, V]> {
    for (const entry of super.entries()) {
      this.reads++;
      yield entry;
    }
  }
  override [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }
}

const page = (n: number): DeliveredPage => ({ id: `page_${n}`, hash: `h${n}` });
const paths = Array.from({ length: 1000 }, (_, n) => `part/page-${n}.md`);

describe('withChanges of a map', () => {
  it('holds the map with the changes laid over it, changed keys in their place, removed ones gone', () => {
    const map = new Map([
      ['a.md', page(1)],
      ['b.md', page(2)],
      ['c.md', page(3)],
    ]);
    const once = withChanges(map, [
      ['b.md', page(20)],
      ['d.md', page(4)],
    ]);
    const twice = withChanges(once, [
      ['a.md', undefined],
      ['e.md', page(5)],
    ]);
    expect([...twice]).toEqual([
      ['b.md', page(20)],
      ['c.md', page(3)],
      ['d.md', page(4)],
      ['e.md', page(5)],
    ]);
    expect(twice.size).toBe(4);
    expect(twice.get('a.md')).toBeUndefined();
    expect(twice.has('c.md')).toBe(true);
    // The maps it was made from are left as they were.
    expect([...once.keys()]).toEqual(['a.md', 'b.md', 'c.md', 'd.md']);
    expect(map.get('b.md')).toEqual(page(2));
  });

  it('tells a store saving it after the state it was made from the paths it changed, without reading the others', () => {
    const map = new CountedMap(paths.map((path, n) => [path, page(n)]));
    const saved: TargetState = { reviewersRequested: [], delivered: { pages: map, files: new Map() } };
    let state = saved;
    let previous = saved;
    // Saves every few batches: each state is the last one saved with a batch's pages changed.
    for (let batch = 0; batch < 10; batch++) {
      const pages = withChanges(state.delivered?.pages ?? new Map<string, DeliveredPage>(), [[paths[batch * 7] ?? '', page(5000 + batch)]]);
      previous = state;
      state = { ...state, delivered: { pages, files: new Map() } };
    }
    map.reads = 0;
    expect(changedPaths(previous, state)).toEqual(new Set([paths[63]]));
    // The changed path's entry before, and no other.
    expect(map.reads).toBe(1);
    // Against a state it was not made from, every path is compared.
    expect(changedPaths(saved, state)).toEqual(new Set(Array.from({ length: 10 }, (_, batch) => paths[batch * 7])));
  });
});
