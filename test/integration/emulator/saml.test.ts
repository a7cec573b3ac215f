import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { ORG, call, json, startTestEmulator, type CallResult } from '../../support/emulator-harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.close());

const SAML = `/v1/orgs/${ORG}/saml`;
const URL_PREFIX = 'https://idp.example.test/';

function expectBadField(res: CallResult, field: string): void {
  expect(res.status).toBe(400);
  expect(json(res.body).error.message).toContain(`"${field}"`);
}

async function createProvider(body: Record<string, unknown> = { label: 'Okta' }): Promise<string> {
  const res = await call(emulator, 'POST', SAML, { body });
  expect(res.status).toBe(201);
  return json(res.body).id as string;
}

describe('POST O/saml', () => {
  it('creates a provider with 201, its service URLs and the default team embedded', async () => {
    const team = await call(emulator, 'PUT', `/v1/orgs/${ORG}/teams`, { body: { title: 'Newcomers' } });
    const res = await call(emulator, 'POST', SAML, {
      body: {
        label: 'Okta',
        entityID: 'urn:okta',
        certificate: 'MIIC...',
        ssoURL: `${URL_PREFIX}sso`,
        defaultTeam: json(team.body).id,
        defaultRole: 'edit',
      },
    });
    expect(res.status).toBe(201);
    expect(json(res.body)).toMatchObject({
      object: 'saml-provider',
      label: 'Okta',
      entityID: 'urn:okta',
      certificate: 'MIIC...',
      ssoURL: `${URL_PREFIX}sso`,
      defaultTeam: { object: 'team', id: json(team.body).id, title: 'Newcomers' },
      defaultRole: 'edit',
      status: 'active',
    });
    const { service, urls } = json(res.body);
    expect(service.acsURL).toMatch(/^http:\/\/.+\/acs$/);
    expect(service.startURL).toMatch(/\/start$/);
    expect(urls.location).toBe(`${emulator.url}${SAML}/${json(res.body).id}`);
  });

  it('defaults the role to the organization default and accepts null', async () => {
    const plain = await call(emulator, 'POST', SAML, { body: { label: 'A' } });
    expect(json(plain.body).defaultRole).toBe('read');
    const guest = await call(emulator, 'POST', SAML, { body: { label: 'B', defaultRole: null } });
    expect(json(guest.body).defaultRole).toBeNull();
  });

  it('checks every bound: label 1..30, entityID 1024, certificate 10000, ssoURL 2048 and a URI', async () => {
    const post = (body: Record<string, unknown>) => call(emulator, 'POST', SAML, { body: { label: 'L', ...body } });
    expect((await post({ label: 'x'.repeat(30) })).status).toBe(201);
    expectBadField(await post({ label: 'x'.repeat(31) }), 'label');
    expectBadField(await post({ label: '' }), 'label');
    expectBadField(await call(emulator, 'POST', SAML, { body: {} }), 'label');
    expect((await post({ entityID: 'e'.repeat(1024) })).status).toBe(201);
    expectBadField(await post({ entityID: 'e'.repeat(1025) }), 'entityID');
    expect((await post({ certificate: 'c'.repeat(10000) })).status).toBe(201);
    expectBadField(await post({ certificate: 'c'.repeat(10001) }), 'certificate');
    expect((await post({ ssoURL: URL_PREFIX + 'p'.repeat(2048 - URL_PREFIX.length) })).status).toBe(201);
    expectBadField(await post({ ssoURL: URL_PREFIX + 'p'.repeat(2049 - URL_PREFIX.length) }), 'ssoURL');
    expectBadField(await post({ ssoURL: 'not a url' }), 'ssoURL');
    expectBadField(await post({ defaultTeam: 'team_nope' }), 'defaultTeam');
    expectBadField(await post({ defaultRole: 'owner' }), 'defaultRole');
  });

  it('needs a token and the admin role', async () => {
    expect((await call(emulator, 'POST', SAML, { as: null, body: { label: 'L' } })).status).toBe(401);
    expect((await call(emulator, 'POST', SAML, { as: 'create', body: { label: 'L' } })).status).toBe(403);
  });
});

describe('O/saml', () => {
  it('lists providers for admins only', async () => {
    const id = await createProvider();
    const res = await call(emulator, 'GET', SAML);
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ count: 1, items: [{ object: 'saml-provider', id }] });
    expect((await call(emulator, 'GET', SAML, { query: { limit: 1000 } })).status).toBe(200);
    expectBadField(await call(emulator, 'GET', SAML, { query: { limit: 1001 } }), 'limit');
    expect((await call(emulator, 'GET', SAML, { as: 'read' })).status).toBe(403);
    expect((await call(emulator, 'GET', SAML, { as: null })).status).toBe(401);
  });

  it('reads one provider; unknown is 404', async () => {
    const id = await createProvider();
    const res = await call(emulator, 'GET', `${SAML}/${id}`);
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ object: 'saml-provider', id, label: 'Okta' });
    expect((await call(emulator, 'GET', `${SAML}/saml_nope`)).status).toBe(404);
    expect((await call(emulator, 'GET', `${SAML}/${id}`, { as: 'create' })).status).toBe(403);
  });

  it('updates any field, each optional, with the same bounds', async () => {
    const id = await createProvider();
    const res = await call(emulator, 'PATCH', `${SAML}/${id}`, { body: { label: 'y'.repeat(30), defaultRole: null } });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ id, label: 'y'.repeat(30), defaultRole: null });
    const empty = await call(emulator, 'PATCH', `${SAML}/${id}`, { body: {} });
    expect(json(empty.body).label).toBe('y'.repeat(30));
    expectBadField(await call(emulator, 'PATCH', `${SAML}/${id}`, { body: { label: 'y'.repeat(31) } }), 'label');
    expectBadField(await call(emulator, 'PATCH', `${SAML}/${id}`, { body: { ssoURL: 'nope' } }), 'ssoURL');
    expectBadField(await call(emulator, 'PATCH', `${SAML}/${id}`, { body: { defaultTeam: 'team_nope' } }), 'defaultTeam');
    expect((await call(emulator, 'PATCH', `${SAML}/${id}`, { as: 'edit', body: { label: 'Z' } })).status).toBe(403);
  });

  it('deletes a provider with 204', async () => {
    const id = await createProvider();
    expect((await call(emulator, 'DELETE', `${SAML}/${id}`, { as: 'create' })).status).toBe(403);
    const res = await call(emulator, 'DELETE', `${SAML}/${id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect((await call(emulator, 'GET', `${SAML}/${id}`)).status).toBe(404);
    expect((await call(emulator, 'DELETE', `${SAML}/${id}`)).status).toBe(404);
  });
});

describe('GET O/sso', () => {
  it('lists the login infos of the organization’s providers to members', async () => {
    const id = await createProvider({ label: 'Company login' });
    const res = await call(emulator, 'GET', `/v1/orgs/${ORG}/sso`, { as: 'read' });
    expect(res.status).toBe(200);
    expect(json(res.body).items).toEqual([{ id, label: 'Company login', startURL: expect.stringMatching(/\/start$/) }]);
    expect(json((await call(emulator, 'GET', '/v1/orgs/org-partner/sso')).body).items).toEqual([]);
    expect((await call(emulator, 'GET', `/v1/orgs/${ORG}/sso`, { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', `/v1/orgs/${ORG}/sso`, { as: null })).status).toBe(401);
  });
});
