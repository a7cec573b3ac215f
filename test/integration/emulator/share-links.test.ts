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

const links = (siteId: string) => `${siteUrl(siteId)}/share-links`;
const link = (siteId: string, id: string) => `${links(siteId)}/${id}`;

async function createLink(siteId: string, name = 'Preview'): Promise<Record<string, any>> {
  const res = await call(emulator, 'POST', links(siteId), { body: { name } });
  expect(res.status).toBe(201);
  return json(res.body);
}

describe('SITE/share-links', () => {
  it('creates an active link with 201 whose published URL carries a fresh secret', async () => {
    const res = await call(emulator, 'POST', links('site-docs'), { as: 'create', body: { name: 'n'.repeat(50) } });
    expect(res.status).toBe(201);
    const created = json(res.body);
    expect(created).toMatchObject({ object: 'share-link', name: 'n'.repeat(50), active: true });
    expect(typeof created.createdAt).toBe('string');
    const other = await createLink('site-docs');
    expect(shareKeyOf(other)).not.toBe(shareKeyOf(created));
    expect(shareKeyOf(created).length).toBeGreaterThanOrEqual(24);
  });

  it('checks the create body: name required, at most 50; needs create', async () => {
    expect((await call(emulator, 'POST', links('site-docs'), { body: { name: '' } })).status).toBe(201);
    expectBadField(await call(emulator, 'POST', links('site-docs'), { body: { name: 'n'.repeat(51) } }), 'name');
    expectBadField(await call(emulator, 'POST', links('site-docs'), { body: {} }), 'name');
    expect((await call(emulator, 'POST', links('site-docs'), { as: 'edit', body: { name: 'x' } })).status).toBe(403);
    expect((await call(emulator, 'POST', links('site-docs'), { as: null, body: { name: 'x' } })).status).toBe(401);
  });

  it('lists the links of a site only', async () => {
    const first = await createLink('site-docs', 'One');
    const second = await createLink('site-docs', 'Two');
    await createLink(await createSite(emulator), 'Elsewhere');
    const res = await call(emulator, 'GET', links('site-docs'), { as: 'read' });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({
      count: 2,
      items: [
        { id: first.id, name: 'One' },
        { id: second.id, name: 'Two' },
      ],
    });
    expect((await call(emulator, 'GET', links('site-docs'), { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', links('site-docs'), { as: null })).status).toBe(401);
  });

  it('updates active and name (at most 50); needs create', async () => {
    const created = await createLink('site-docs');
    const patch = (body: unknown, as: 'admin' | 'edit' = 'admin') => call(emulator, 'PATCH', link('site-docs', created.id), { as, body });
    const res = await patch({ active: false, name: 'n'.repeat(50) });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ object: 'share-link', id: created.id, active: false, name: 'n'.repeat(50) });
    expectBadField(await patch({ name: 'n'.repeat(51) }), 'name');
    expectBadField(await patch({ active: 'no' }), 'active');
    expect((await patch({ active: true }, 'edit')).status).toBe(403);
    expect((await call(emulator, 'PATCH', link('site-docs', 'nope'), { body: { active: true } })).status).toBe(404);
  });

  it('deletes a link with 205; needs create', async () => {
    const created = await createLink('site-docs');
    expect((await call(emulator, 'DELETE', link('site-docs', created.id), { as: 'edit' })).status).toBe(403);
    const res = await call(emulator, 'DELETE', link('site-docs', created.id), { as: 'create' });
    expect(res.status).toBe(205);
    expect(await ids(emulator, links('site-docs'))).toEqual([]);
    expect((await call(emulator, 'DELETE', link('site-docs', created.id))).status).toBe(404);
  });
});

describe('share keys gate the published view of a share-link site', () => {
  it('is 403 without the key, 200 with an active link’s key, 403 again once the link is off', async () => {
    const siteId = await createSite(emulator, { visibility: 'share-link' });
    await createSection(emulator, siteId, { title: 'Guides' });
    const published = `${siteUrl(siteId)}/published`;
    const created = await createLink(siteId);
    const key = shareKeyOf(created);

    const withoutKey = await call(emulator, 'GET', published);
    expect(withoutKey.status).toBe(403);
    expect(json(withoutKey.body).error.message).toContain('shareKey');
    expect((await call(emulator, 'GET', published, { query: { shareKey: 'not-the-key' } })).status).toBe(403);

    const withKey = await call(emulator, 'GET', published, { as: 'read', query: { shareKey: key } });
    expect(withKey.status).toBe(200);
    expect(json(withKey.body)).toMatchObject({ object: 'published-content-site', site: { id: siteId, visibility: 'share-link' } });
    expect(json(withKey.body).structure.structure[0].urls.published).toContain(`?share=${key}`);

    await call(emulator, 'PATCH', link(siteId, created.id), { body: { active: false } });
    expect((await call(emulator, 'GET', published, { query: { shareKey: key } })).status).toBe(403);
    await call(emulator, 'PATCH', link(siteId, created.id), { body: { active: true } });
    expect((await call(emulator, 'GET', published, { query: { shareKey: key } })).status).toBe(200);
    await call(emulator, 'DELETE', link(siteId, created.id));
    expect((await call(emulator, 'GET', published, { query: { shareKey: key } })).status).toBe(403);
  });

  it('does not accept the key of another site’s link', async () => {
    const siteId = await createSite(emulator, { visibility: 'share-link' });
    const foreign = await createLink(await createSite(emulator, { visibility: 'share-link' }));
    expect((await call(emulator, 'GET', `${siteUrl(siteId)}/published`, { query: { shareKey: shareKeyOf(foreign) } })).status).toBe(403);
  });

  it('leaves other visibilities open, key or not', async () => {
    expect((await call(emulator, 'GET', `${siteUrl('site-docs')}/published`, { as: 'read' })).status).toBe(200);
    expect((await call(emulator, 'GET', `${siteUrl('site-docs')}/published`, { query: { shareKey: 'anything' } })).status).toBe(200);
  });
});
