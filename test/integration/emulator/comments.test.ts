import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { createRevision, walkPages } from '../../../src/emulator/state/revisions.js';
import { call, json, type TokenRole } from '../../support/emulator-harness.js';
import { startTestEmulator } from '../../support/emulator-harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const SPACE = '/v1/spaces/space-docs';

/** A change request put straight into the state, so these tests do not lean on the CR routes. */
function addChangeRequest(): { id: string; number: number } {
  const state = emulator.state;
  const space = state.spaces.get('space-docs')!;
  space.changeRequestCounter += 1;
  const now = state.timestamp();
  const id = state.newId('cr');
  state.changeRequests.set(id, {
    id,
    space: space.id,
    number: space.changeRequestCounter,
    status: 'open',
    subject: 'Edits',
    createdBy: 'user-edit',
    createdAt: now,
    updatedAt: now,
    revision: space.revision,
    revisionInitial: space.revision,
    reviewers: new Map(),
  });
  return { id, number: space.changeRequestCounter };
}

function pageId(path: string): string {
  const space = emulator.state.spaces.get('space-docs')!;
  const revision = emulator.state.revisions.get(space.revision)!;
  for (const page of walkPages(revision.pages)) if (page.path === path) return page.id;
  throw new Error(`no page ${path}`);
}

async function post(base: string, as: TokenRole, markdown: string, extra: Record<string, unknown> = {}) {
  const res = await call(emulator, 'POST', `${base}/comments`, { as, body: { body: { markdown }, ...extra } });
  expect(res.status).toBe(200);
  return json(res.body);
}

