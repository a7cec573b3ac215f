import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { memberKey } from '../../../src/emulator/state/emulator-state.js';
import { ORG, call, json, startTestEmulator, type CallResult } from '../../support/emulator-harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.close());

const ORG_COLLECTIONS = `/v1/orgs/${ORG}/collections`;
const at = (id: string) => `/v1/collections/${id}`;

function expectBadField(res: CallResult, field: string): void {
  expect(res.status).toBe(400);
  expect(json(res.body).error.message).toContain(`"${field}"`);
}

async function createCollection(body: Record<string, unknown> = {}, org = ORG): Promise<string> {
  const res = await call(emulator, 'POST', `/v1/orgs/${org}/collections`, { body: { title: 'Guides', ...body } });
  expect(res.status).toBe(201);
  return json(res.body).id as string;
}

/** No operation of the API files a space in a collection, so tests set `parent` behind the API. */
function fileSpace(spaceId: string, collectionId: string | undefined): void {
  const space = emulator.state.spaces.get(spaceId)!;
  space.parent = collectionId;
}

describe('O/collections', () => {
  it('creates a collection with 201 as a creator; title up to 50', async () => {
    const res = await call(emulator, 'POST', ORG_COLLECTIONS, { as: 'create', body: { title: 'c'.repeat(50) } });
    expect(res.status).toBe(201);
    expect(json(res.body)).toMatchObject({
      object: 'collection',
      title: 'c'.repeat(50),
      organization: ORG,
      defaultLevel: 'read',
      permissions: { view: true, admin: false, viewInviteLinks: false, create: true },
      urls: { location: `${emulator.url}${at(json(res.body).id)}` },
    });
    expect(json(res.body).parent).toBeUndefined();
    const untitled = await call(emulator, 'POST', ORG_COLLECTIONS, { body: {} });
    expect(json(untitled.body).title).toBe('Untitled collection');
    expectBadField(await call(emulator, 'POST', ORG_COLLECTIONS, { body: { title: 'c'.repeat(51) } }), 'title');
    expect((await call(emulator, 'POST', ORG_COLLECTIONS, { as: 'edit', body: {} })).status).toBe(403);
    expect((await call(emulator, 'POST', ORG_COLLECTIONS, { as: null, body: {} })).status).toBe(401);
  });

  it('nests under a parent of the same organization and inherits its level', async () => {
    const parent = await createCollection();
    await call(emulator, 'PATCH', at(parent), { body: { defaultLevel: 'comment' } });
    const res = await call(emulator, 'POST', ORG_COLLECTIONS, { body: { title: 'Child', parent } });
    expect(json(res.body)).toMatchObject({ parent, defaultLevel: 'comment' });
    expectBadField(await call(emulator, 'POST', ORG_COLLECTIONS, { body: { parent: 'coll_nope' } }), 'parent');
    const foreign = await createCollection({}, 'org-partner');
    expectBadField(await call(emulator, 'POST', ORG_COLLECTIONS, { body: { parent: foreign } }), 'parent');
  });

  it('lists nested collections by default and only top-level ones with nested=false', async () => {
    const top = await createCollection();
    const child = await createCollection({ parent: top });
    const all = await call(emulator, 'GET', ORG_COLLECTIONS, { as: 'read' });
    expect(all.status).toBe(200);
    expect(json(all.body).items.map((c: any) => c.id)).toEqual([top, child]);
    const flat = await call(emulator, 'GET', ORG_COLLECTIONS, { query: { nested: false } });
    expect(json(flat.body).items.map((c: any) => c.id)).toEqual([top]);
    expect(json((await call(emulator, 'GET', ORG_COLLECTIONS, { query: { nested: true } })).body).count).toBe(2);
    expectBadField(await call(emulator, 'GET', ORG_COLLECTIONS, { query: { nested: 'yes' } }), 'nested');
    expect((await call(emulator, 'GET', ORG_COLLECTIONS, { query: { limit: 1000 } })).status).toBe(200);
    expectBadField(await call(emulator, 'GET', ORG_COLLECTIONS, { query: { limit: 1001 } }), 'limit');
    expect((await call(emulator, 'GET', ORG_COLLECTIONS, { as: 'guest' })).status).toBe(403);
  });
});

