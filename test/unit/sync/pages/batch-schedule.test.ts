import { describe, expect, it } from 'vitest';
import { batchesInFlight, batchNeeds, maySend } from '../../../../src/sync/pages/batch-schedule.js';
import type { PlannedChange } from '../../../../src/sync/pages/page-plan.js';

const insert = (path: string, parent: { id: string } | { ref: string } | null, ref = `ref-${path}`): PlannedChange => ({
  kind: 'insert-page',
  ref,
  path,
  title: path,
  slug: path,
  parent,
  at: 0,
});
const rewrite = (id: string): PlannedChange => ({ kind: 'update-page', id, path: `${id}.md`, document: true, title: id });

describe('maySend', () => {
  it('sends side by side batches that insert under different, existing parents, or only rewrite documents', () => {
    const underA = batchNeeds([insert('a1.md', { id: 'a' }), insert('a2.md', { id: 'a' })]);
    const underB = batchNeeds([insert('b1.md', { id: 'b' })]);
    const rewrites = batchNeeds([rewrite('x'), rewrite('y')]);
    expect(maySend(underB, [underA], new Set())).toBe(true);
    expect(maySend(rewrites, [underA, underB], new Set())).toBe(true);
  });

  it('keeps the order of batches under the same parent, and waits for the answer that gives a parent its id', () => {
    const first = batchNeeds([insert('a1.md', { id: 'a' }), insert('p.md', null, 'p')]);
    expect(maySend(batchNeeds([insert('a2.md', { id: 'a' })]), [first], new Set())).toBe(false);
    const underNew = batchNeeds([insert('p/c.md', { ref: 'p' })]);
    expect(maySend(underNew, [first], new Set())).toBe(false);
    expect(maySend(underNew, [], new Set())).toBe(false);
    expect(maySend(underNew, [], new Set(['p']))).toBe(true);
  });

  it('sends files, moves, deletions and new slugs alone', () => {
    const files = batchNeeds([{ kind: 'insert-files', files: [] }]);
    const move = batchNeeds([{ kind: 'update-page', id: 'x', path: 'x.md', document: false, move: { parent: null, at: 0 } }]);
    const slug = batchNeeds([{ kind: 'update-page', id: 'x', path: 'x.md', document: false, slug: 'new' }]);
    const deletion = batchNeeds([{ kind: 'delete-page', id: 'x', title: 'x' }]);
    const other = batchNeeds([rewrite('y')]);
    for (const alone of [files, move, slug, deletion]) {
      expect(maySend(alone, [other], new Set())).toBe(false);
      expect(maySend(other, [alone], new Set())).toBe(false);
      expect(maySend(alone, [], new Set())).toBe(true);
    }
  });
});

describe('batchesInFlight', () => {
  const limits = { max: 16, unknown: 4 };
  it('follows the requests left in the rate-limit window, between one and the most', () => {
    expect(batchesInFlight(100, limits)).toBe(16);
    expect(batchesInFlight(7, limits)).toBe(7);
    expect(batchesInFlight(0, limits)).toBe(1);
    expect(batchesInFlight(undefined, limits)).toBe(4);
  });
});
