import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { SITES, createSection, createSite, expectBadField, ids, siteUrl } from './site-helpers.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.close());

describe('O/sites', () => {
  it('lists sites in an envelope, filtered by space, title and published', async () => {
    const res = await call(emulator, 'GET', SITES, { as: 'read' });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ count: 1, items: [{ object: 'site', id: 'site-docs', siteSpaces: 1, published: true }] });
    const other = await createSite(emulator, { title: 'API portal', spaces: ['space-api'] });
    expect(await ids(emulator, SITES, { space: 'space-api' })).toEqual([other]);
    expect(await ids(emulator, SITES, { title: 'api' })).toEqual([other]);
    emulator.state.sites.get(other)!.published = false;
    expect(await ids(emulator, SITES, { published: 'false' })).toEqual([other]);
    expect(await ids(emulator, SITES, { published: 'true' })).toEqual(['site-docs']);
    expectBadField(await call(emulator, 'GET', SITES, { query: { published: 'yes' } }), 'published');
    expect((await call(emulator, 'GET', SITES, { query: { limit: 1000 } })).status).toBe(200);
    expectBadField(await call(emulator, 'GET', SITES, { query: { limit: 1001 } }), 'limit');
    expect((await call(emulator, 'GET', SITES, { as: null })).status).toBe(401);
    expect((await call(emulator, 'GET', SITES, { as: 'guest' })).status).toBe(403);
  });

  it('creates a site with 201: basic by default, root site spaces for the spaces given', async () => {
    const res = await call(emulator, 'POST', SITES, { as: 'create', body: { title: 'Docs', spaces: ['space-docs', 'space-api'] } });
    expect(res.status).toBe(201);
    const site = json(res.body);
    expect(site).toMatchObject({ object: 'site', type: 'basic', title: 'Docs', visibility: 'public', siteSpaces: 2, agentsContext: 'included' });
    expect(site.urls.location).toBe(`${emulator.url}${siteUrl(site.id)}`);
    const spaces = json((await call(emulator, 'GET', `${siteUrl(site.id)}/site-spaces`)).body).items;
    expect(spaces.map((s: any) => [s.space.id, s.path, s.default, s.section])).toEqual([
      ['space-docs', 'product-docs', true, undefined],
      ['space-api', 'api-reference', false, undefined],
    ]);
  });

  it('creates a new empty space when `spaces` is a string', async () => {
    const siteId = await createSite(emulator, { title: 'Fresh', spaces: 'new' });
    const [siteSpace] = json((await call(emulator, 'GET', `${siteUrl(siteId)}/site-spaces`)).body).items;
    expect(siteSpace.space.title).toBe('Fresh');
    expect(emulator.state.spaces.has(siteSpace.space.id)).toBe(true);
    const content = emulator.state.revisions.get(emulator.state.spaces.get(siteSpace.space.id)!.revision);
    expect(content?.pages).toEqual([]);
  });

  it('checks the create body: title 2 to 128, known spaces, visibility; needs create', async () => {
    expect((await call(emulator, 'POST', SITES, { body: { title: 'Ab' } })).status).toBe(201);
    expect((await call(emulator, 'POST', SITES, { body: { title: 't'.repeat(128) } })).status).toBe(201);
    expectBadField(await call(emulator, 'POST', SITES, { body: { title: 'A' } }), 'title');
    expectBadField(await call(emulator, 'POST', SITES, { body: { title: 't'.repeat(129) } }), 'title');
    expectBadField(await call(emulator, 'POST', SITES, { body: { visibility: 'secret' } }), 'visibility');
    expectBadField(await call(emulator, 'POST', SITES, { body: { spaces: ['space-docs', 'nope'] } }), 'spaces.1');
    const before = emulator.state.sites.size;
    expect((await call(emulator, 'POST', SITES, { as: 'edit', body: {} })).status).toBe(403);
    expect(emulator.state.sites.size).toBe(before);
    const untitled = await call(emulator, 'POST', SITES, { body: {} });
    expect(json(untitled.body).title).toBe('Untitled site');
  });
});

