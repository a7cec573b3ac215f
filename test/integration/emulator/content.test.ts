import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startByteServer, textEntries, type ByteServer } from '../../support/byte-server.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';

const SPACE = '/v1/spaces/space-docs';
const HOME = [
  '# Home',
  '',
  'See [the guide](guide.md), [top](#top), [gone](missing.md), [app](https://app.emulator.test/s/space-docs/guide),',
  '[the web](https://example.com) and ![logo](.gitbook/assets/logo.png).',
  '',
].join('\n');

let emulator: RunningEmulator;
let server: ByteServer;
let home: any;
let logo: any;
let unused: any;
let crPath: string;

beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
  server = await startByteServer();
  server.set(
    '/docs.zip',
    zipSync(
      textEntries({
        'README.md': HOME,
        'guide.md': '# Guide\n\n{% content-ref url="README.md" %}\n[README.md](README.md)\n{% endcontent-ref %}\n',
        '.gitbook/assets/logo.png': new Uint8Array([1, 2, 3]),
        '.gitbook/assets/unused.png': new Uint8Array([4]),
      }),
    ),
  );
  const imported = await call(emulator, 'POST', `${SPACE}/content/import`, { body: { url: server.url('/docs.zip'), source: 'zip' } });
  expect(imported.status).toBe(201);
  const pages = json((await call(emulator, 'GET', `${SPACE}/content/pages`)).body).pages;
  home = pages[0];
  const files = json((await call(emulator, 'GET', `${SPACE}/content/files`)).body).items;
  logo = files.find((f: any) => f.name === 'logo.png');
  unused = files.find((f: any) => f.name === 'unused.png');
  const cr = json((await call(emulator, 'POST', `${SPACE}/change-requests`, { body: {} })).body);
  crPath = `${SPACE}/change-requests/${cr.number}`;
});
afterAll(async () => {
  await emulator.close();
  await server.close();
});