describe('/v1/collections/{collectionId}', () => {
  it('reads a collection; unknown or of another organization is 404', async () => {
    const id = await createCollection();
    const res = await call(emulator, 'GET', at(id), { as: 'read' });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ object: 'collection', id, title: 'Guides', permissions: { view: true, create: false } });
    expect((await call(emulator, 'GET', at('coll_nope'))).status).toBe(404);
    const foreign = await createCollection({}, 'org-partner');
    expect((await call(emulator, 'GET', at(foreign), { as: 'read' })).status).toBe(404);
    expect((await call(emulator, 'GET', at(id), { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', at(id), { as: null })).status).toBe(401);
  });

  it('updates title (max 50), description (max 100) and defaultLevel; needs create', async () => {
    const id = await createCollection();
    const res = await call(emulator, 'PATCH', at(id), {
      as: 'create',
      body: { title: 't'.repeat(50), description: 'd'.repeat(100), defaultLevel: null },
    });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ title: 't'.repeat(50), description: 'd'.repeat(100), defaultLevel: null });
    expectBadField(await call(emulator, 'PATCH', at(id), { body: { title: 't'.repeat(51) } }), 'title');
    expectBadField(await call(emulator, 'PATCH', at(id), { body: { description: 'd'.repeat(101) } }), 'description');
    expectBadField(await call(emulator, 'PATCH', at(id), { body: { defaultLevel: 'owner' } }), 'defaultLevel');
    expect((await call(emulator, 'PATCH', at(id), { as: 'edit', body: { title: 'X' } })).status).toBe(403);
  });

  it('deletes with 205, moving its spaces and sub-collections up to its parent', async () => {
    const top = await createCollection();
    const middle = await createCollection({ parent: top });
    const leaf = await createCollection({ parent: middle });
    fileSpace('space-docs', middle);
    expect((await call(emulator, 'DELETE', at(middle), { as: 'create' })).status).toBe(403);
    const res = await call(emulator, 'DELETE', at(middle));
    expect(res.status).toBe(205);
    expect(res.body).toBeUndefined();
    expect((await call(emulator, 'GET', at(middle))).status).toBe(404);
    expect(json((await call(emulator, 'GET', at(leaf))).body).parent).toBe(top);
    const spaces = await call(emulator, 'GET', `${at(top)}/spaces`);
    expect(json(spaces.body).items.map((s: any) => s.id)).toEqual(['space-docs']);
  });
});

describe('GET /v1/collections/{collectionId}/spaces', () => {
  it('lists the spaces whose parent is the collection, in display order', async () => {
    const id = await createCollection();
    fileSpace('space-docs', id);
    fileSpace('space-api', id);
    emulator.state.collections.get(id)!.spaceOrder = ['space-api', 'space-docs'];
    const res = await call(emulator, 'GET', `${at(id)}/spaces`, { as: 'read' });
    expect(res.status).toBe(200);
    expect(json(res.body).items.map((s: any) => s.id)).toEqual(['space-api', 'space-docs']);
    expect(json(res.body).items[0]).toMatchObject({ object: 'space', parent: id, organization: ORG });
    const paged = await call(emulator, 'GET', `${at(id)}/spaces`, { query: { limit: 1 } });
    expect(json(paged.body).items).toHaveLength(1);
    expect(typeof json(paged.body).next.page).toBe('string');
    expectBadField(await call(emulator, 'GET', `${at(id)}/spaces`, { query: { limit: 1001 } }), 'limit');
    expect(json((await call(emulator, 'GET', `${at(await createCollection())}/spaces`)).body).items).toEqual([]);
    expect((await call(emulator, 'GET', `${at(id)}/spaces`, { as: 'guest' })).status).toBe(403);
  });
});

