import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator, type TokenRole } from '../../support/emulator-harness.js';

const SPACE = '/v1/spaces/space-docs';
const CRS = `${SPACE}/change-requests`;

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

async function createCr(body: Record<string, unknown> = {}, as: TokenRole = 'edit') {
  const res = await call(emulator, 'POST', CRS, { as, body });
  expect(res.status).toBe(201);
  return json(res.body);
}

/** Changes main behind the change requests' back, the way another merge would. */
async function moveMain(title: string) {
  const cr = await createCr({ subject: title });
  const page = json((await call(emulator, 'GET', `${CRS}/${cr.id}/content/pages`)).body).pages[0];
  const revision = emulator.state.revisions.get(cr.revision)!;
  // An edit in the change request: a new revision with the first page retitled. The API has no
  // page-edit operation, so the test writes the revision behind it.
  const edited = { ...revision, id: `rev_edit_${title}`, parents: [revision.id], pages: revision.pages.map((p) => (p.id === page.id ? { ...p, title } : p)) };
  emulator.state.revisions.set(edited.id, edited);
  emulator.state.changeRequests.get(cr.id)!.revision = edited.id;
  expect((await call(emulator, 'POST', `${CRS}/${cr.id}/merge`)).status).toBe(200);
}

describe('change requests', () => {
  it('creates draft change requests numbered per space from 1', async () => {
    const first = await createCr({ subject: 'First' });
    expect(first).toMatchObject({ object: 'change-request', number: 1, status: 'draft', subject: 'First', outdated: false });
    expect(first.createdBy.id).toBe('user-edit');
    const space = json((await call(emulator, 'GET', `${SPACE}/content`)).body);
    expect(first.revisionInitial).toBe(space.id);
    expect((await createCr()).number).toBe(2);
    expect((await call(emulator, 'POST', '/v1/spaces/space-api/change-requests', { body: {} })).status).toBe(201);
    expect(json((await call(emulator, 'POST', '/v1/spaces/space-api/change-requests', { body: {} })).body).number).toBe(2);
  });

  it('bounds the subject at 100 characters and needs edit to create', async () => {
    expect((await call(emulator, 'POST', CRS, { body: { subject: 'a'.repeat(100) } })).status).toBe(201);
    const long = await call(emulator, 'POST', CRS, { body: { subject: 'a'.repeat(101) } });
    expect(long.status).toBe(400);
    expect(json(long.body).error.message).toContain('subject');
    expect((await call(emulator, 'POST', CRS, { as: 'review', body: {} })).status).toBe(403);
    expect((await call(emulator, 'POST', CRS, { as: null, body: {} })).status).toBe(401);
  });

  it('lists open ones by default, others by status, filters by contributor and pages', async () => {
    const draft = await createCr({}, 'edit');
    const open = await createCr({}, 'admin');
    await call(emulator, 'PATCH', `${CRS}/${open.id}`, { body: { status: 'open' } });
    const byDefault = json((await call(emulator, 'GET', CRS, { as: 'read' })).body);
    expect(byDefault.items.map((cr: any) => cr.id)).toEqual([open.id]);
    const drafts = json((await call(emulator, 'GET', CRS, { query: { status: 'draft' } })).body);
    expect(drafts.items.map((cr: any) => cr.id)).toEqual([draft.id]);
    const mine = json((await call(emulator, 'GET', CRS, { query: { status: 'draft', contributor: 'user-admin' } })).body);
    expect(mine.items).toEqual([]);
    await createCr();
    const page1 = json((await call(emulator, 'GET', CRS, { query: { status: 'draft', limit: 1 } })).body);
    expect(page1.items).toHaveLength(1);
    const page2 = json((await call(emulator, 'GET', CRS, { query: { status: 'draft', limit: 1, page: page1.next.page } })).body);
    expect(page2.items[0].id).not.toBe(page1.items[0].id);
    expect(page2.next).toBeUndefined();
    expect((await call(emulator, 'GET', CRS, { query: { limit: 1000 } })).status).toBe(200);
    expect((await call(emulator, 'GET', CRS, { query: { limit: 1001 } })).status).toBe(400);
    const badStatus = await call(emulator, 'GET', CRS, { query: { status: 'closed' } });
    expect(badStatus.status).toBe(400);
    expect(json(badStatus.body).error.message).toContain('status');
    expect((await call(emulator, 'GET', CRS, { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', CRS, { as: null })).status).toBe(401);
  });

  it('reads one by id or by number, 404 for neither', async () => {
    const cr = await createCr({ subject: 'Read me' });
    expect(json((await call(emulator, 'GET', `${CRS}/${cr.id}`, { as: 'read' })).body).id).toBe(cr.id);
    expect(json((await call(emulator, 'GET', `${CRS}/${cr.number}`)).body).id).toBe(cr.id);
    expect((await call(emulator, 'GET', `${CRS}/99`)).status).toBe(404);
    expect((await call(emulator, 'GET', `/v1/spaces/space-api/change-requests/${cr.id}`)).status).toBe(404);
  });

  it('updates subject and status, refusing "merged" by PATCH', async () => {
    const cr = await createCr();
    const ok = await call(emulator, 'PATCH', `${CRS}/${cr.number}`, { as: 'edit', body: { subject: 'b'.repeat(100), status: 'open' } });
    expect(ok.status).toBe(200);
    expect(json(ok.body)).toMatchObject({ subject: 'b'.repeat(100), status: 'open' });
    const long = await call(emulator, 'PATCH', `${CRS}/${cr.id}`, { body: { subject: 'b'.repeat(101) } });
    expect(long.status).toBe(400);
    expect(json(long.body).error.message).toContain('subject');
    const merged = await call(emulator, 'PATCH', `${CRS}/${cr.id}`, { body: { status: 'merged' } });
    expect(merged.status).toBe(400);
    expect(json(merged.body).error.message).toContain('status');
    expect((await call(emulator, 'PATCH', `${CRS}/${cr.id}`, { body: { status: 'done' } })).status).toBe(400);
    expect((await call(emulator, 'PATCH', `${CRS}/${cr.id}`, { as: 'comment', body: { subject: 'x' } })).status).toBe(403);
  });

  it('merges into a new space revision once; archived and merged ones answer 409', async () => {
    const cr = await createCr();
    const before = json((await call(emulator, 'GET', `${SPACE}/content`)).body).id;
    expect((await call(emulator, 'POST', `${CRS}/${cr.id}/merge`, { as: 'review' })).status).toBe(403);
    const res = await call(emulator, 'POST', `${CRS}/${cr.id}/merge`, { as: 'edit' });
    expect(res.status).toBe(200);
    expect(json(res.body)).toEqual({ revision: expect.any(String), result: 'merge' });
    const space = json((await call(emulator, 'GET', `${SPACE}/content`)).body);
    expect(space.id).toBe(json(res.body).revision);
    expect(space.id).not.toBe(before);
    expect(json((await call(emulator, 'GET', `${CRS}/${cr.id}`)).body)).toMatchObject({
      status: 'merged',
      revisionMerged: space.id,
      outdated: false,
    });
    expect((await call(emulator, 'POST', `${CRS}/${cr.id}/merge`)).status).toBe(409);
    expect((await call(emulator, 'PATCH', `${CRS}/${cr.id}`, { body: { status: 'open' } })).status).toBe(409);
    const archived = await createCr();
    await call(emulator, 'PATCH', `${CRS}/${archived.id}`, { body: { status: 'archived' } });
    expect((await call(emulator, 'POST', `${CRS}/${archived.id}/merge`)).status).toBe(409);
    expect((await call(emulator, 'POST', `${CRS}/${archived.id}/merge`, { as: null })).status).toBe(401);
  });

  it('merges page by page: the change request’s edits land on top of main’s', async () => {
    const older = await createCr();
    await moveMain('Main title');
    // The older change request edits another page; merging keeps main's retitle too.
    const revision = emulator.state.revisions.get(older.revision)!;
    const guides = revision.pages[1]!;
    const edited = { ...revision, id: 'rev_older_edit', parents: [revision.id], pages: [revision.pages[0]!, { ...guides, title: 'CR guides' }] };
    emulator.state.revisions.set(edited.id, edited);
    emulator.state.changeRequests.get(older.id)!.revision = edited.id;
    expect(json((await call(emulator, 'GET', `${CRS}/${older.id}`)).body).outdated).toBe(true);
    expect((await call(emulator, 'POST', `${CRS}/${older.id}/merge`)).status).toBe(200);
    const pages = json((await call(emulator, 'GET', `${SPACE}/content/pages`)).body).pages;
    expect(pages.map((p: any) => p.title)).toEqual(['Main title', 'CR guides']);
    expect(pages[1].pages.map((p: any) => p.title)).toEqual(['Install']);
  });

  it('updates from main: outdated clears, the ancestor moves, a second update is a no-op', async () => {
    const cr = await createCr();
    await moveMain('Moved on');
    const stale = json((await call(emulator, 'GET', `${CRS}/${cr.id}`)).body);
    expect(stale.outdated).toBe(true);
    expect((await call(emulator, 'POST', `${CRS}/${cr.id}/update`, { as: 'review' })).status).toBe(403);
    const res = await call(emulator, 'POST', `${CRS}/${cr.id}/update`, { as: 'edit' });
    expect(res.status).toBe(200);
    expect(json(res.body)).toEqual({ revision: expect.any(String), result: 'update' });
    const fresh = json((await call(emulator, 'GET', `${CRS}/${cr.id}`)).body);
    const main = json((await call(emulator, 'GET', `${SPACE}/content`)).body).id;
    expect(fresh).toMatchObject({ outdated: false, revisionMergedAncestor: main, revision: json(res.body).revision });
    const pages = json((await call(emulator, 'GET', `${CRS}/${cr.id}/content/pages`)).body).pages;
    expect(pages[0].title).toBe('Moved on');
    const again = await call(emulator, 'POST', `${CRS}/${cr.id}/update`);
    expect(json(again.body).revision).toBe(fresh.revision);
    await call(emulator, 'POST', `${CRS}/${cr.id}/merge`);
    expect((await call(emulator, 'POST', `${CRS}/${cr.id}/update`)).status).toBe(409);
  });

  it('exports a PDF URL, for the whole change request or one page', async () => {
    const cr = await createCr();
    const res = await call(emulator, 'GET', `${CRS}/${cr.id}/pdf`, { as: 'read' });
    expect(res.status).toBe(200);
    expect(json(res.body).url).toMatch(/^https:\/\//);
    const pageId = json((await call(emulator, 'GET', `${CRS}/${cr.id}/content/pages`)).body).pages[0].id;
    const one = await call(emulator, 'GET', `${CRS}/${cr.id}/pdf`, { query: { page: pageId, only: true } });
    expect(json(one.body).url).toContain(pageId);
    expect((await call(emulator, 'GET', `${CRS}/${cr.id}/pdf`, { query: { page: 'nope' } })).status).toBe(404);
    const badOnly = await call(emulator, 'GET', `${CRS}/${cr.id}/pdf`, { query: { only: 'yes' } });
    expect(badOnly.status).toBe(400);
    expect(json(badOnly.body).error.message).toContain('only');
    expect((await call(emulator, 'GET', `${CRS}/${cr.id}/pdf`, { as: null })).status).toBe(401);
  });
});

describe('requested reviewers', () => {
  it('requests, lists and withdraws reviewers', async () => {
    const cr = await createCr();
    const url = `${CRS}/${cr.id}/requested-reviewers`;
    const res = await call(emulator, 'POST', url, { as: 'edit', body: { users: ['user-review', 'user-admin'], subject: 'c'.repeat(100) } });
    expect(res.status).toBe(200);
    expect(json(res.body).users.map((r: any) => [r.object, r.kind, r.user.id, r.requestedBy.id])).toEqual([
      ['change-request-requested-reviewer', 'user', 'user-review', 'user-edit'],
      ['change-request-requested-reviewer', 'user', 'user-admin', 'user-edit'],
    ]);
    expect(json((await call(emulator, 'GET', `${CRS}/${cr.id}`)).body).subject).toBe('c'.repeat(100));
    const list = json((await call(emulator, 'GET', url, { as: 'read', query: { limit: 1 } })).body);
    expect(list.items).toHaveLength(1);
    expect(list.count).toBe(2);
    expect((await call(emulator, 'DELETE', `${url}/user-review`, { as: 'edit' })).status).toBe(205);
    expect((await call(emulator, 'DELETE', `${url}/user-review`)).status).toBe(404);
    expect(json((await call(emulator, 'GET', url)).body).items.map((r: any) => r.user.id)).toEqual(['user-admin']);
  });

  it('validates users and subject, and needs edit', async () => {
    const cr = await createCr();
    const url = `${CRS}/${cr.id}/requested-reviewers`;
    const unknown = await call(emulator, 'POST', url, { body: { users: ['user-review', 'user-nobody'] } });
    expect(unknown.status).toBe(400);
    expect(json(unknown.body).error.message).toContain('users');
    expect(json((await call(emulator, 'GET', url)).body).items).toEqual([]);
    const missing = await call(emulator, 'POST', url, { body: {} });
    expect(missing.status).toBe(400);
    expect(json(missing.body).error.message).toContain('users');
    const long = await call(emulator, 'POST', url, { body: { users: [], subject: 'c'.repeat(101) } });
    expect(long.status).toBe(400);
    expect(json(long.body).error.message).toContain('subject');
    expect((await call(emulator, 'POST', url, { as: 'review', body: { users: ['user-read'] } })).status).toBe(403);
    await call(emulator, 'POST', url, { body: { users: ['user-read'] } });
    expect((await call(emulator, 'DELETE', `${url}/user-read`, { as: 'review' })).status).toBe(403);
    expect((await call(emulator, 'GET', url, { as: null })).status).toBe(401);
  });
});
