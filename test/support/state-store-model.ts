import fc from 'fast-check';
import { expect } from 'vitest';
import type { StateStore, TargetState } from '../../src/state/state-store.js';

const text = fc.string({ minLength: 1, maxLength: 12 });
/** Few paths, odd ones among them: successive states of a target set, change and remove the same records. */
const path = fc.constantFrom('README.md', 'guide/a.md', 'guide/b.md', '.gitbook/assets/logo.png', 'with\ttab.md', 'with\nbreak.md', 'émoji 🎉.md', 'x\\t.md');
const records = <T>(value: fc.Arbitrary<T>): fc.Arbitrary<[string, T][]> => fc.uniqueArray(fc.tuple(path, value), { selector: ([p]) => p, maxLength: 6 });

/** A target's state: its own fields, and records by page (delivered pages and files, the base with and without `live`). */
export const targetState: fc.Arbitrary<TargetState> = fc
  .record(
    {
      lastHash: fc.string({
        unit: fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'),
        minLength: 1,
        maxLength: 16,
      }),
      changeRequest: fc.record({ id: text, number: fc.nat() }),
      reviewersRequested: fc.array(text, { maxLength: 3 }),
      syncedAt: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      landed: fc.record({ hash: text, revision: text }),
      delivered: fc.record({
        pages: records(fc.record({ id: text, hash: text, updatedAt: text }, { requiredKeys: ['id', 'hash'] })),
        files: records(fc.record({ id: text, hash: text })),
      }),
      base: fc.record(
        {
          version: fc.nat({ max: 5 }),
          commit: text,
          pages: records(
            fc.record({ oid: text, fingerprint: text, live: fc.record({ oid: text, fingerprint: text }) }, { requiredKeys: ['oid', 'fingerprint'] }),
          ),
        },
        { requiredKeys: ['pages'] },
      ),
    },
    { requiredKeys: ['reviewersRequested'] },
  )
  .map(({ delivered, base, ...rest }) => ({
    ...rest,
    ...(delivered ? { delivered: { pages: new Map(delivered.pages), files: new Map(delivered.files) } } : {}),
    ...(base ? { base: { ...base, pages: new Map(base.pages) } } : {}),
  }));

type Step = { kind: 'set'; key: string; state: TargetState } | { kind: 'delete'; key: string };
const key = fc.constantFrom('space:docs', 'space:api', 'spec:petstore', 'migrate:m-1:item');
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('set' as const), key, state: targetState }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), key }), weight: 1 },
);

/**
 * A store against a `Map`: after any run of sets and deletes, the store, and a fresh store over the
 * same storage (`reopen`), hold what the Map holds. `open(run)` gives each run storage of its own.
 */
export async function checkAgainstModel(open: (run: number) => { store: StateStore; reopen: () => StateStore }, numRuns: number): Promise<void> {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
      run += 1;
      const { store, reopen } = open(run);
      const model = new Map<string, TargetState>();
      for (const s of steps) {
        if (s.kind === 'set') {
          await store.set(s.key, s.state);
          model.set(s.key, s.state);
        } else {
          await store.delete(s.key);
          model.delete(s.key);
        }
        const fresh = reopen();
        for (const k of ['space:docs', 'space:api']) expect(await fresh.get(k)).toEqual(model.get(k));
      }
      expect(await store.list()).toEqual(model);
      expect(await reopen().list()).toEqual(model);
    }),
    { numRuns },
  );
}
