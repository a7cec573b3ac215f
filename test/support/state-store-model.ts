import fc from 'fast-check';
import { expect } from 'vitest';
import type { StateStore, TargetState } from '../../src/state/state-store.js';
import { withChanges } from '../../src/state/with-changes.js';

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

/** A change of one page made on the state as read (the store's views of its records, or the model's maps). */
interface Edit {
  readonly path: string;
  readonly page: { id: string; hash: string } | undefined;
  readonly file: { id: string; hash: string } | undefined;
  readonly base: { oid: string; fingerprint: string } | undefined;
}
type Step = { kind: 'set'; key: string; state: TargetState } | { kind: 'delete'; key: string } | { kind: 'edit'; key: string; edit: Edit };
const key = fc.constantFrom('space:docs', 'space:api', 'spec:petstore', 'migrate:m-1:item');
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('set' as const), key, state: targetState }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), key }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      key,
      edit: fc.record({
        path,
        page: fc.option(fc.record({ id: text, hash: text }), { nil: undefined }),
        file: fc.option(fc.record({ id: text, hash: text }), { nil: undefined }),
        base: fc.option(fc.record({ oid: text, fingerprint: text }), { nil: undefined }),
      }),
    }),
    weight: 4,
  },
);

/** The state with one path's delivered page and file and its base changed (removed where undefined), through {@link withChanges}. */
function edited(state: TargetState, { path, page, file, base }: Edit): TargetState {
  return {
    ...state,
    delivered: {
      pages: withChanges(state.delivered?.pages ?? new Map(), [[path, page]]),
      files: withChanges(state.delivered?.files ?? new Map(), [[path, file]]),
    },
    base: { ...state.base, pages: withChanges(state.base?.pages ?? new Map(), [[path, base]]) },
  };
}

/**
 * A store against a `Map`: after any run of sets and deletes, the store, and a fresh store over the
 * same storage (`reopen`), hold what the Map holds. `open(run)` gives each run storage of its own.
 */
export async function checkAgainstModel(open: (run: number) => { store: StateStore; reopen: () => StateStore }, numRuns: number): Promise<void> {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(step, { maxLength: 16 }), async (steps) => {
      run += 1;
      const opened = open(run);
      const { reopen } = opened;
      let { store } = opened;
      const model = new Map<string, TargetState>();
      for (const s of steps) {
        if (s.kind === 'set') {
          await store.set(s.key, s.state);
          model.set(s.key, s.state);
        } else if (s.kind === 'edit') {
          // By a store that read the records anew (a run after a run): it goes on with the steps after.
          store = reopen();
          const [read, modelled] = [await store.get(s.key), model.get(s.key)];
          if (read === undefined || modelled === undefined) continue;
          await store.set(s.key, edited(read, s.edit));
          model.set(s.key, edited(modelled, s.edit));
        } else {
          await store.delete(s.key);
          model.delete(s.key);
        }
        const fresh = reopen();
        for (const k of ['space:docs', 'space:api']) expect(plain(await fresh.get(k))).toEqual(plain(model.get(k)));
      }
      expect(plainAll(await store.list())).toEqual(plainAll(model));
      expect(plainAll(await reopen().list())).toEqual(plainAll(model));
    }),
    { numRuns },
  );
}

/** A state with its maps by path as plain `Map`s, as `toEqual` compares them (a store's may be views of its records). */
export function plain(state: TargetState | undefined): TargetState | undefined {
  if (state === undefined) return undefined;
  const { delivered, base, ...rest } = state;
  return {
    ...rest,
    ...(delivered ? { delivered: { pages: new Map(delivered.pages), files: new Map(delivered.files) } } : {}),
    ...(base ? { base: { ...base, pages: new Map(base.pages) } } : {}),
  };
}

/** Every state of a store's list, plain. */
export function plainAll(states: ReadonlyMap<string, TargetState>): Map<string, TargetState | undefined> {
  return new Map([...states].map(([key, state]) => [key, plain(state)]));
}
