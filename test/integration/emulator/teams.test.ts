import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { ORG, call, json, startTestEmulator, type CallResult, type TokenRole } from '../../support/emulator-harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.close());

const TEAMS = `/v1/orgs/${ORG}/teams`;

function expectBadField(res: CallResult, field: string): void {
  expect(res.status).toBe(400);
  expect(json(res.body).error.message).toContain(`"${field}"`);
}

async function createTeam(title: string, members: string[] = []): Promise<string> {
  const res = await call(emulator, 'PUT', TEAMS, { body: { title, members } });
  expect(res.status).toBe(201);
  return json(res.body).id as string;
}

async function teamMembers(teamId: string): Promise<Record<string, string>> {
  const res = await call(emulator, 'GET', `${TEAMS}/${teamId}/members`);
  return Object.fromEntries(json(res.body).items.map((i: any) => [i.organization.id, i.team.role]));
}

describe('teams', () => {
  it('creates a team with 201 and its members', async () => {
    const res = await call(emulator, 'PUT', TEAMS, { body: { title: 'Writers', members: ['user-edit', 'comment@emulator.test'] } });
    expect(res.status).toBe(201);
    expect(json(res.body)).toMatchObject({
      object: 'team',
      title: 'Writers',
      members: 2,
      spaces: 0,
      permissions: { admin: true, view: true },
    });
    expect(typeof json(res.body).createdAt).toBe('string');
  });

  it('bounds the title to 1..64 and checks members; create needs admin', async () => {
    expect((await call(emulator, 'PUT', TEAMS, { body: { title: 'x'.repeat(64) } })).status).toBe(201);
    expect((await call(emulator, 'PUT', TEAMS, { body: { title: 'x' } })).status).toBe(201);
    expectBadField(await call(emulator, 'PUT', TEAMS, { body: { title: 'x'.repeat(65) } }), 'title');
    expectBadField(await call(emulator, 'PUT', TEAMS, { body: { title: '' } }), 'title');
    expectBadField(await call(emulator, 'PUT', TEAMS, { body: {} }), 'title');
    expectBadField(await call(emulator, 'PUT', TEAMS, { body: { title: 'T', members: ['user-edit', 'user-nobody'] } }), 'members.1');
    expect((await call(emulator, 'PUT', TEAMS, { as: 'create', body: { title: 'T' } })).status).toBe(403);
    expect((await call(emulator, 'PUT', TEAMS, { as: null, body: { title: 'T' } })).status).toBe(401);
  });

  it('lists teams, filtered by title and by owner', async () => {
    const writers = await createTeam('Docs Writers');
    const reviewers = await createTeam('Reviewers');
    await call(emulator, 'PUT', `${TEAMS}/${reviewers}/members/user-read`, { body: { role: 'owner' } });
    const all = await call(emulator, 'GET', TEAMS, { as: 'read' });
    expect(all.status).toBe(200);
    expect(json(all.body).items.map((t: any) => t.id)).toEqual([writers, reviewers]);
    const byTitle = await call(emulator, 'GET', TEAMS, { query: { title: 'writ' } });
    expect(json(byTitle.body).items.map((t: any) => t.id)).toEqual([writers]);
    const owned = await call(emulator, 'GET', TEAMS, { query: { owner: 'user-read' } });
    expect(json(owned.body).items.map((t: any) => t.id)).toEqual([reviewers]);
    // An organization admin can manage every team.
    expect(json((await call(emulator, 'GET', TEAMS, { query: { owner: 'user-admin' } })).body).count).toBe(2);
    expect((await call(emulator, 'GET', TEAMS, { query: { owner: 'user-nobody' } })).status).toBe(404);
    expect((await call(emulator, 'GET', TEAMS, { query: { limit: 1000 } })).status).toBe(200);
    expectBadField(await call(emulator, 'GET', TEAMS, { query: { limit: 1001 } }), 'limit');
    expect((await call(emulator, 'GET', TEAMS, { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', TEAMS, { as: null })).status).toBe(401);
  });

  it('reads a team; the owner sees admin permission; unknown is 404', async () => {
    const id = await createTeam('Writers');
    await call(emulator, 'PUT', `${TEAMS}/${id}/members/user-read`, { body: { role: 'owner' } });
    const res = await call(emulator, 'GET', `${TEAMS}/${id}`, { as: 'read' });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ object: 'team', id, title: 'Writers', members: 1, permissions: { admin: true } });
    const other = await call(emulator, 'GET', `${TEAMS}/${id}`, { as: 'edit' });
    expect(json(other.body).permissions.admin).toBe(false);
    expect((await call(emulator, 'GET', `${TEAMS}/team_nope`)).status).toBe(404);
    expect((await call(emulator, 'GET', `${TEAMS}/${id}`, { as: 'guest' })).status).toBe(403);
  });

  it('renames a team within 1..64; needs admin', async () => {
    const id = await createTeam('Writers');
    const res = await call(emulator, 'PATCH', `${TEAMS}/${id}`, { body: { title: 'y'.repeat(64) } });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ object: 'team', id, title: 'y'.repeat(64) });
    expectBadField(await call(emulator, 'PATCH', `${TEAMS}/${id}`, { body: { title: 'y'.repeat(65) } }), 'title');
    expectBadField(await call(emulator, 'PATCH', `${TEAMS}/${id}`, { body: { title: '' } }), 'title');
    expect((await call(emulator, 'PATCH', `${TEAMS}/${id}`, { as: 'edit', body: { title: 'Z' } })).status).toBe(403);
  });

  it('deletes a team with 204 and clears it as a SAML default team', async () => {
    const id = await createTeam('Writers');
    const saml = await call(emulator, 'POST', `/v1/orgs/${ORG}/saml`, { body: { label: 'IdP', defaultTeam: id } });
    expect((await call(emulator, 'DELETE', `${TEAMS}/${id}`, { as: 'create' })).status).toBe(403);
    const res = await call(emulator, 'DELETE', `${TEAMS}/${id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect((await call(emulator, 'GET', `${TEAMS}/${id}`)).status).toBe(404);
    const provider = await call(emulator, 'GET', `/v1/orgs/${ORG}/saml/${json(saml.body).id}`);
    expect(json(provider.body).defaultTeam).toBeUndefined();
  });
});

describe('team members', () => {
  it('lists members with their organization member, team role and permissions', async () => {
    const id = await createTeam('Writers', ['user-edit']);
    const res = await call(emulator, 'GET', `${TEAMS}/${id}/members`, { as: 'read' });
    expect(res.status).toBe(200);
    expect(json(res.body).items).toEqual([
      {
        organization: expect.objectContaining({ object: 'member', id: 'user-edit', role: 'edit' }),
        team: { role: 'member' },
        permissions: { view: true },
      },
    ]);
    expectBadField(await call(emulator, 'GET', `${TEAMS}/${id}/members`, { query: { limit: 1001 } }), 'limit');
    expect((await call(emulator, 'GET', `${TEAMS}/${id}/members`, { as: 'guest' })).status).toBe(403);
  });

  it('bulk-updates by id or e-mail with 204; a user in add and remove ends up removed', async () => {
    const id = await createTeam('Writers', ['user-comment']);
    const res = await call(emulator, 'PUT', `${TEAMS}/${id}/members`, {
      body: {
        add: ['user-edit', 'READ@emulator.test', 'user-review'],
        remove: ['user-review', 'comment@emulator.test'],
        memberships: { 'user-edit': { role: 'owner' } },
      },
    });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect(await teamMembers(id)).toEqual({ 'user-edit': 'owner', 'user-read': 'member' });
  });

  it('rejects unknown entries and bad roles without changing the team', async () => {
    const id = await createTeam('Writers');
    expectBadField(await call(emulator, 'PUT', `${TEAMS}/${id}/members`, { body: { add: ['user-edit', 'x@y.test'] } }), 'add.1');
    expectBadField(await call(emulator, 'PUT', `${TEAMS}/${id}/members`, { body: { remove: ['user-nobody'] } }), 'remove.0');
    const badRole = await call(emulator, 'PUT', `${TEAMS}/${id}/members`, { body: { memberships: { 'user-edit': { role: 'boss' } } } });
    expectBadField(badRole, 'memberships.user-edit.role');
    expect(await teamMembers(id)).toEqual({});
  });

  it('lets admins and team owners manage members, nobody else', async () => {
    const id = await createTeam('Writers');
    const body = { add: ['user-edit'] };
    const asRole = (as: TokenRole) => call(emulator, 'PUT', `${TEAMS}/${id}/members`, { as, body });
    expect((await asRole('read')).status).toBe(403);
    await call(emulator, 'PUT', `${TEAMS}/${id}/members/user-read`, { body: { role: 'owner' } });
    expect((await asRole('read')).status).toBe(204);
    expect((await call(emulator, 'PUT', `${TEAMS}/${id}/members`, { as: null, body })).status).toBe(401);
  });

  it('adds or updates one member with 204', async () => {
    const id = await createTeam('Writers');
    const url = `${TEAMS}/${id}/members/user-edit`;
    expect((await call(emulator, 'PUT', url)).status).toBe(204);
    expect(await teamMembers(id)).toEqual({ 'user-edit': 'member' });
    expect((await call(emulator, 'PUT', url, { body: { role: 'owner' } })).status).toBe(204);
    // Without a role the existing role stays.
    expect((await call(emulator, 'PUT', url, { body: {} })).status).toBe(204);
    expect(await teamMembers(id)).toEqual({ 'user-edit': 'owner' });
    expectBadField(await call(emulator, 'PUT', url, { body: { role: 'admin' } }), 'role');
    expect((await call(emulator, 'PUT', `${TEAMS}/${id}/members/user-nobody`)).status).toBe(404);
    expect((await call(emulator, 'PUT', `${TEAMS}/${id}/members/user-read`, { as: 'create' })).status).toBe(403);
  });

  it('removes one member with 204; a non-member is 404', async () => {
    const id = await createTeam('Writers', ['user-edit']);
    const url = `${TEAMS}/${id}/members/user-edit`;
    expect((await call(emulator, 'DELETE', url, { as: 'create' })).status).toBe(403);
    const res = await call(emulator, 'DELETE', url);
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect(await teamMembers(id)).toEqual({});
    expect((await call(emulator, 'DELETE', url)).status).toBe(404);
  });
});