describe('POST /v1/collections/{collectionId}/move', () => {
  it('moves under another collection, beside a space there, and back to the top level', async () => {
    const target = await createCollection({ title: 'Target' });
    const moving = await createCollection({ title: 'Moving' });
    fileSpace('space-docs', target);
    const res = await call(emulator, 'POST', `${at(moving)}/move`, {
      as: 'create',
      body: { parent: target, position: { before: { type: 'space', space: 'space-docs' } } },
    });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ object: 'collection', id: moving, parent: target });
    const top = await call(emulator, 'POST', `${at(moving)}/move`, {
      body: { parent: null, position: { after: { type: 'space', space: 'space-api' } } },
    });
    expect(top.status).toBe(200);
    expect(json(top.body).parent).toBeUndefined();
  });

  it('rejects cycles, foreign parents, positions outside the parent and a missing position', async () => {
    const top = await createCollection();
    const child = await createCollection({ parent: top });
    const move = (body: Record<string, unknown>) => call(emulator, 'POST', `${at(top)}/move`, { body });
    expectBadField(await move({ parent: child, position: {} }), 'parent');
    expectBadField(await move({ parent: top, position: {} }), 'parent');
    expectBadField(await move({ parent: 'coll_nope', position: {} }), 'parent');
    expectBadField(await move({ position: { before: { type: 'space', space: 'space-nope' } } }), 'position.before.space');
    fileSpace('space-api', child);
    expectBadField(await move({ position: { after: { type: 'space', space: 'space-api' } } }), 'position.after.space');
    expectBadField(await move({ position: { before: { type: 'page', space: 'space-docs' } } }), 'position.before.type');
    expectBadField(await move({ parent: null }), 'position');
    expect((await call(emulator, 'POST', `${at(top)}/move`, { as: 'edit', body: { position: {} } })).status).toBe(403);
  });
});

describe('POST /v1/collections/{collectionId}/transfer', () => {
  it('moves the collection, its sub-collections and their spaces to an organization the caller administers', async () => {
    const parent = await createCollection();
    const id = await createCollection({ parent });
    const child = await createCollection({ parent: id });
    fileSpace('space-api', child);
    const res = await call(emulator, 'POST', `${at(id)}/transfer`, { body: { organization: 'org-partner' } });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ object: 'collection', id, organization: 'org-partner' });
    expect(json(res.body).parent).toBeUndefined();
    expect(json((await call(emulator, 'GET', at(child))).body).organization).toBe('org-partner');
    expect(emulator.state.spaces.get('space-api')!.organization).toBe('org-partner');
    // A member of the old organization alone can no longer see it.
    expect((await call(emulator, 'GET', at(id), { as: 'read' })).status).toBe(404);
    const again = await call(emulator, 'POST', `${at(id)}/transfer`, { body: { organization: 'org-partner' } });
    expect(again.status).toBe(200);
  });

  it('needs admin in the source and in the target organization', async () => {
    const id = await createCollection();
    const body = { organization: 'org-partner' };
    expect((await call(emulator, 'POST', `${at(id)}/transfer`, { as: 'create', body })).status).toBe(403);
    await call(emulator, 'PATCH', `/v1/orgs/${ORG}/members/user-create`, { body: { role: 'admin' } });
    // Not a member of the target at all: it is not found.
    expect((await call(emulator, 'POST', `${at(id)}/transfer`, { as: 'create', body })).status).toBe(404);
    emulator.state.members.set(memberKey('org-partner', 'user-create'), {
      organization: 'org-partner',
      user: 'user-create',
      role: 'edit',
      disabled: false,
      sso: false,
      joinedAt: new Date().toISOString(),
    });
    const denied = await call(emulator, 'POST', `${at(id)}/transfer`, { as: 'create', body });
    expect(denied.status).toBe(403);
    expect(json(denied.body).error.message).toContain('admin');
    expectBadField(await call(emulator, 'POST', `${at(id)}/transfer`, { body: {} }), 'organization');
    expect((await call(emulator, 'POST', `${at(id)}/transfer`, { as: null, body })).status).toBe(401);
  });
});
