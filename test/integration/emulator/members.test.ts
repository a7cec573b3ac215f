import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { ORG, call, json, startTestEmulator, type CallResult } from '../../support/emulator-harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.close());

const MEMBERS = `/v1/orgs/${ORG}/members`;

function expectBadField(res: CallResult, field: string): void {
  expect(res.status).toBe(400);
  expect(json(res.body).error.message).toContain(`"${field}"`);
}

const ids = (res: CallResult): string[] => json(res.body).items.map((item: { id: string }) => item.id);

describe('GET O/members', () => {
  it('lists members with their user, role and counts', async () => {
    const res = await call(emulator, 'GET', MEMBERS);
    expect(res.status).toBe(200);
    expect(json(res.body).count).toBe(7);
    const admin = json(res.body).items.find((m: { id: string }) => m.id === 'user-admin');
    expect(admin).toMatchObject({
      object: 'member',
      role: 'admin',
      disabled: false,
      sso: false,
      spaces: 2,
      teams: 0,
      user: { object: 'user', id: 'user-admin', email: 'admin@emulator.test' },
    });
    const guest = json(res.body).items.find((m: { id: string }) => m.id === 'user-guest');
    expect(guest).toMatchObject({ role: null, spaces: 0 });
  });

  it('pages with next.page and bounds limit at 1000', async () => {
    const first = await call(emulator, 'GET', MEMBERS, { query: { limit: 5 } });
    expect(json(first.body).items).toHaveLength(5);
    const second = await call(emulator, 'GET', MEMBERS, { query: { limit: 5, page: json(first.body).next.page } });
    expect(json(second.body).items).toHaveLength(2);
    expect(json(second.body).next).toBeUndefined();
    expect((await call(emulator, 'GET', MEMBERS, { query: { limit: 1000 } })).status).toBe(200);
    expectBadField(await call(emulator, 'GET', MEMBERS, { query: { limit: 1001 } }), 'limit');
  });

  it('filters by role and by search over name and e-mail', async () => {
    expect(ids(await call(emulator, 'GET', MEMBERS, { query: { role: 'edit' } }))).toEqual(['user-edit']);
    expectBadField(await call(emulator, 'GET', MEMBERS, { query: { role: 'owner' } }), 'role');
    expect(ids(await call(emulator, 'GET', MEMBERS, { query: { search: 'COMMENT user' } }))).toEqual(['user-comment']);
    expect(ids(await call(emulator, 'GET', MEMBERS, { query: { search: 'review@' } }))).toEqual(['user-review']);
  });

  it('orders desc by default and asc on request; sort by lastSeenAt lists active members only', async () => {
    const desc = ids(await call(emulator, 'GET', MEMBERS));
    const asc = ids(await call(emulator, 'GET', MEMBERS, { query: { order: 'asc' } }));
    expect(asc[0]).toBe('user-admin');
    expect(desc).toEqual([...asc].reverse());
    expectBadField(await call(emulator, 'GET', MEMBERS, { query: { order: 'sideways' } }), 'order');

    expect(ids(await call(emulator, 'GET', MEMBERS, { query: { sort: 'lastSeenAt' } }))).toEqual([]);
    expect((await call(emulator, 'POST', `/v1/orgs/${ORG}/ping`, { as: 'read' })).status).toBe(200);
    const active = await call(emulator, 'GET', MEMBERS, { query: { sort: 'lastSeenAt' } });
    expect(ids(active)).toEqual(['user-read']);
    expect(typeof json(active.body).items[0].lastSeenAt).toBe('string');
    expectBadField(await call(emulator, 'GET', MEMBERS, { query: { sort: 'name' } }), 'sort');
  });

  it('needs a token and the read role', async () => {
    expect((await call(emulator, 'GET', MEMBERS, { as: null })).status).toBe(401);
    expect((await call(emulator, 'GET', MEMBERS, { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', MEMBERS, { as: 'read' })).status).toBe(200);
  });
});

describe('O/members/{userId}', () => {
  it('reads one member; unknown is 404; guest is 403', async () => {
    const res = await call(emulator, 'GET', `${MEMBERS}/user-edit`, { as: 'read' });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ object: 'member', id: 'user-edit', role: 'edit' });
    expect((await call(emulator, 'GET', `${MEMBERS}/user-nobody`)).status).toBe(404);
    expect((await call(emulator, 'GET', `${MEMBERS}/user-edit`, { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', `${MEMBERS}/user-edit`, { as: null })).status).toBe(401);
  });

  it('changes a role (null makes a guest); bad role 400; non-admin 403', async () => {
    const res = await call(emulator, 'PATCH', `${MEMBERS}/user-read`, { body: { role: 'edit' } });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ object: 'member', id: 'user-read', role: 'edit' });
    const guest = await call(emulator, 'PATCH', `${MEMBERS}/user-read`, { body: { role: null } });
    expect(json(guest.body).role).toBeNull();
    expectBadField(await call(emulator, 'PATCH', `${MEMBERS}/user-read`, { body: { role: 'owner' } }), 'role');
    expectBadField(await call(emulator, 'PATCH', `${MEMBERS}/user-read`, { body: {} }), 'role');
    expect((await call(emulator, 'PATCH', `${MEMBERS}/user-read`, { as: 'create', body: { role: 'edit' } })).status).toBe(403);
  });

  it('keeps one admin: the last admin can be neither demoted nor removed', async () => {
    const demote = await call(emulator, 'PATCH', `${MEMBERS}/user-admin`, { body: { role: 'read' } });
    expect(demote.status).toBe(409);
    expect((await call(emulator, 'DELETE', `${MEMBERS}/user-admin`)).status).toBe(409);
    await call(emulator, 'PATCH', `${MEMBERS}/user-create`, { body: { role: 'admin' } });
    expect((await call(emulator, 'PATCH', `${MEMBERS}/user-admin`, { body: { role: 'read' } })).status).toBe(200);
  });

  it('removes a member with 204, and their team memberships with them', async () => {
    const team = await call(emulator, 'PUT', `/v1/orgs/${ORG}/teams`, { body: { title: 'Writers', members: ['user-read'] } });
    expect(json(team.body).members).toBe(1);
    expect((await call(emulator, 'DELETE', `${MEMBERS}/user-read`, { as: 'create' })).status).toBe(403);
    const res = await call(emulator, 'DELETE', `${MEMBERS}/user-read`);
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect((await call(emulator, 'GET', `${MEMBERS}/user-read`)).status).toBe(404);
    const after = await call(emulator, 'GET', `/v1/orgs/${ORG}/teams/${json(team.body).id}`);
    expect(json(after.body).members).toBe(0);
    expect((await call(emulator, 'DELETE', `${MEMBERS}/user-read`)).status).toBe(404);
  });

  it('marks a member as an SSO member', async () => {
    const res = await call(emulator, 'POST', `${MEMBERS}/user-comment/sso`);
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ object: 'member', id: 'user-comment', sso: true });
    expect((await call(emulator, 'POST', `${MEMBERS}/user-comment/sso`, { as: 'edit' })).status).toBe(403);
    expect((await call(emulator, 'POST', `${MEMBERS}/user-nobody/sso`)).status).toBe(404);
  });
});

describe('GET O/members/{userId}/spaces', () => {
  it('lists the spaces a member reaches with the permission they hold', async () => {
    const res = await call(emulator, 'GET', `${MEMBERS}/user-edit/spaces`, { as: 'read', query: { order: 'asc' } });
    expect(res.status).toBe(200);
    expect(json(res.body).count).toBe(2);
    expect(json(res.body).items[0]).toMatchObject({ permission: 'edit', space: { object: 'space', id: 'space-docs' } });
    const desc = await call(emulator, 'GET', `${MEMBERS}/user-edit/spaces`);
    expect(json(desc.body).items.map((i: any) => i.space.id)).toEqual(['space-api', 'space-docs']);
  });

  it('is empty for a guest member; checks limit, order and the caller role', async () => {
    expect(json((await call(emulator, 'GET', `${MEMBERS}/user-guest/spaces`)).body).items).toEqual([]);
    expect((await call(emulator, 'GET', `${MEMBERS}/user-edit/spaces`, { query: { limit: 1000 } })).status).toBe(200);
    expectBadField(await call(emulator, 'GET', `${MEMBERS}/user-edit/spaces`, { query: { limit: 1001 } }), 'limit');
    expectBadField(await call(emulator, 'GET', `${MEMBERS}/user-edit/spaces`, { query: { order: 'up' } }), 'order');
    expect((await call(emulator, 'GET', `${MEMBERS}/user-edit/spaces`, { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', `${MEMBERS}/user-nobody/spaces`)).status).toBe(404);
  });
});

describe('GET O/members/{userId}/teams', () => {
  it('lists the member’s teams with their team role, filtered by title', async () => {
    const a = await call(emulator, 'PUT', `/v1/orgs/${ORG}/teams`, { body: { title: 'Docs Writers', members: ['user-read'] } });
    await call(emulator, 'PUT', `/v1/orgs/${ORG}/teams`, { body: { title: 'Reviewers', members: ['user-read'] } });
    await call(emulator, 'PUT', `/v1/orgs/${ORG}/teams/${json(a.body).id}/members/user-read`, { body: { role: 'owner' } });
    const res = await call(emulator, 'GET', `${MEMBERS}/user-read/teams`, { as: 'read' });
    expect(res.status).toBe(200);
    expect(json(res.body).count).toBe(2);
    const filtered = await call(emulator, 'GET', `${MEMBERS}/user-read/teams`, { query: { title: 'WRITERS' } });
    expect(json(filtered.body).items).toEqual([
      { team: expect.objectContaining({ object: 'team', id: json(a.body).id, title: 'Docs Writers' }), member: { role: 'owner' } },
    ]);
    expect(json((await call(emulator, 'GET', `${MEMBERS}/user-edit/teams`)).body).items).toEqual([]);
    expectBadField(await call(emulator, 'GET', `${MEMBERS}/user-read/teams`, { query: { limit: 1001 } }), 'limit');
    expect((await call(emulator, 'GET', `${MEMBERS}/user-read/teams`, { as: 'guest' })).status).toBe(403);
  });
});