describe('SITE', () => {
  it('reads a site for readers, 403 for guests, 404 for an unknown one, 401 without a token', async () => {
    const res = await call(emulator, 'GET', siteUrl('site-docs'), { as: 'read' });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ object: 'site', id: 'site-docs', adaptiveContent: { enabled: false } });
    expect((await call(emulator, 'GET', siteUrl('site-docs'), { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', siteUrl('nope'))).status).toBe(404);
    expect((await call(emulator, 'GET', siteUrl('site-docs'), { as: null })).status).toBe(401);
  });

  it('updates settings, with each bound checked', async () => {
    const patch = (body: unknown, as: 'admin' | 'edit' = 'admin') => call(emulator, 'PATCH', siteUrl('site-docs'), { as, body });
    const res = await patch({
      title: 't'.repeat(128),
      visibility: 'unlisted',
      basename: 'b'.repeat(100),
      adaptiveContent: { enabled: true },
      agentsContext: 'excluded',
    });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({
      title: 't'.repeat(128),
      visibility: 'unlisted',
      basename: 'b'.repeat(100),
      adaptiveContent: { enabled: true },
      agentsContext: 'excluded',
    });
    expect((await patch({ title: 'Ab', basename: 'b' })).status).toBe(200);
    expectBadField(await patch({ title: 'A' }), 'title');
    expectBadField(await patch({ title: 't'.repeat(129) }), 'title');
    expectBadField(await patch({ basename: '' }), 'basename');
    expectBadField(await patch({ basename: 'b'.repeat(101) }), 'basename');
    expectBadField(await patch({ agentsContext: 'maybe' }), 'agentsContext');
    expectBadField(await patch({ adaptiveContent: {} }), 'adaptiveContent.enabled');
    expect((await patch({ title: 'Nope' }, 'edit')).status).toBe(403);
  });

  it('sets and removes a proxy: host and path, at most 512 chars', async () => {
    const patch = (proxy: unknown) => call(emulator, 'PATCH', siteUrl('site-docs'), { body: { proxy } });
    const longest = `example.com/${'p'.repeat(512 - 'example.com/'.length)}`;
    const res = await patch(longest);
    expect(res.status).toBe(200);
    expect(json(res.body).proxy).toMatchObject({ origin: longest });
    expectBadField(await patch(`${longest}p`), 'proxy');
    expectBadField(await patch('https://example.com/docs'), 'proxy');
    expectBadField(await patch('example.com'), 'proxy');
    expectBadField(await patch('example.com/docs/'), 'proxy');
    const removed = await patch(null);
    expect(removed.status).toBe(200);
    expect(json(removed.body).proxy).toBeUndefined();
  });

  it('sets the default site space and section, only to ones of this site', async () => {
    const siteId = await createSite(emulator, { spaces: ['space-docs', 'space-api'] });
    const [, second] = await ids(emulator, `${siteUrl(siteId)}/site-spaces`);
    const res = await call(emulator, 'PATCH', siteUrl(siteId), { body: { defaultSiteSpace: second } });
    expect(res.status).toBe(200);
    expect(await ids(emulator, `${siteUrl(siteId)}/site-spaces`, { default: 'true' })).toEqual([second]);
    const [foreign] = await ids(emulator, `${siteUrl('site-docs')}/site-spaces`);
    expectBadField(await call(emulator, 'PATCH', siteUrl(siteId), { body: { defaultSiteSpace: foreign } }), 'defaultSiteSpace');

    const sectioned = await createSite(emulator);
    const first = await createSection(emulator, sectioned, { title: 'First' });
    const other = await createSection(emulator, sectioned, { title: 'Other' });
    expect(first.default).toBe(true);
    expect((await call(emulator, 'PATCH', siteUrl(sectioned), { body: { defaultSiteSection: other.id } })).status).toBe(200);
    const sections = json((await call(emulator, 'GET', `${siteUrl(sectioned)}/sections`)).body).items;
    expect(sections.map((s: any) => s.default)).toEqual([false, true]);
    expectBadField(await call(emulator, 'PATCH', siteUrl(siteId), { body: { defaultSiteSection: other.id } }), 'defaultSiteSection');
    // A site space of a section becomes the default of its section, which becomes the default section.
    await call(emulator, 'PATCH', siteUrl(sectioned), { body: { defaultSiteSpace: first.siteSpaces[0].id } });
    const after = json((await call(emulator, 'GET', `${siteUrl(sectioned)}/sections`)).body).items;
    expect(after.map((s: any) => s.default)).toEqual([true, false]);
  });

  it('deletes a site with 205 and everything in it; needs create', async () => {
    const siteId = await createSite(emulator, { spaces: ['space-docs'] });
    await createSection(emulator, siteId);
    await call(emulator, 'POST', `${siteUrl(siteId)}/share-links`, { body: { name: 'x' } });
    expect((await call(emulator, 'DELETE', siteUrl(siteId), { as: 'edit' })).status).toBe(403);
    const res = await call(emulator, 'DELETE', siteUrl(siteId), { as: 'create' });
    expect(res.status).toBe(205);
    expect(res.body).toBeUndefined();
    expect((await call(emulator, 'GET', siteUrl(siteId))).status).toBe(404);
    const leftovers = [emulator.state.siteSpaces, emulator.state.sections, emulator.state.shareLinks].flatMap((map) =>
      [...map.values()].filter((r) => r.site === siteId),
    );
    expect(leftovers).toEqual([]);
  });
});

describe('SITE/published', () => {
  it('publishes root site spaces when the site has no sections, sections once it has some', async () => {
    const res = await call(emulator, 'GET', `${siteUrl('site-docs')}/published`, { as: 'read' });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({
      object: 'published-content-site',
      site: { id: 'site-docs' },
      structure: { type: 'siteSpaces', structure: [{ object: 'site-space', space: { id: 'space-docs' }, default: true }] },
    });
    const siteId = await createSite(emulator);
    const section = await createSection(emulator, siteId, { title: 'Guides' });
    const published = json((await call(emulator, 'GET', `${siteUrl(siteId)}/published`)).body);
    expect(published.structure).toMatchObject({ type: 'sections', structure: [{ id: section.id, object: 'site-section' }] });
    expect((await call(emulator, 'GET', `${siteUrl('site-docs')}/published`, { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', `${siteUrl('site-docs')}/published`, { as: null })).status).toBe(401);
  });

  it('answers 404 for a site that is not published', async () => {
    emulator.state.sites.get('site-docs')!.published = false;
    expect((await call(emulator, 'GET', `${siteUrl('site-docs')}/published`)).status).toBe(404);
  });
});
