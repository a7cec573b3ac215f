import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator, type TokenRole } from '../../support/emulator-harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const SPACE = '/v1/spaces/space-docs';

/** A change request put straight into the state, so these tests do not lean on the CR routes. */
function addChangeRequest(): string {
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
  return `${SPACE}/change-requests/${id}`;
}

async function comment(base: string, as: TokenRole = 'admin'): Promise<string> {
  const res = await call(emulator, 'POST', `${base}/comments`, { as, body: { body: { markdown: 'a comment' } } });
  expect(res.status).toBe(200);
  return `${base}/comments/${String(json(res.body).id)}`;
}

async function reply(commentUrl: string, as: TokenRole, markdown: string) {
  const res = await call(emulator, 'POST', `${commentUrl}/replies`, { as, body: { body: { markdown } } });
  expect(res.status).toBe(200);
  return json(res.body);
}

describe('space comment replies', () => {
  it('posts a reply (200) with its shape, and the comment counts it', async () => {
    const url = await comment(SPACE);
    const res = await call(emulator, 'POST', `${url}/replies`, { as: 'comment', body: { body: { markdown: 'Agreed' } } });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({
      object: 'comment-reply',
      postedBy: { id: 'user-comment' },
      body: { markdown: 'Agreed' },
      reactions: [],
      permissions: { view: true, edit: true, reply: true, delete: true },
    });
    expect(json(res.body).urls.location).toBe(`${emulator.url}${url}/replies/${String(json(res.body).id)}`);
    expect(json((await call(emulator, 'GET', url)).body).replies).toBe(1);
  });

  it('validates and guards posting: body required (400), read role 403, no token 401, unknown comment 404', async () => {
    const url = await comment(SPACE);
    const missing = await call(emulator, 'POST', `${url}/replies`, { body: {} });
    expect(missing.status).toBe(400);
    expect(json(missing.body).error.message).toContain('body');
    const noMarkdown = await call(emulator, 'POST', `${url}/replies`, { body: { body: { markdown: 3 } } });
    expect(noMarkdown.status).toBe(400);
    expect(json(noMarkdown.body).error.message).toContain('body.markdown');
    expect((await call(emulator, 'POST', `${url}/replies`, { as: 'read', body: { body: { markdown: 'x' } } })).status).toBe(403);
    expect((await call(emulator, 'POST', `${url}/replies`, { as: null, body: { body: { markdown: 'x' } } })).status).toBe(401);
    const nowhere = await call(emulator, 'POST', `${SPACE}/comments/comment-nope/replies`, { body: { body: { markdown: 'x' } } });
    expect(nowhere.status).toBe(404);
  });

  it('reads one reply and lists them under the space too; guests 403', async () => {
    const url = await comment(SPACE);
    const posted = await reply(url, 'comment', 'hello');
    const res = await call(emulator, 'GET', `${url}/replies/${String(posted.id)}`, { as: 'read', query: { format: 'markdown' } });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ id: posted.id, permissions: { edit: false, delete: false } });
    expect((await call(emulator, 'GET', `${url}/replies/${String(posted.id)}`, { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', `${url}/replies/reply-nope`)).status).toBe(404);
    const list = await call(emulator, 'GET', `${url}/replies`);
    expect(list.status).toBe(200);
    expect(json(list.body)).toMatchObject({ items: [{ id: posted.id }] });
  });

  it('updates: the author edits the body, others get 403 for it but may react', async () => {
    const url = await comment(SPACE);
    const posted = await reply(url, 'comment', 'first draft');
    const replyUrl = `${url}/replies/${String(posted.id)}`;
    expect((await call(emulator, 'PUT', replyUrl, { as: 'admin', body: { body: { markdown: 'x' } } })).status).toBe(403);
    const edited = await call(emulator, 'PUT', replyUrl, { as: 'comment', body: { body: { markdown: 'final' } } });
    expect(edited.status).toBe(200);
    expect(json(edited.body).body.markdown).toBe('final');
    expect(json(edited.body).editedAt).toEqual(expect.any(String));
    const reacted = await call(emulator, 'PUT', replyUrl, { as: 'review', body: { addedReactions: ['🚀'] } });
    expect(json(reacted.body).reactions).toEqual([expect.objectContaining({ emoji: '🚀', count: 1 })]);
    const unreacted = await call(emulator, 'PUT', replyUrl, { as: 'review', body: { removedReactions: ['🚀'] } });
    expect(json(unreacted.body).reactions).toEqual([]);
    const bad = await call(emulator, 'PUT', replyUrl, { as: 'comment', body: { addedReactions: '🚀' } });
    expect(bad.status).toBe(400);
    expect(json(bad.body).error.message).toContain('addedReactions');
    expect((await call(emulator, 'PUT', replyUrl, { as: 'read', body: { addedReactions: ['🚀'] } })).status).toBe(403);
  });

  it('deletes (205) by the author or an admin; another commenter gets 403', async () => {
    const url = await comment(SPACE);
    const mine = await reply(url, 'comment', 'mine');
    const mineUrl = `${url}/replies/${String(mine.id)}`;
    expect((await call(emulator, 'DELETE', mineUrl, { as: 'review' })).status).toBe(403);
    expect((await call(emulator, 'DELETE', mineUrl, { as: null })).status).toBe(401);
    const deleted = await call(emulator, 'DELETE', mineUrl, { as: 'comment' });
    expect(deleted.status).toBe(205);
    expect(deleted.body).toBeUndefined();
    expect((await call(emulator, 'GET', mineUrl)).status).toBe(404);
    const theirs = await reply(url, 'review', 'theirs');
    expect((await call(emulator, 'DELETE', `${url}/replies/${String(theirs.id)}`, { as: 'admin' })).status).toBe(205);
    expect(json((await call(emulator, 'GET', url)).body).replies).toBe(0);
  });
});

describe('change request comment replies', () => {
  it('lists oldest first with paging, posts (200) and reads one', async () => {
    const url = await comment(addChangeRequest());
    const first = await reply(url, 'comment', 'one');
    const second = await reply(url, 'review', 'two');
    const list = await call(emulator, 'GET', `${url}/replies`, { as: 'read', query: { format: 'markdown' } });
    expect(list.status).toBe(200);
    expect(json(list.body).items.map((r: { id: string }) => r.id)).toEqual([first.id, second.id]);
    expect(json(list.body).count).toBe(2);
    const page1 = await call(emulator, 'GET', `${url}/replies`, { query: { limit: 1 } });
    const page2 = await call(emulator, 'GET', `${url}/replies`, { query: { limit: 1, page: json(page1.body).next.page } });
    expect(json(page2.body).items.map((r: { id: string }) => r.id)).toEqual([second.id]);

    const posted = await call(emulator, 'POST', `${url}/replies`, { as: 'edit', query: { format: 'markdown' }, body: { body: { markdown: 'three' } } });
    expect(posted.status).toBe(200);
    expect(json(posted.body).urls.location).toContain('/change-requests/');
    const one = await call(emulator, 'GET', `${url}/replies/${String(first.id)}`);
    expect(one.status).toBe(200);
    expect(json(one.body)).toMatchObject({ object: 'comment-reply', body: { markdown: 'one' } });
  });

  it('guards and bounds: 401, guest 403, read cannot post, limit 1000 ok and 1001 400', async () => {
    const url = await comment(addChangeRequest());
    expect((await call(emulator, 'GET', `${url}/replies`, { as: null })).status).toBe(401);
    expect((await call(emulator, 'GET', `${url}/replies`, { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'POST', `${url}/replies`, { as: 'read', body: { body: { markdown: 'x' } } })).status).toBe(403);
    expect((await call(emulator, 'GET', `${url}/replies`, { query: { limit: 1000 } })).status).toBe(200);
    const over = await call(emulator, 'GET', `${url}/replies`, { query: { limit: 1001 } });
    expect(over.status).toBe(400);
    expect(json(over.body).error.message).toContain('limit');
    const missing = await call(emulator, 'POST', `${url}/replies`, { body: {} });
    expect(missing.status).toBe(400);
  });

  it('has no update or delete of a reply (404, not in the seed) and keeps threads apart', async () => {
    const cr = addChangeRequest();
    const url = await comment(cr);
    const posted = await reply(url, 'comment', 'x');
    const replyUrl = `${url}/replies/${String(posted.id)}`;
    expect((await call(emulator, 'PUT', replyUrl, { as: 'comment', body: { body: { markdown: 'y' } } })).status).toBe(404);
    expect((await call(emulator, 'DELETE', replyUrl, { as: 'comment' })).status).toBe(404);
    // A space comment is not reachable through the change request, nor the other way round.
    const spaceComment = await comment(SPACE);
    const spaceCommentId = spaceComment.split('/').pop() ?? '';
    expect((await call(emulator, 'GET', `${cr}/comments/${spaceCommentId}/replies`)).status).toBe(404);
    expect((await call(emulator, 'GET', `${SPACE}/comments/${url.split('/').pop() ?? ''}/replies/${String(posted.id)}`)).status).toBe(404);
  });
});
