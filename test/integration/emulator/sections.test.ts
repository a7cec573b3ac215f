import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { createSection, createSite, expectBadField, ids, shareKeyOf, siteUrl } from './site-helpers.js';

let emulator: RunningEmulator;
let siteId: string;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
beforeEach(async () => {
  emulator.reset();
  siteId = await createSite(emulator);
});
afterAll(() => emulator.close());

const sections = () => `${siteUrl(siteId)}/sections`;
const section = (id: string) => `${sections()}/${id}`;

describe('SITE/sections', () => {
  it('creates a section with 201 holding its space as first site space; path from the title', async () => {
    const res = await call(emulator, 'POST', sections(), { as: 'create', body: { spaceId: 'space-api', title: 'API Guides', icon: 'book' } });
    expect(res.status).toBe(201);
    expect(json(res.body)).toMatchObject({
      object: 'site-section',
      title: 'API Guides',
      path: 'api-guides',
      icon: 'book',
      default: true,
      siteSpaces: [{ object: 'site-space', space: { id: 'space-api' }, default: true, path: 'api-reference' }],
    });
    expect(json(res.body).siteSpaces[0].section).toBe(json(res.body).id);
    const again = await createSection(emulator, siteId, { title: 'API Guides' });
    expect(again.path).toBe('api-guides-2');
    const untitled = await createSection(emulator, siteId, { title: null });
    expect(untitled.title).toBe('Product docs');
  });

  it('checks the create body: spaceId required and known, title 2 to 128, icon up to 50; needs create', async () => {
    const post = (body: unknown, as: 'admin' | 'edit' = 'admin') => call(emulator, 'POST', sections(), { as, body });
    expect((await post({ spaceId: 'space-docs', title: 'Ab', icon: 'i'.repeat(50) })).status).toBe(201);
    expect((await post({ spaceId: 'space-docs', title: 't'.repeat(128) })).status).toBe(201);
    expectBadField(await post({ title: 'Guides' }), 'spaceId');
    expectBadField(await post({ spaceId: 'nope' }), 'spaceId');
    expectBadField(await post({ spaceId: 'space-docs', title: 'A' }), 'title');
    expectBadField(await post({ spaceId: 'space-docs', title: 't'.repeat(129) }), 'title');
    expectBadField(await post({ spaceId: 'space-docs', icon: 'i'.repeat(51) }), 'icon');
    expect((await post({ spaceId: 'space-docs' }, 'edit')).status).toBe(403);
    expect((await call(emulator, 'POST', sections(), { as: null, body: { spaceId: 'space-docs' } })).status).toBe(401);
  });

  it('lists sections in structure order, groups expanded in place', async () => {
    const a = await createSection(emulator, siteId, { title: 'Alpha' });
    const b = await createSection(emulator, siteId, { title: 'Beta' });
    const c = await createSection(emulator, siteId, { title: 'Gamma' });
    await call(emulator, 'POST', `${siteUrl(siteId)}/section-groups`, { body: { title: 'Group', sections: [c.id] } });
    const res = await call(emulator, 'GET', sections(), { as: 'read' });
    expect(res.status).toBe(200);
    expect(json(res.body).count).toBe(3);
    expect(json(res.body).items.map((s: any) => s.id)).toEqual([a.id, b.id, c.id]);
    expect(json(res.body).items[2].sectionGroup).toBeTruthy();
    expect((await call(emulator, 'GET', sections(), { query: { limit: 2 } })).body).toMatchObject({ next: { page: expect.any(String) } });
    expect((await call(emulator, 'GET', sections(), { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', sections(), { as: null })).status).toBe(401);
  });

  it('gates the list of a share-link site on an active key, except for structure editors', async () => {
    await createSection(emulator, siteId, { title: 'Alpha' });
    await call(emulator, 'PATCH', siteUrl(siteId), { body: { visibility: 'share-link' } });
    expect((await call(emulator, 'GET', sections(), { as: 'read' })).status).toBe(403);
    expect((await call(emulator, 'GET', sections(), { as: 'create' })).status).toBe(200);
    const link = json((await call(emulator, 'POST', `${siteUrl(siteId)}/share-links`, { body: { name: 'Preview' } })).body);
    const key = shareKeyOf(link);
    const res = await call(emulator, 'GET', sections(), { as: 'read', query: { shareKey: key } });
    expect(res.status).toBe(200);
    expect(json(res.body).items[0].urls.published).toContain(`?share=${key}`);
    expect((await call(emulator, 'GET', sections(), { as: 'admin', query: { shareKey: 'wrong' } })).status).toBe(403);
  });

  it('deletes a section with 205, with its site spaces; needs create', async () => {
    const created = await createSection(emulator, siteId);
    expect((await call(emulator, 'DELETE', section(created.id), { as: 'edit' })).status).toBe(403);
    const res = await call(emulator, 'DELETE', section(created.id), { as: 'create' });
    expect(res.status).toBe(205);
    expect(await ids(emulator, sections())).toEqual([]);
    expect(emulator.state.siteSpaces.has(created.siteSpaces[0].id)).toBe(false);
    expect((await call(emulator, 'DELETE', section(created.id))).status).toBe(404);
  });
});

describe('SITE/sections/{siteSectionId} PATCH', () => {
  it('updates title, path, icon, description and condition; null removes', async () => {
    const created = await createSection(emulator, siteId);
    const patch = (body: unknown) => call(emulator, 'PATCH', section(created.id), { as: 'create', body });
    const longest = { path: 'p'.repeat(100), icon: 'i'.repeat(50), description: 'd'.repeat(256), condition: 'c'.repeat(1024) };
    const res = await patch({ title: 'Guides', ...longest });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ title: 'Guides', ...longest });
    const kept = await patch({ title: 'Guides again' });
    expect(json(kept.body).condition).toBe('c'.repeat(1024));
    const cleared = json((await patch({ condition: null, icon: null, description: null })).body);
    expect([cleared.condition, cleared.icon, cleared.description]).toEqual([undefined, undefined, undefined]);
    expect((await call(emulator, 'PATCH', section(created.id), { as: 'edit', body: { title: 'Nope' } })).status).toBe(403);
  });

  it('checks every bound and keeps paths unique within the site', async () => {
    const created = await createSection(emulator, siteId, { title: 'First' });
    await createSection(emulator, siteId, { title: 'Taken' });
    const patch = (body: unknown) => call(emulator, 'PATCH', section(created.id), { body });
    expectBadField(await patch({ title: 'A' }), 'title');
    expectBadField(await patch({ title: 't'.repeat(129) }), 'title');
    expectBadField(await patch({ path: '' }), 'path');
    expectBadField(await patch({ path: 'p'.repeat(101) }), 'path');
    expectBadField(await patch({ path: 'taken' }), 'path');
    expect((await patch({ path: 'first' })).status).toBe(200);
    expectBadField(await patch({ condition: '' }), 'condition');
    expectBadField(await patch({ condition: 'c'.repeat(1025) }), 'condition');
    expectBadField(await patch({ description: 'd'.repeat(257) }), 'description');
    expectBadField(await patch({ icon: 'i'.repeat(51) }), 'icon');
  });

  it('sets the default site space, only to one of this section', async () => {
    const created = await createSection(emulator, siteId);
    const added = json((await call(emulator, 'POST', `${siteUrl(siteId)}/site-spaces`, { body: { spaceId: 'space-api', sectionId: created.id } })).body);
    const res = await call(emulator, 'PATCH', section(created.id), { body: { defaultSiteSpace: added.id } });
    expect(json(res.body).siteSpaces.map((s: any) => s.default)).toEqual([false, true]);
    const other = await createSection(emulator, siteId, { title: 'Other' });
    expectBadField(await call(emulator, 'PATCH', section(created.id), { body: { defaultSiteSpace: other.siteSpaces[0].id } }), 'defaultSiteSpace');
  });
});

describe('SITE/sections/{siteSectionId}/move (deprecated)', () => {
  it('moves a section before or after another, into the other’s group if it has one', async () => {
    const a = await createSection(emulator, siteId, { title: 'Alpha' });
    const b = await createSection(emulator, siteId, { title: 'Beta' });
    const c = await createSection(emulator, siteId, { title: 'Gamma' });
    const move = (id: string, position: unknown, as: 'admin' | 'edit' = 'admin') => call(emulator, 'POST', `${section(id)}/move`, { as, body: { position } });
    const res = await move(c.id, { before: { type: 'site-section', siteSection: a.id } });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ object: 'site-section', id: c.id });
    expect(await ids(emulator, sections())).toEqual([c.id, a.id, b.id]);
    await move(c.id, { after: { type: 'site-section', siteSection: b.id } });
    expect(await ids(emulator, sections())).toEqual([a.id, b.id, c.id]);
    const group = json((await call(emulator, 'POST', `${siteUrl(siteId)}/section-groups`, { body: { title: 'G', sections: [b.id] } })).body);
    const joined = await move(a.id, { after: { type: 'site-section', siteSection: b.id } });
    expect(json(joined.body).sectionGroup).toBe(group.id);
    expect(await ids(emulator, sections())).toEqual([b.id, a.id, c.id]);
    expectBadField(await move(a.id, {}), 'position');
    expectBadField(await move(a.id, { before: { type: 'site-section', siteSection: 'nope' } }), 'position');
    expectBadField(await move(a.id, { before: { type: 'site-space', siteSection: b.id } }), 'position.before.type');
    expect((await move(a.id, { before: { type: 'site-section', siteSection: c.id } }, 'edit')).status).toBe(403);
  });
});