describe('space comments', () => {
  it('posts a comment (200, per the seed) with target, status and permissions', async () => {
    const introduction = pageId('introduction');
    const res = await call(emulator, 'POST', `${SPACE}/comments`, {
      as: 'comment',
      body: { body: { markdown: 'Typo here' }, page: introduction, node: 'node-1' },
    });
    expect(res.status).toBe(200);
    const comment = json(res.body);
    expect(comment).toMatchObject({
      object: 'comment',
      postedBy: { id: 'user-comment' },
      body: { markdown: 'Typo here' },
      replies: 0,
      reactions: [],
      status: 'open',
      target: { space: 'space-docs', node: { id: 'node-1' }, page: { id: introduction, title: 'Introduction', outdated: false } },
      permissions: { view: true, edit: true, reply: true, delete: true },
    });
    expect(comment.target.changeRequest).toBeUndefined();
    expect(comment.resolvedAt).toBeUndefined();
    expect(comment.urls.location).toBe(`${emulator.url}${SPACE}/comments/${comment.id}`);
  });

  it('validates the body and the target page, and guards by role', async () => {
    const missing = await call(emulator, 'POST', `${SPACE}/comments`, { body: {} });
    expect(missing.status).toBe(400);
    expect(json(missing.body).error.message).toContain('body');
    const noMarkdown = await call(emulator, 'POST', `${SPACE}/comments`, { body: { body: {} } });
    expect(noMarkdown.status).toBe(400);
    expect(json(noMarkdown.body).error.message).toContain('body.markdown');
    const badPage = await call(emulator, 'POST', `${SPACE}/comments`, { body: { body: { markdown: 'x' }, page: 'page-nope' } });
    expect(badPage.status).toBe(400);
    expect(json(badPage.body).error.message).toContain('"page"');
    expect((await call(emulator, 'POST', `${SPACE}/comments`, { as: 'read', body: { body: { markdown: 'x' } } })).status).toBe(403);
    expect((await call(emulator, 'POST', `${SPACE}/comments`, { as: null, body: { body: { markdown: 'x' } } })).status).toBe(401);
    expect((await call(emulator, 'POST', '/v1/spaces/space-nope/comments', { body: { body: { markdown: 'x' } } })).status).toBe(404);
  });

  it('lists newest first by default, oldest first with order=asc, and pages', async () => {
    const first = await post(SPACE, 'comment', 'one');
    const second = await post(SPACE, 'review', 'two');
    const third = await post(SPACE, 'admin', 'three');
    const desc = await call(emulator, 'GET', `${SPACE}/comments`, { as: 'read' });
    expect(desc.status).toBe(200);
    expect(json(desc.body).items.map((c: { id: string }) => c.id)).toEqual([third.id, second.id, first.id]);
    expect(json(desc.body).count).toBe(3);
    const asc = await call(emulator, 'GET', `${SPACE}/comments`, { query: { order: 'asc' } });
    expect(json(asc.body).items.map((c: { id: string }) => c.id)).toEqual([first.id, second.id, third.id]);

    const page1 = await call(emulator, 'GET', `${SPACE}/comments`, { query: { limit: 2 } });
    expect(json(page1.body).items).toHaveLength(2);
    const page2 = await call(emulator, 'GET', `${SPACE}/comments`, { query: { limit: 2, page: json(page1.body).next.page } });
    expect(json(page2.body).items.map((c: { id: string }) => c.id)).toEqual([first.id]);
    expect(json(page2.body).next).toBeUndefined();
  });

  it('filters by status, targetPage and authors', async () => {
    const install = pageId('guides/install');
    const onPage = await post(SPACE, 'comment', 'on install', { page: install });
    const byReviewer = await post(SPACE, 'review', 'general');
    await call(emulator, 'PUT', `${SPACE}/comments/${byReviewer.id}`, { as: 'comment', body: { resolved: true } });
    const ids = async (query: Record<string, string | string[]>) =>
      json((await call(emulator, 'GET', `${SPACE}/comments`, { query })).body).items.map((c: { id: string }) => c.id);
    expect(await ids({ status: 'all' })).toHaveLength(2);
    expect(await ids({ status: 'resolved' })).toEqual([byReviewer.id]);
    expect(await ids({ status: 'open' })).toEqual([onPage.id]);
    expect(await ids({ targetPage: install })).toEqual([onPage.id]);
    expect(await ids({ authors: 'user-review' })).toEqual([byReviewer.id]);
    expect(await ids({ authors: ['user-review', 'user-comment'] })).toHaveLength(2);
    expect(await ids({ format: 'markdown' })).toHaveLength(2);
  });

  it('checks list query bounds: limit 1000 passes, 1001 fails; unknown status and order fail', async () => {
    expect((await call(emulator, 'GET', `${SPACE}/comments`, { query: { limit: 1000 } })).status).toBe(200);
    const over = await call(emulator, 'GET', `${SPACE}/comments`, { query: { limit: 1001 } });
    expect(over.status).toBe(400);
    expect(json(over.body).error.message).toContain('limit');
    const status = await call(emulator, 'GET', `${SPACE}/comments`, { query: { status: 'closed' } });
    expect(status.status).toBe(400);
    expect(json(status.body).error.message).toContain('status');
    const order = await call(emulator, 'GET', `${SPACE}/comments`, { query: { order: 'sideways' } });
    expect(order.status).toBe(400);
    expect(json(order.body).error.message).toContain('order');
  });

  it('guards reading: 401 without a token, 403 for a guest, read role allowed', async () => {
    const comment = await post(SPACE, 'comment', 'x');
    expect((await call(emulator, 'GET', `${SPACE}/comments`, { as: null })).status).toBe(401);
    expect((await call(emulator, 'GET', `${SPACE}/comments`, { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', `${SPACE}/comments/${comment.id}`, { as: 'guest' })).status).toBe(403);
    const read = await call(emulator, 'GET', `${SPACE}/comments/${comment.id}`, { as: 'read', query: { format: 'markdown' } });
    expect(read.status).toBe(200);
    expect(json(read.body)).toMatchObject({ id: comment.id, permissions: { view: true, edit: false, reply: false, delete: false } });
    expect((await call(emulator, 'GET', `${SPACE}/comments/comment-nope`)).status).toBe(404);
  });

  it('lets only the author edit the body; sets editedAt', async () => {
    const comment = await post(SPACE, 'comment', 'before');
    const byOther = await call(emulator, 'PUT', `${SPACE}/comments/${comment.id}`, { as: 'admin', body: { body: { markdown: 'x' } } });
    expect(byOther.status).toBe(403);
    const res = await call(emulator, 'PUT', `${SPACE}/comments/${comment.id}`, { as: 'comment', body: { body: { markdown: 'after' } } });
    expect(res.status).toBe(200);
    expect(json(res.body).body.markdown).toBe('after');
    expect(json(res.body).editedAt).toEqual(expect.any(String));
    const bad = await call(emulator, 'PUT', `${SPACE}/comments/${comment.id}`, { as: 'comment', body: { resolved: 'yes' } });
    expect(bad.status).toBe(400);
    expect(json(bad.body).error.message).toContain('resolved');
    const reader = await call(emulator, 'PUT', `${SPACE}/comments/${comment.id}`, { as: 'read', body: { resolved: true } });
    expect(reader.status).toBe(403);
    expect((await call(emulator, 'PUT', `${SPACE}/comments/${comment.id}`, { as: null, body: {} })).status).toBe(401);
  });

  it('resolves and reopens: any commenter, resolvedAt/resolvedBy set then cleared', async () => {
    const comment = await post(SPACE, 'admin', 'please fix');
    const resolved = await call(emulator, 'PUT', `${SPACE}/comments/${comment.id}`, { as: 'comment', body: { resolved: true } });
    expect(resolved.status).toBe(200);
    expect(json(resolved.body)).toMatchObject({ status: 'resolved', resolvedBy: { id: 'user-comment' } });
    expect(json(resolved.body).resolvedAt).toEqual(expect.any(String));
    const reopened = await call(emulator, 'PUT', `${SPACE}/comments/${comment.id}`, { as: 'review', body: { resolved: false } });
    expect(json(reopened.body).status).toBe('open');
    expect(json(reopened.body).resolvedAt).toBeUndefined();
    expect(json(reopened.body).resolvedBy).toBeUndefined();
  });

  it('groups reactions per emoji with count and users; removal takes only the caller’s', async () => {
    const comment = await post(SPACE, 'admin', 'nice');
    const url = `${SPACE}/comments/${comment.id}`;
    await call(emulator, 'PUT', url, { as: 'comment', body: { addedReactions: ['👍', '🎉'] } });
    await call(emulator, 'PUT', url, { as: 'review', body: { addedReactions: ['👍', '👍'] } });
    const both = json((await call(emulator, 'GET', url)).body);
    expect(both.reactions).toHaveLength(2);
    expect(both.reactions[0]).toMatchObject({ emoji: '👍', count: 2 });
    expect(both.reactions[0].users.map((u: { user: { id: string } }) => u.user.id)).toEqual(['user-comment', 'user-review']);
    expect(both.reactions[1]).toMatchObject({ emoji: '🎉', count: 1 });
    const removed = await call(emulator, 'PUT', url, { as: 'review', body: { removedReactions: ['👍', '🎉'] } });
    expect(json(removed.body).reactions).toEqual([expect.objectContaining({ emoji: '👍', count: 1 }), expect.objectContaining({ emoji: '🎉', count: 1 })]);
    expect((await call(emulator, 'PUT', url, { as: 'read', body: { addedReactions: ['👀'] } })).status).toBe(403);
  });

  it('deletes (205) by the author or an admin, 403 for another commenter, replies go too', async () => {
    const mine = await post(SPACE, 'comment', 'mine');
    await call(emulator, 'POST', `${SPACE}/comments/${mine.id}/replies`, { as: 'review', body: { body: { markdown: 'r' } } });
    expect((await call(emulator, 'DELETE', `${SPACE}/comments/${mine.id}`, { as: 'edit' })).status).toBe(403);
    expect((await call(emulator, 'DELETE', `${SPACE}/comments/${mine.id}`, { as: null })).status).toBe(401);
    const deleted = await call(emulator, 'DELETE', `${SPACE}/comments/${mine.id}`, { as: 'comment' });
    expect(deleted.status).toBe(205);
    expect(deleted.body).toBeUndefined();
    expect((await call(emulator, 'GET', `${SPACE}/comments/${mine.id}`)).status).toBe(404);
    expect([...emulator.state.replies.values()].filter((r) => r.comment === mine.id)).toHaveLength(0);

    const theirs = await post(SPACE, 'comment', 'theirs');
    expect((await call(emulator, 'DELETE', `${SPACE}/comments/${theirs.id}`, { as: 'admin' })).status).toBe(205);
    expect((await call(emulator, 'DELETE', `${SPACE}/comments/${theirs.id}`, { as: 'admin' })).status).toBe(404);
  });

  it('marks the target page outdated once it is gone from the space content', async () => {
    const comment = await post(SPACE, 'comment', 'x', { page: pageId('guides/install') });
    const space = emulator.state.spaces.get('space-docs')!;
    const current = emulator.state.revisions.get(space.revision)!;
    const withoutGuides = current.pages.filter((p) => p.path !== 'guides');
    space.revision = createRevision(emulator.state, space.id, { pages: withoutGuides, files: [] }, [current.id]).id;
    const res = await call(emulator, 'GET', `${SPACE}/comments/${comment.id}`);
    expect(json(res.body).target.page).toMatchObject({ title: 'Install', outdated: true });
    expect(json(res.body).target.revision).toBe(current.id);
  });
});

describe('change request comments', () => {
  it('runs list, post, get, put and delete on the change request’s own thread', async () => {
    const cr = addChangeRequest();
    const CR = `${SPACE}/change-requests/${cr.id}`;
    const created = await call(emulator, 'POST', `${CR}/comments`, {
      as: 'comment',
      body: { body: { markdown: 'In review' }, page: pageId('introduction') },
    });
    expect(created.status).toBe(200);
    const comment = json(created.body);
    expect(comment.target).toMatchObject({ changeRequest: cr.id, page: { title: 'Introduction' } });
    expect(comment.urls.location).toBe(`${emulator.url}${CR}/comments/${comment.id}`);

    // The number addresses the same change request.
    const list = await call(emulator, 'GET', `${SPACE}/change-requests/${cr.number}/comments`, { as: 'read', query: { status: 'open' } });
    expect(list.status).toBe(200);
    expect(json(list.body).items.map((c: { id: string }) => c.id)).toEqual([comment.id]);
    // Space comments and change-request comments are separate threads.
    expect(json((await call(emulator, 'GET', `${SPACE}/comments`)).body).items).toHaveLength(0);
    expect((await call(emulator, 'GET', `${SPACE}/comments/${comment.id}`)).status).toBe(404);

    expect((await call(emulator, 'GET', `${CR}/comments/${comment.id}`, { query: { format: 'markdown' } })).status).toBe(200);
    const resolved = await call(emulator, 'PUT', `${CR}/comments/${comment.id}`, { as: 'review', body: { resolved: true } });
    expect(resolved.status).toBe(200);
    expect(json(resolved.body).status).toBe('resolved');
    expect((await call(emulator, 'PUT', `${CR}/comments/${comment.id}`, { as: 'review', body: { body: { markdown: 'x' } } })).status).toBe(403);
    expect((await call(emulator, 'DELETE', `${CR}/comments/${comment.id}`, { as: 'review' })).status).toBe(403);
    expect((await call(emulator, 'DELETE', `${CR}/comments/${comment.id}`, { as: 'comment' })).status).toBe(205);
    expect((await call(emulator, 'GET', `${CR}/comments/${comment.id}`)).status).toBe(404);
  });

  it('guards and validates like space comments', async () => {
    const cr = addChangeRequest();
    const CR = `${SPACE}/change-requests/${cr.id}`;
    expect((await call(emulator, 'GET', `${CR}/comments`, { as: null })).status).toBe(401);
    expect((await call(emulator, 'GET', `${CR}/comments`, { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'POST', `${CR}/comments`, { as: 'read', body: { body: { markdown: 'x' } } })).status).toBe(403);
    expect((await call(emulator, 'GET', `${CR}/comments`, { query: { limit: 1000 } })).status).toBe(200);
    expect((await call(emulator, 'GET', `${CR}/comments`, { query: { limit: 1001 } })).status).toBe(400);
    const missing = await call(emulator, 'POST', `${CR}/comments`, { body: { page: 'x' } });
    expect(missing.status).toBe(400);
    expect(json(missing.body).error.message).toContain('body');
    expect((await call(emulator, 'GET', `${SPACE}/change-requests/999/comments`)).status).toBe(404);
  });
});
