import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURE } from '../../../src/emulator/fixtures/default-fixture.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { runDocsync } from '../../support/run-docsync.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

/** Operations the seed's document has and today's does not (0.202.0 removed them). */
const SEED_ONLY = [
  ['POST', '/v1/spaces/space-docs/content/import'],
  ['POST', '/v1/spaces/space-docs/change-requests/cr/content/import'],
  ['POST', '/v1/orgs/org-emulator/sites/site/section-groups/group/sections'],
  ['DELETE', '/v1/orgs/org-emulator/sites/site/section-groups/group/sections/section'],
  ['GET', '/v1/spaces/space-docs/content/page/page/links'],
] as const;

let seed: RunningEmulator;
let current: RunningEmulator;
beforeAll(async () => {
  [seed, current] = await Promise.all([startTestEmulator({ contract: 'seed' }), startTestEmulator({ contract: 'current' })]);
});
afterAll(() => Promise.all([seed.close(), current.close()]));
afterEach(removeTempDirs);

describe('the emulator’s contract', () => {
  it('is today’s unless told otherwise', async () => {
    const untold = await startTestEmulator({ contract: undefined });
    try {
      expect(untold.options.contract).toBe('current');
      expect((await call(untold, 'POST', SEED_ONLY[0][1], { body: {} })).status).toBe(404);
    } finally {
      await untold.close();
    }
    expect(seed.options.contract).toBe('seed');
    expect(current.options.contract).toBe('current');
  });

  it.each(SEED_ONLY)('answers %s %s in seed mode and 404 with the error body in current mode, whoever asks', async (method, path) => {
    const body = method === 'POST' ? { source: 'markdown', url: 'http://127.0.0.1:9/x.md' } : undefined;
    const inSeed = await call(seed, method, path, { body });
    // The seed's emulator runs the operation (the ids above may not exist: a 404 then names them).
    expect(json(inSeed.body ?? {}).error?.message ?? '').not.toMatch(/^No operation/);
    for (const as of ['admin', null] as const) {
      const inCurrent = await call(current, method, path, { as, body });
      expect(inCurrent.status).toBe(404);
      expect(json(inCurrent.body).error).toEqual({ code: 404, message: `No operation ${method} ${path}` });
    }
  });

  it('serves the operations both documents share in both modes', async () => {
    for (const emulator of [seed, current]) {
      const res = await call(emulator, 'GET', '/v1/spaces/space-docs');
      expect(res.status).toBe(200);
      expect(json(res.body)).toMatchObject({ object: 'space', id: 'space-docs' });
    }
  });

  it('answers in the shape of its own document', async () => {
    const [inSeed, inCurrent] = await Promise.all([seed, current].map((emulator) => call(emulator, 'GET', '/v1/spaces/space-docs')));
    // 0.130.0 requires a space's `type`; 0.202.0 sends it only for a style guide, and has merge rules.
    expect(json(inSeed?.body)).toMatchObject({ type: 'document' });
    expect(json(inSeed?.body)).not.toHaveProperty('mergeRules');
    expect(json(inCurrent?.body)).not.toHaveProperty('type');
    expect(json(inCurrent?.body)).toMatchObject({ mergeRules: { type: 'inherit' } });
    const cr = json((await call(current, 'POST', '/v1/spaces/space-docs/change-requests', { body: { subject: 'Shape' } })).body);
    expect(cr.space).toBe('space-docs');
  });

  it('registers only operations of its own document', () => {
    expect(seed.routes.length).toBeGreaterThan(current.routes.length);
    const currentRoutes = new Set(current.routes.map((r) => `${r.method} ${r.url}`));
    expect(seed.routes.filter((r) => !currentRoutes.has(`${r.method} ${r.url}`)).map((r) => `${r.method} ${r.url}`)).toContain(
      'POST /v1/spaces/:spaceId/content/import',
    );
  });

  it('takes the contract from the fixture file when not told one', async () => {
    const dir = await makeTempDir();
    const fixtures = join(dir, 'fixture.yaml');
    // The fixture names the seed, which is not the default, so the fixture is what chose it.
    await writeFile(fixtures, stringify({ ...DEFAULT_FIXTURE, contract: 'seed' }));
    const fromFixture = await startTestEmulator({ fixtures, contract: undefined });
    const overridden = await startTestEmulator({ fixtures, contract: 'current' });
    try {
      expect(fromFixture.options.contract).toBe('seed');
      expect(json((await call(fromFixture, 'POST', SEED_ONLY[0][1], { body: {} })).body ?? {}).error?.message ?? '').not.toMatch(/^No operation/);
      expect(overridden.options.contract).toBe('current');
      expect((await call(overridden, 'POST', SEED_ONLY[0][1], { body: {} })).status).toBe(404);
    } finally {
      await Promise.all([fromFixture.close(), overridden.close()]);
    }
  });

  it('refuses an unknown contract name in a fixture, naming the field and the valid names', async () => {
    const dir = await makeTempDir();
    const fixtures = join(dir, 'fixture.yaml');
    await writeFile(fixtures, stringify({ ...DEFAULT_FIXTURE, contract: 'latest' }));
    await expect(startTestEmulator({ fixtures, contract: undefined })).rejects.toThrow(
      `Fixture ${fixtures}: field "contract": unknown contract "latest": use one of seed, current`,
    );
  });

  it('docsync emulator --fixtures refuses a fixture naming an unknown contract, with the file, the field and the valid names (exit 2)', async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'fixture.yaml'), stringify({ ...DEFAULT_FIXTURE, contract: 'latest' }));
    const run = await runDocsync(['emulator', '--fixtures', 'fixture.yaml', '--port', '0'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('fixture.yaml: contract: unknown contract "latest": use one of seed, current');
  });

  it('docsync emulator --contract refuses an unknown name with the list of valid ones (exit 2)', async () => {
    const run = await runDocsync(['emulator', '--contract', 'latest', '--port', '0'], await makeTempDir());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("argument 'latest' is invalid. Allowed choices are seed, current.");
  });
});
