import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { createSection, createSite, expectBadField, ids, siteUrl } from './site-helpers.js';

let emulator: RunningEmulator;
let siteId: string;
let sectionIds: string[];
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
beforeEach(async () => {
  emulator.reset();
  siteId = await createSite(emulator);
  sectionIds = [];
  for (const title of ['Alpha', 'Beta', 'Gamma']) sectionIds.push((await createSection(emulator, siteId, { title })).id as string);
});
afterAll(() => emulator.close());

const groups = () => `${siteUrl(siteId)}/section-groups`;
const group = (id: string) => `${groups()}/${id}`;
const sectionOrder = () => ids(emulator, `${siteUrl(siteId)}/sections`);

async function createGroup(body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await call(emulator, 'POST', groups(), { body: { title: 'Group', ...body } });
  expect(res.status).toBe(201);
  return json(res.body);
}

describe('SITE/section-groups', () => {
  it('creates a group with 201, taking its initial sections in the given order', async () => {
    const [a, b, c] = sectionIds as [string, string, string];
    const res = await call(emulator, 'POST', groups(), { as: 'create', body: { title: 'Products', icon: 'box', sections: [c, b] } });
    expect(res.status).toBe(201);
    const created = json(res.body);
    expect(created).toMatchObject({ object: 'site-section-group', title: 'Products', icon: 'box' });
    expect(created.sections.map((s: any) => [s.id, s.sectionGroup])).toEqual([
      [c, created.id],
      [b, created.id],
    ]);
    // The group stands where its first section stood.
    expect(await sectionOrder()).toEqual([a, c, b]);
    const empty = await createGroup({ icon: null });
    expect(empty.sections).toEqual([]);
    expect(empty.icon).toBeUndefined();
  });

  it('checks the create body: title 1 to 100, icon up to 50, sections of this site; needs create', async () => {
    const post = (body: unknown, as: 'admin' | 'edit' = 'admin') => call(emulator, 'POST', groups(), { as, body });
    expect((await post({ title: 'G', icon: 'i'.repeat(50) })).status).toBe(201);
    expect((await post({ title: 't'.repeat(100) })).status).toBe(201);
    expectBadField(await post({ title: '' }), 'title');
    expectBadField(await post({ title: 't'.repeat(101) }), 'title');
    expectBadField(await post({}), 'title');
    expectBadField(await post({ title: 'G', icon: 'i'.repeat(51) }), 'icon');
    expectBadField(await post({ title: 'G', sections: ['nope'] }), 'sections.0');
    expectBadField(await post({ title: 'G', sections: [sectionIds[0], sectionIds[0]] }), 'sections');
    expect((await post({ title: 'G' }, 'edit')).status).toBe(403);
    expect((await call(emulator, 'POST', groups(), { as: null, body: { title: 'G' } })).status).toBe(401);
  });

  it('lists groups in structure order', async () => {
    const first = await createGroup({ title: 'First', sections: [sectionIds[0]] });
    const second = await createGroup({ title: 'Second' });
    const res = await call(emulator, 'GET', groups(), { as: 'read' });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ count: 2, items: [{ id: first.id, sections: [{ id: sectionIds[0] }] }, { id: second.id }] });
    expect((await call(emulator, 'GET', groups(), { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', groups(), { as: null })).status).toBe(401);
  });

  it('updates title and icon with bounds; needs create', async () => {
    const created = await createGroup();
    const patch = (body: unknown, as: 'admin' | 'edit' = 'admin') => call(emulator, 'PATCH', group(created.id), { as, body });
    const res = await patch({ title: 't'.repeat(100), icon: 'i'.repeat(50) });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ object: 'site-section-group', title: 't'.repeat(100), icon: 'i'.repeat(50) });
    expect((await patch({ title: 'G' })).status).toBe(200);
    expectBadField(await patch({ title: '' }), 'title');
    expectBadField(await patch({ title: 't'.repeat(101) }), 'title');
    expectBadField(await patch({ icon: 'i'.repeat(51) }), 'icon');
    expect((await patch({ title: 'Nope' }, 'edit')).status).toBe(403);
    expect((await call(emulator, 'PATCH', group('nope'), { body: { title: 'X' } })).status).toBe(404);
  });

  it('deletes a group with 205; its sections return to the top level in place', async () => {
    const [a, b, c] = sectionIds as [string, string, string];
    const created = await createGroup({ sections: [b, c] });
    expect((await call(emulator, 'DELETE', group(created.id), { as: 'edit' })).status).toBe(403);
    const res = await call(emulator, 'DELETE', group(created.id), { as: 'create' });
    expect(res.status).toBe(205);
    expect(await ids(emulator, groups())).toEqual([]);
    const listed = json((await call(emulator, 'GET', `${siteUrl(siteId)}/sections`)).body).items;
    expect(listed.map((s: any) => [s.id, s.sectionGroup])).toEqual([
      [a, undefined],
      [b, undefined],
      [c, undefined],
    ]);
  });
});

