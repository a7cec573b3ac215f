import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';

const SPACE = '/v1/spaces/space-docs';
const CRS = `${SPACE}/change-requests`;

let emulator: RunningEmulator;
beforeAll(async () => {
  // Today's contract (strict): every answer below is held to its document.
  emulator = await startTestEmulator({ contract: 'current' });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

async function openCr(): Promise<string> {
  const res = await call(emulator, 'POST', CRS, { as: 'edit', body: { subject: 'Changes' } });
  expect(res.status).toBe(201);
  return json(res.body).id as string;
}

async function batch(cr: string, changes: unknown[]): Promise<void> {
  const res = await call(emulator, 'POST', `${CRS}/${cr}/content`, { as: 'edit', body: { changes }, query: { compat: false } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function idsByPath(cr: string): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const visit = (pages: any[]): void =>
    pages.forEach((page) => {
      ids[page.path] = page.id;
      visit(page.pages ?? []);
    });
  visit(json((await call(emulator, 'GET', `${CRS}/${cr}/content/pages`)).body).pages);
  return ids;
}

/** Merges the change request and answers main's new revision. */
async function merge(cr: string): Promise<string> {
  const res = await call(emulator, 'POST', `${CRS}/${cr}/merge`, { as: 'edit' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return json((await call(emulator, 'GET', `${SPACE}/content`)).body).id as string;
}

const changesOf = async (revision: string, query: Record<string, string | number> = {}) => {
  const res = await call(emulator, 'GET', `${SPACE}/revisions/${revision}/changes`, { as: 'read', query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return json(res.body);
};

describe('GET …/revisions/{revisionId}/changes (getRevisionSemanticChanges)', () => {
  it("lists what a merge changed against main's revision before it, with the change request it came from", async () => {
    const first = await openCr();
    await batch(first, [
      { operation: 'insert_page', slug: 'recipes', document: { markdown: '# Recipes\n' } },
      { operation: 'insert_page', slug: 'setup', document: { markdown: '# Setup\n' } },
    ]);
    await merge(first);

    const second = await openCr();
    const ids = await idsByPath(second);
    await batch(second, [
      { operation: 'update_page', page: ids.setup, into: ids.recipes },
      { operation: 'update_page', page: ids.recipes, title: 'All recipes' },
      { operation: 'insert_page', slug: 'faq', document: { markdown: '# FAQ\n' } },
    ]);
    const merged = await merge(second);

    const body = await changesOf(merged);
    expect(body.mergedFrom).toMatchObject({ id: second, status: 'merged', revisionMerged: merged });
    const byType = (type: string) => body.changes.filter((change: any) => change.type === type);
    expect(byType('page_created').map((change: any) => change.page.title)).toEqual(['FAQ']);
    expect(byType('page_edited').map((change: any) => [change.page.title, change.attributes.title])).toEqual([
      ['All recipes', { before: 'Recipes', after: 'All recipes' }],
    ]);
    expect(byType('page_moved')).toEqual([
      {
        type: 'page_moved',
        page: expect.objectContaining({ id: ids.setup, title: 'Setup' }),
        parent: { after: expect.objectContaining({ id: ids.recipes }) },
      },
    ]);
    expect(body.more).toBeUndefined();
  });

  it('gives 10 changes unless asked for more, and counts those left out', async () => {
    const cr = await openCr();
    await batch(
      cr,
      Array.from({ length: 12 }, (_, i) => ({ operation: 'insert_page', slug: `page-${i}`, document: { markdown: `# Page ${i}\n` } })),
    );
    const merged = await merge(cr);
    expect(await changesOf(merged)).toMatchObject({ changes: expect.any(Array), more: 2 });
    expect((await changesOf(merged)).changes).toHaveLength(10);
    const all = await changesOf(merged, { limit: 50 });
    expect(all.changes).toHaveLength(12);
    expect(all.more).toBeUndefined();
    // The change request's own changes follow the same default.
    expect(json((await call(emulator, 'GET', `${CRS}/${cr}/changes`)).body).more).toBe(2);
  });

  it('answers 404 for a revision of another space or none, and a revision that no merge made has no mergedFrom', async () => {
    expect((await call(emulator, 'GET', `${SPACE}/revisions/rev_nope/changes`, { as: 'read' })).status).toBe(404);
    const main = json((await call(emulator, 'GET', `${SPACE}/content`)).body).id as string;
    const body = await changesOf(main);
    expect(body.mergedFrom).toBeUndefined();
    expect(Array.isArray(body.changes)).toBe(true);
  });
});
