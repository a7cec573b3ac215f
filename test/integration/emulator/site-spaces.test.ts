import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { createSection, createSite, expectBadField, ids, shareKeyOf, siteUrl } from './site-helpers.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.close());

const siteSpaces = (siteId: string) => `${siteUrl(siteId)}/site-spaces`;
const siteSpace = (siteId: string, id: string) => `${siteSpaces(siteId)}/${id}`;

async function addSiteSpace(siteId: string, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await call(emulator, 'POST', siteSpaces(siteId), { body: { spaceId: 'space-api', ...body } });
  expect(res.status).toBe(201);
  return json(res.body);
}

describe('SITE/site-spaces', () => {
  it('lists site spaces with the default filter; readers yes, guests 403, no token 401', async () => {
    const siteId = await createSite(emulator, { spaces: ['space-docs', 'space-api'] });
    const res = await call(emulator, 'GET', siteSpaces(siteId), { as: 'read' });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({
      count: 2,
      items: [
        { object: 'site-space', title: 'Product docs', path: 'product-docs', default: true, hasAdvancedCustomizationFeature: false },
        { object: 'site-space', title: 'API reference', path: 'api-reference', default: false },
      ],
    });
    const [first, second] = json(res.body).items.map((s: any) => s.id);
    expect(await ids(emulator, siteSpaces(siteId), { default: 'true' })).toEqual([first]);
    expect(await ids(emulator, siteSpaces(siteId), { default: 'false' })).toEqual([second]);
    expectBadField(await call(emulator, 'GET', siteSpaces(siteId), { query: { default: '1' } }), 'default');
    expect((await call(emulator, 'GET', siteSpaces(siteId), { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', siteSpaces(siteId), { as: null })).status).toBe(401);
  });

  it('gates the list of a share-link site on an active key, except for structure editors', async () => {
    await call(emulator, 'PATCH', siteUrl('site-docs'), { body: { visibility: 'share-link' } });
    expect((await call(emulator, 'GET', siteSpaces('site-docs'), { as: 'read' })).status).toBe(403);
    expect((await call(emulator, 'GET', siteSpaces('site-docs'), { as: 'create' })).status).toBe(200);
    const link = json((await call(emulator, 'POST', `${siteUrl('site-docs')}/share-links`, { body: { name: 'Preview' } })).body);
    const res = await call(emulator, 'GET', siteSpaces('site-docs'), { as: 'read', query: { shareKey: shareKeyOf(link) } });
    expect(res.status).toBe(200);
    expect(json(res.body).items[0].urls.published).toContain('?share=');
    expect((await call(emulator, 'GET', siteSpaces('site-docs'), { query: { shareKey: 'wrong' } })).status).toBe(403);
  });

  it('adds at the root when the site has no sections, else to the default or the given section', async () => {
    const res = await call(emulator, 'POST', siteSpaces('site-docs'), { as: 'create', body: { spaceId: 'space-api' } });
    expect(res.status).toBe(201);
    expect(json(res.body)).toMatchObject({ object: 'site-space', space: { id: 'space-api' }, path: 'api-reference', default: false });
    expect(json(res.body).section).toBeUndefined();
    expect((await addSiteSpace('site-docs')).path).toBe('api-reference-2');

    const siteId = await createSite(emulator);
    const first = await createSection(emulator, siteId, { title: 'First' });
    const second = await createSection(emulator, siteId, { title: 'Second' });
    expect((await addSiteSpace(siteId)).section).toBe(first.id);
    expect((await addSiteSpace(siteId, { sectionId: second.id })).section).toBe(second.id);
  });

  it('checks the create body: spaceId required and known, sectionId of this site; needs create', async () => {
    const post = (body: unknown, as: 'admin' | 'edit' = 'admin') => call(emulator, 'POST', siteSpaces('site-docs'), { as, body });
    expectBadField(await post({}), 'spaceId');
    expectBadField(await post({ spaceId: 'nope' }), 'spaceId');
    expectBadField(await post({ spaceId: 'space-api', sectionId: 'nope' }), 'sectionId');
    expect((await post({ spaceId: 'space-api' }, 'edit')).status).toBe(403);
    expect((await call(emulator, 'POST', siteSpaces('site-docs'), { as: null, body: { spaceId: 'space-api' } })).status).toBe(401);
  });

  it('deletes a site space with 205; the next one becomes the default', async () => {
    const siteId = await createSite(emulator, { spaces: ['space-docs', 'space-api'] });
    const [first, second] = await ids(emulator, siteSpaces(siteId));
    expect((await call(emulator, 'DELETE', siteSpace(siteId, first!), { as: 'edit' })).status).toBe(403);
    const res = await call(emulator, 'DELETE', siteSpace(siteId, first!), { as: 'create' });
    expect(res.status).toBe(205);
    expect(await ids(emulator, siteSpaces(siteId), { default: 'true' })).toEqual([second]);
    expect((await call(emulator, 'DELETE', siteSpace(siteId, first!))).status).toBe(404);
  });
});

describe('SITE/site-spaces/{siteSpaceId} PATCH', () => {
  it('updates path, condition and space; null removes the condition', async () => {
    const added = await addSiteSpace('site-docs');
    const patch = (body: unknown, as: 'admin' | 'edit' = 'admin') => call(emulator, 'PATCH', siteSpace('site-docs', added.id), { as, body });
    const res = await patch({ path: 'p'.repeat(100), condition: 'c'.repeat(1024), spaceId: 'space-docs' });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ path: 'p'.repeat(100), condition: 'c'.repeat(1024), space: { id: 'space-docs' } });
    expect(json((await patch({ path: 'v2' })).body).condition).toBe('c'.repeat(1024));
    expect(json((await patch({ condition: null })).body).condition).toBeUndefined();
    expect((await patch({ path: 'v3' }, 'edit')).status).toBe(403);
  });

  it('checks bounds and keeps paths unique among siblings only', async () => {
    const added = await addSiteSpace('site-docs');
    const patch = (body: unknown) => call(emulator, 'PATCH', siteSpace('site-docs', added.id), { body });
    expectBadField(await patch({ path: '' }), 'path');
    expectBadField(await patch({ path: 'p'.repeat(101) }), 'path');
    expectBadField(await patch({ path: 'space-docs' }), 'path');
    expectBadField(await patch({ condition: '' }), 'condition');
    expectBadField(await patch({ condition: 'c'.repeat(1025) }), 'condition');
    expectBadField(await patch({ spaceId: 'nope' }), 'spaceId');
    // The same path in another section is fine.
    const siteId = await createSite(emulator);
    const one = await createSection(emulator, siteId, { title: 'One' });
    const two = await createSection(emulator, siteId, { title: 'Two' });
    const res = await call(emulator, 'PATCH', siteSpace(siteId, two.siteSpaces[0].id), { body: { path: one.siteSpaces[0].path } });
    expect(res.status).toBe(200);
  });
});

describe('SITE/site-spaces/{siteSpaceId}/move (deprecated)', () => {
  it('reorders within a section and moves into another section', async () => {
    const siteId = await createSite(emulator);
    const one = await createSection(emulator, siteId, { title: 'One' });
    const two = await createSection(emulator, siteId, { title: 'Two', spaceId: 'space-api' });
    const a = one.siteSpaces[0].id as string;
    const b = (await addSiteSpace(siteId, { sectionId: one.id })).id as string;
    const move = (id: string, position: unknown, as: 'admin' | 'edit' = 'admin') =>
      call(emulator, 'POST', `${siteSpace(siteId, id)}/move`, { as, body: { position } });
    const res = await move(b, { before: { type: 'site-space', siteSpace: a } });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ object: 'site-space', id: b, section: one.id });
    expect(await ids(emulator, siteSpaces(siteId))).toEqual([b, a, two.siteSpaces[0].id]);
    // `b` (api-reference) cannot join `two`, which already has that path; `a` (product-docs) can.
    expectBadField(await move(b, { after: { type: 'site-space', siteSpace: two.siteSpaces[0].id } }), 'path');
    const moved = await move(a, { after: { type: 'site-space', siteSpace: two.siteSpaces[0].id } });
    expect(json(moved.body).section).toBe(two.id);
    expect(await ids(emulator, siteSpaces(siteId))).toEqual([b, two.siteSpaces[0].id, a]);
    expectBadField(await move(a, {}), 'position');
    expectBadField(await move(a, { before: { type: 'site-space', siteSpace: a } }), 'position');
    expect((await move(a, { before: { type: 'site-space', siteSpace: b } }, 'edit')).status).toBe(403);
  });

  it('reorders root site spaces, including ones a fixture created', async () => {
    const [fixture] = await ids(emulator, siteSpaces('site-docs'));
    const added = await addSiteSpace('site-docs');
    const res = await call(emulator, 'POST', `${siteSpace('site-docs', added.id)}/move`, {
      body: { position: { before: { type: 'site-space', siteSpace: fixture } } },
    });
    expect(res.status).toBe(200);
    expect(await ids(emulator, siteSpaces('site-docs'))).toEqual([added.id, fixture]);
    // The fixture's default stays the default after the move.
    expect(await ids(emulator, siteSpaces('site-docs'), { default: 'true' })).toEqual([fixture]);
  });
});