describe('SITE/section-groups/{id}/sections', () => {
  it('adds a section with 201 (again is harmless), moving it out of another group', async () => {
    const [a, b] = sectionIds as [string, string, string];
    const other = await createGroup({ title: 'Other', sections: [a] });
    const created = await createGroup();
    const add = (sectionId: string, as: 'admin' | 'edit' = 'admin') => call(emulator, 'POST', `${group(created.id)}/sections`, { as, body: { sectionId } });
    const res = await add(a);
    expect(res.status).toBe(201);
    expect(json(res.body).sections.map((s: any) => s.id)).toEqual([a]);
    expect(json((await add(a)).body).sections.map((s: any) => s.id)).toEqual([a]);
    expect(json((await add(b)).body).sections.map((s: any) => s.id)).toEqual([a, b]);
    expect(json((await call(emulator, 'GET', groups())).body).items.find((g: any) => g.id === other.id).sections).toEqual([]);
    expectBadField(await add('nope'), 'sectionId');
    expectBadField(await call(emulator, 'POST', `${group(created.id)}/sections`, { body: {} }), 'sectionId');
    expect((await add(b, 'edit')).status).toBe(403);
  });

  it('removes a section with 205, putting it at the top level after the group', async () => {
    const [a, b, c] = sectionIds as [string, string, string];
    const created = await createGroup({ sections: [a, b] });
    const remove = (sectionId: string, as: 'admin' | 'edit' = 'admin') => call(emulator, 'DELETE', `${group(created.id)}/sections/${sectionId}`, { as });
    expect((await remove(a, 'edit')).status).toBe(403);
    const res = await remove(a);
    expect(res.status).toBe(205);
    expect(await sectionOrder()).toEqual([b, a, c]);
    const listed = json((await call(emulator, 'GET', groups())).body).items[0];
    expect(listed.sections.map((s: any) => s.id)).toEqual([b]);
    expect((await remove(c)).status).toBe(404);
  });
});

describe('SITE/section-groups/{id}/move (deprecated)', () => {
  it('moves a group before or after a section', async () => {
    const [a, b, c] = sectionIds as [string, string, string];
    const created = await createGroup({ sections: [c] });
    const move = (position: unknown, as: 'admin' | 'edit' = 'admin') => call(emulator, 'POST', `${group(created.id)}/move`, { as, body: { position } });
    const res = await move({ before: { type: 'site-section', id: a } });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ object: 'site-section-group', id: created.id });
    expect(await sectionOrder()).toEqual([c, a, b]);
    await move({ after: { type: 'site-section', id: a } });
    expect(await sectionOrder()).toEqual([a, c, b]);
    expectBadField(await move({}), 'position');
    expectBadField(await move({ before: { type: 'site-section', id: c } }), 'position');
    expectBadField(await move({ before: { type: 'site-section', id: 'nope' } }), 'position');
    expect((await move({ after: { type: 'site-section', id: b } }, 'edit')).status).toBe(403);
  });
});
