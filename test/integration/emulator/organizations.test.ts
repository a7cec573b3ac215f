import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { ORG, call, json, startTestEmulator } from '../../support/emulator-harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(() => emulator.close());

describe('organizations', () => {
  it('lists the caller’s organizations in a list envelope', async () => {
    const res = await call(emulator, 'GET', '/v1/orgs');
    expect(res.status).toBe(200);
    expect(json(res.body).items.map((o: { id: string }) => o.id)).toEqual([ORG, 'org-partner']);
    expect(json(res.body).count).toBe(2);
  });

  it('answers 401 without a token and with a wrong one, with the error body', async () => {
    const none = await call(emulator, 'GET', `/v1/orgs/${ORG}`, { as: null });
    expect(none.status).toBe(401);
    expect(json(none.body).error.code).toBe(401);
    const wrong = await call(emulator, 'GET', `/v1/orgs/${ORG}`, { as: { token: 'nope' } });
    expect(wrong.status).toBe(401);
  });

  it('answers 404 for an operation the API does not have, whoever asks', async () => {
    expect((await call(emulator, 'GET', '/v1/nothing-here', { as: null })).status).toBe(404);
    expect((await call(emulator, 'PUT', `/v1/orgs/${ORG}`)).status).toBe(404);
  });

  it('computes permissions from the role', async () => {
    const admin = await call(emulator, 'GET', `/v1/orgs/${ORG}`);
    expect(json(admin.body).permissions.admin).toBe(true);
    const reader = await call(emulator, 'GET', `/v1/orgs/${ORG}`, { as: 'read' });
    expect(json(reader.body).permissions).toMatchObject({ admin: false, view: true, createContent: false });
  });

  it('updates with bounds checked: title of 2 passes, 1 fails naming the field; non-admin 403', async () => {
    const ok = await call(emulator, 'PATCH', `/v1/orgs/${ORG}`, { body: { title: 'Ab' } });
    expect(ok.status).toBe(200);
    expect(json(ok.body).title).toBe('Ab');
    const bad = await call(emulator, 'PATCH', `/v1/orgs/${ORG}`, { body: { title: 'A' } });
    expect(bad.status).toBe(400);
    expect(json(bad.body).error.message).toContain('title');
    const denied = await call(emulator, 'PATCH', `/v1/orgs/${ORG}`, { as: 'create', body: { title: 'Abc' } });
    expect(denied.status).toBe(403);
  });

  it('rejects malformed JSON and a wrong content type with 400, never a crash', async () => {
    const malformed = await call(emulator, 'PATCH', `/v1/orgs/${ORG}`, { body: '{"title": ' });
    expect(malformed.status).toBe(400);
    const text = await call(emulator, 'PATCH', `/v1/orgs/${ORG}`, { body: 'title=x', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(400);
  });

  it('answers 413 with the error body to a body over the limit, and keeps serving', async () => {
    const small = await startTestEmulator({ contract: 'seed', bodyLimit: 1024 });
    try {
      const big = await call(small, 'PATCH', `/v1/orgs/${ORG}`, { body: { title: 'x'.repeat(2048) } });
      expect(big.status).toBe(413);
      expect(json(big.body).error.code).toBe(413);
      expect((await call(small, 'GET', `/v1/orgs/${ORG}`)).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('finds organizations by e-mail domain', async () => {
    const res = await call(emulator, 'GET', '/v1/email-domains/emulator.test/orgs');
    expect(res.status).toBe(200);
    expect(json(res.body).organizations).toHaveLength(1);
  });
});
