import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { ORG, call, json, startTestEmulator, type CallResult } from '../../support/emulator-harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.close());

const TRANSLATIONS = `/v1/orgs/${ORG}/translations`;

function expectBadField(res: CallResult, field: string): void {
  expect(res.status).toBe(400);
  expect(json(res.body).error.message).toContain(`"${field}"`);
}

const INSTRUCTIONS = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [] }] };
const body = (language = 'fr') => ({ source: { space: 'space-docs', language: 'en' }, language });

async function createTranslation(language = 'fr'): Promise<string> {
  const res = await call(emulator, 'POST', TRANSLATIONS, { body: body(language) });
  expect(res.status).toBe(201);
  return json(res.body).id as string;
}

describe('translations', () => {
  it('creates a pending translation of a space with 201; languages from the official list; needs admin', async () => {
    const res = await call(emulator, 'POST', TRANSLATIONS, { body: body() });
    expect(res.status).toBe(201);
    expect(json(res.body)).toMatchObject({
      object: 'translation',
      status: 'pending',
      source: { space: 'space-docs', language: 'en' },
      language: 'fr',
      instructions: { object: 'document', data: {}, nodes: [] },
      stats: { runs: 0 },
      permissions: { view: true, edit: true },
      urls: { location: `${emulator.url}${TRANSLATIONS}/${json(res.body).id}` },
    });
    expect(typeof json(res.body).createdAt).toBe('string');
    expectBadField(await call(emulator, 'POST', TRANSLATIONS, { body: { ...body(), language: 'xx' } }), 'language');
    expectBadField(await call(emulator, 'POST', TRANSLATIONS, { body: { ...body(), source: { space: 'space-nope', language: 'en' } } }), 'source.space');
    expectBadField(await call(emulator, 'POST', TRANSLATIONS, { body: {} }), 'source');
    expect((await call(emulator, 'POST', TRANSLATIONS, { as: 'create', body: body('de') })).status).toBe(403);
    expect((await call(emulator, 'POST', TRANSLATIONS, { as: null, body: body('de') })).status).toBe(401);
  });

  it('lists translations to readers, with permissions from their role', async () => {
    const id = await createTranslation();
    const res = await call(emulator, 'GET', TRANSLATIONS, { as: 'read' });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ count: 1, items: [{ id, permissions: { view: true, edit: false } }] });
    expect((await call(emulator, 'GET', TRANSLATIONS, { query: { limit: 1000 } })).status).toBe(200);
    expectBadField(await call(emulator, 'GET', TRANSLATIONS, { query: { limit: 1001 } }), 'limit');
    expect((await call(emulator, 'GET', TRANSLATIONS, { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', TRANSLATIONS, { as: null })).status).toBe(401);
  });

  it('reads one; unknown or another organization’s is 404', async () => {
    const id = await createTranslation();
    const res = await call(emulator, 'GET', `${TRANSLATIONS}/${id}`, { as: 'read' });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ object: 'translation', id, language: 'fr' });
    expect((await call(emulator, 'GET', `${TRANSLATIONS}/trans_nope`)).status).toBe(404);
    expect((await call(emulator, 'GET', `/v1/orgs/org-partner/translations/${id}`)).status).toBe(404);
    expect((await call(emulator, 'GET', `${TRANSLATIONS}/${id}`, { as: 'guest' })).status).toBe(403);
  });

  it('replaces the instructions with PUT; needs admin', async () => {
    const id = await createTranslation();
    const res = await call(emulator, 'PUT', `${TRANSLATIONS}/${id}`, { body: { instructions: INSTRUCTIONS } });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ id, instructions: INSTRUCTIONS });
    expectBadField(await call(emulator, 'PUT', `${TRANSLATIONS}/${id}`, { body: {} }), 'instructions');
    expect((await call(emulator, 'PUT', `${TRANSLATIONS}/${id}`, { as: 'edit', body: { instructions: INSTRUCTIONS } })).status).toBe(403);
    expect((await call(emulator, 'PUT', `${TRANSLATIONS}/trans_nope`, { body: { instructions: INSTRUCTIONS } })).status).toBe(404);
  });

  it('deletes with 205 and no body', async () => {
    const id = await createTranslation();
    expect((await call(emulator, 'DELETE', `${TRANSLATIONS}/${id}`, { as: 'create' })).status).toBe(403);
    const res = await call(emulator, 'DELETE', `${TRANSLATIONS}/${id}`);
    expect(res.status).toBe(205);
    expect(res.body).toBeUndefined();
    expect((await call(emulator, 'GET', `${TRANSLATIONS}/${id}`)).status).toBe(404);
  });
});