describe('content reads under S and CR', () => {
  it('returns the revision with pages and files; metadata=false leaves git out', async () => {
    const res = await call(emulator, 'GET', `${SPACE}/content`, { as: 'read', query: { computed: false } });
    expect(res.status).toBe(200);
    const revision = json(res.body);
    expect(revision).toMatchObject({ object: 'revision', type: 'edits' });
    expect(revision.pages.map((p: any) => p.title)).toEqual(['Home', 'Guide']);
    expect(revision.pages[0].git.path).toBe('README.md');
    expect(revision.files).toHaveLength(2);
    const bare = json((await call(emulator, 'GET', `${SPACE}/content`, { query: { metadata: false } })).body);
    expect(bare.pages[0].git).toBeUndefined();
    expect(bare.files[0].git).toBeUndefined();
    const bad = await call(emulator, 'GET', `${SPACE}/content`, { query: { metadata: 'maybe' } });
    expect(bad.status).toBe(400);
    expect(json(bad.body).error.message).toContain('metadata');
    const cr = json((await call(emulator, 'GET', `${crPath}/content`)).body);
    expect(cr.id).toBe(revision.id);
  });

  it('lists the page tree without markdown', async () => {
    const res = await call(emulator, 'GET', `${crPath}/content/pages`, { as: 'read' });
    expect(res.status).toBe(200);
    const pages = json(res.body).pages;
    expect(pages.map((p: any) => [p.title, p.path, p.type])).toEqual([
      ['Home', 'home', 'document'],
      ['Guide', 'guide', 'document'],
    ]);
    expect(pages[0].markdown).toBeUndefined();
    expect(pages[0].urls.app).toContain('/~/changes/');
  });

  it('reads one page with its markdown, accepting format and evaluated', async () => {
    const res = await call(emulator, 'GET', `${SPACE}/content/page/${home.id}`, { as: 'read', query: { format: 'markdown', evaluated: true } });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({ id: home.id, title: 'Home', markdown: HOME, documentId: home.documentId });
    expect(json((await call(emulator, 'GET', `${crPath}/content/page/${home.id}`)).body).markdown).toBe(HOME);
    expect((await call(emulator, 'GET', `${SPACE}/content/page/page_nope`)).status).toBe(404);
    const bad = await call(emulator, 'GET', `${SPACE}/content/page/${home.id}`, { query: { evaluated: 'yes' } });
    expect(bad.status).toBe(400);
    expect(json(bad.body).error.message).toContain('evaluated');
  });

  it('lists files in pages and reads one', async () => {
    const first = json((await call(emulator, 'GET', `${SPACE}/content/files`, { query: { limit: 1 } })).body);
    expect(first.items).toHaveLength(1);
    const second = json((await call(emulator, 'GET', `${SPACE}/content/files`, { query: { limit: 1, page: first.next.page } })).body);
    expect(second.items[0].id).not.toBe(first.items[0].id);
    expect((await call(emulator, 'GET', `${crPath}/content/files`, { query: { limit: 1000 } })).status).toBe(200);
    const over = await call(emulator, 'GET', `${SPACE}/content/files`, { query: { limit: 1001 } });
    expect(over.status).toBe(400);
    expect(json(over.body).error.message).toContain('limit');
    const one = await call(emulator, 'GET', `${crPath}/content/files/${logo.id}`, { as: 'read' });
    expect(one.status).toBe(200);
    expect(json(one.body)).toMatchObject({ id: logo.id, name: 'logo.png', size: 3, contentType: 'image/png', downloadURL: expect.any(String) });
    expect((await call(emulator, 'GET', `${SPACE}/content/files/file_nope`)).status).toBe(404);
  });

  it('lists the pages linking to a file as backlinks', async () => {
    const res = await call(emulator, 'GET', `${SPACE}/content/files/${logo.id}/backlinks`, { as: 'read' });
    expect(res.status).toBe(200);
    const items = json(res.body).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'page', organization: { id: 'org-emulator' }, space: { id: 'space-docs' }, page: { id: home.id } });
    expect(json((await call(emulator, 'GET', `${crPath}/content/files/${unused.id}/backlinks`)).body).items).toEqual([]);
    expect((await call(emulator, 'GET', `${SPACE}/content/files/file_nope/backlinks`)).status).toBe(404);
  });

  it('judges links: relative pages and files ok, missing ones broken, app URLs in-app', async () => {
    const res = await call(emulator, 'GET', `${SPACE}/content/page/${home.id}/links`, { as: 'read' });
    expect(res.status).toBe(200);
    const body = json(res.body);
    expect(body.items.map((l: any) => [l.status, l.targetReference?.kind])).toEqual([
      ['ok', 'page'],
      ['broken', undefined],
      ['in-app', 'url'],
      ['ok', 'url'],
      ['ok', 'file'],
    ]);
    expect(body.items[4].targetReference.file.id).toBe(logo.id);
    expect(body.items[0].locationReferences).toMatchObject([{ kind: 'page', page: { id: home.id } }]);
    expect(body.stats).toEqual({ total: 5, broken: { total: 1, changeRequest: 0 } });
    const broken = json((await call(emulator, 'GET', `${SPACE}/content/page/${home.id}/links`, { query: { status: 'broken' } })).body);
    expect(broken.items.map((l: any) => l.target)).toEqual(['missing.md']);
    expect(broken.stats.total).toBe(5);
    const badStatus = await call(emulator, 'GET', `${SPACE}/content/page/${home.id}/links`, { query: { status: 'fine' } });
    expect(badStatus.status).toBe(400);
    expect(json(badStatus.body).error.message).toContain('status');
    const cr = json((await call(emulator, 'GET', `${crPath}/content/page/${home.id}/links`, { query: { status: 'broken' } })).body);
    expect(cr.items).toHaveLength(5);
    expect(cr.stats.broken).toEqual({ total: 1, changeRequest: 1 });
  });

  it('needs a token (401) and a reading role (403 for guests)', async () => {
    for (const suffix of ['/content', '/content/pages', '/content/files', `/content/page/${home.id}`, `/content/page/${home.id}/links`]) {
      expect((await call(emulator, 'GET', `${SPACE}${suffix}`, { as: null })).status).toBe(401);
      expect((await call(emulator, 'GET', `${crPath}${suffix}`, { as: 'guest' })).status).toBe(403);
    }
    expect((await call(emulator, 'GET', `${SPACE}/content/files/${logo.id}`, { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', `${SPACE}/content/files/${logo.id}/backlinks`, { as: null })).status).toBe(401);
    expect((await call(emulator, 'GET', '/v1/spaces/space-nope/content')).status).toBe(404);
  });
});
