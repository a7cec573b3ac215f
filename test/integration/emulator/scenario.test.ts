import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startByteServer, textEntries, type ByteServer } from '../../support/byte-server.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';

const SPACE = '/v1/spaces/space-docs';
const CRS = `${SPACE}/change-requests`;

let emulator: RunningEmulator;
let server: ByteServer;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
  server = await startByteServer();
});
afterAll(async () => {
  await emulator.close();
  await server.close();
});

const titles = (pages: any[]): unknown[] => pages.map((p) => (p.pages.length > 0 ? [p.title, titles(p.pages)] : p.title));

describe('a sync round trip through change requests', () => {
  it('imports into a change request, merges it, and brings an older change request up to date', async () => {
    // A change request opened before anything happens: it will fall behind.
    const older = json((await call(emulator, 'POST', CRS, { as: 'edit', body: { subject: 'Older' } })).body);
    expect(older.outdated).toBe(false);

    const cr = json((await call(emulator, 'POST', CRS, { as: 'edit', body: { subject: 'Sync from git' } })).body);
    server.set(
      '/repo.zip',
      zipSync(
        textEntries({
          'SUMMARY.md': '# Summary\n\n* [Overview](README.md)\n* [Setup](setup/README.md)\n  * [Linux](setup/linux.md)\n',
          'README.md': '# Overview\n\n{% hint style="success" %}Synced.{% endhint %}\n',
          'setup/README.md': '# Setup\n',
          'setup/linux.md': '---\ndescription: On Linux.\n---\n# Linux\n',
        }),
      ),
    );
    const imported = await call(emulator, 'POST', `${CRS}/${cr.number}/content/import`, {
      as: 'edit',
      body: { url: server.url('/repo.zip'), source: 'zip' },
    });
    expect(imported.status).toBe(201);
    expect(json(imported.body)).toMatchObject({ importedResources: 3, totalResources: 3 });

    const crPages = json((await call(emulator, 'GET', `${CRS}/${cr.id}/content/pages`)).body).pages;
    expect(titles(crPages)).toEqual(['Overview', ['Setup', ['Linux']]]);
    // Main is untouched until the merge.
    const mainBefore = json((await call(emulator, 'GET', `${SPACE}/content/pages`)).body).pages;
    expect(titles(mainBefore)).toEqual(['Introduction', ['Guides', ['Install']]]);

    const merged = await call(emulator, 'POST', `${CRS}/${cr.id}/merge`, { as: 'edit' });
    expect(merged.status).toBe(200);
    const mainAfter = json((await call(emulator, 'GET', `${SPACE}/content/pages`)).body).pages;
    expect(titles(mainAfter)).toEqual(['Overview', ['Setup', ['Linux']]]);
    expect(mainAfter.map((p: any) => p.id)).toEqual(crPages.map((p: any) => p.id));
    expect(json((await call(emulator, 'GET', `${CRS}/${cr.id}`)).body)).toMatchObject({
      status: 'merged',
      revisionMerged: json(merged.body).revision,
    });

    const stale = json((await call(emulator, 'GET', `${CRS}/${older.number}`)).body);
    expect(stale.outdated).toBe(true);
    const updated = await call(emulator, 'POST', `${CRS}/${older.number}/update`, { as: 'edit' });
    expect(updated.status).toBe(200);
    const fresh = json((await call(emulator, 'GET', `${CRS}/${older.number}`)).body);
    expect(fresh).toMatchObject({ outdated: false, revision: json(updated.body).revision, revisionMergedAncestor: json(merged.body).revision });
    const olderPages = json((await call(emulator, 'GET', `${CRS}/${older.number}/content/pages`)).body).pages;
    expect(titles(olderPages)).toEqual(['Overview', ['Setup', ['Linux']]]);
    const linux = olderPages[1].pages[0];
    const page = json((await call(emulator, 'GET', `${CRS}/${older.number}/content/page/${linux.id}`)).body);
    expect(page).toMatchObject({ description: 'On Linux.', markdown: '# Linux\n', git: { path: 'setup/linux.md' } });
  });
});
