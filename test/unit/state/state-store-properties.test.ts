import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStateStore } from '../../../src/state/file-state-store.js';
import { basePages, deliveredFiles, deliveredPages, type TargetState } from '../../../src/state/state-store.js';

/** The file state store against a Map: any run of sets and deletes reads back the same, in this process and from the file. */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docsync-state-props-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const text = fc.string({ minLength: 1, maxLength: 12 });
const path = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 24 });
const state: fc.Arbitrary<TargetState> = fc
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
      delivered: fc.record({
        pages: fc.uniqueArray(fc.tuple(path, fc.record({ id: text, hash: text, updatedAt: fc.option(text, { nil: undefined }) })), {
          selector: ([p]) => p,
          maxLength: 6,
        }),
        files: fc.uniqueArray(fc.tuple(path, fc.record({ id: text, hash: text })), { selector: ([p]) => p, maxLength: 4 }),
      }),
      base: fc.record({ pages: fc.uniqueArray(fc.tuple(path, fc.record({ oid: text, fingerprint: text })), { selector: ([p]) => p, maxLength: 6 }) }),
    },
    { requiredKeys: ['reviewersRequested'] },
  )
  .map(({ delivered, base, ...rest }) => ({
    ...rest,
    ...(delivered
      ? {
          delivered: {
            pages: deliveredPages.of(delivered.pages.map(([p, v]) => [p, v.updatedAt === undefined ? { id: v.id, hash: v.hash } : v])),
            files: deliveredFiles.of(delivered.files),
          },
        }
      : {}),
    ...(base ? { base: { pages: basePages.of(base.pages) } } : {}),
  }));

type Step = { kind: 'set'; key: string; state: TargetState } | { kind: 'delete'; key: string };
const key = fc.constantFrom('space:docs', 'space:api', 'spec:petstore', 'site:main', 'api:delivery');
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), key, state }),
  fc.record({ kind: fc.constant('delete' as const), key }),
);

describe('FileStateStore (properties)', () => {
  it('holds what a Map holds after any run of sets and deletes, and a fresh store reads the same from the file', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
        run += 1;
        const file = join(dir, `state-${run}.json`);
        const store = new FileStateStore(file);
        const model = new Map<string, TargetState>();
        for (const s of steps) {
          if (s.kind === 'set') {
            await store.set(s.key, s.state);
            model.set(s.key, s.state);
          } else {
            await store.delete(s.key);
            model.delete(s.key);
          }
        }
        expect(await store.list()).toEqual(model);
        expect(await new FileStateStore(file).list()).toEqual(model);
      }),
      { numRuns: 60 },
    );
  });
});
