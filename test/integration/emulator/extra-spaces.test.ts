import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { FixtureError } from '../../../src/emulator/fixtures/fixture-error.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';

/** `docsync emulator --space <id[:title]>`: empty spaces beside the fixture's, which docsync can sync into. */
let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

describe('an emulator started with extra spaces', () => {
  it('serves them empty in the fixture’s first organization, beside the fixture’s own, and a sync fills one', async () => {
    emulator = await startTestEmulator({ contract: 'current', spaces: [{ id: 'space-handbook', title: 'Handbook' }] });
    const space = json((await call(emulator, 'GET', '/v1/spaces/space-handbook')).body);
    expect(space).toMatchObject({ id: 'space-handbook', title: 'Handbook', organization: 'org-emulator' });
    const listed = json((await call(emulator, 'GET', '/v1/orgs/org-emulator/spaces')).body).items as { id: string }[];
    expect(listed.map((s) => s.id)).toEqual(expect.arrayContaining(['space-docs', 'space-api', 'space-handbook']));
    expect(json((await call(emulator, 'GET', '/v1/spaces/space-handbook/content')).body).pages).toEqual([]);

    const { dir } = await exampleWorkspace();
    const report = await syncOnce(configFor(emulator, dir, { spaceId: 'space-handbook', changeRequest: { autoMerge: true } }));
    expect(report.failures).toEqual([]);
    expect(json((await call(emulator, 'GET', '/v1/spaces/space-handbook/content')).body).pages.length).toBeGreaterThan(0);
  });

  it('joins a fixture file’s spaces, in its first organization', async () => {
    const fixtures = join(process.cwd(), 'fixture.yaml');
    await writeFile(
      fixtures,
      [
        'organizations:',
        '  - { id: org-acme, title: Acme }',
        'users:',
        '  - { id: u1, displayName: Ada, email: ada@acme.test, tokens: [acme-token], roles: { org-acme: admin } }',
        'spaces:',
        '  - { id: space-guide, organization: org-acme, title: Guide }',
        '',
      ].join('\n'),
    );
    emulator = await startTestEmulator({ contract: 'current', fixtures, spaces: [{ id: 'space-extra', title: 'space-extra' }] });
    const listed = json((await call(emulator, 'GET', '/v1/orgs/org-acme/spaces', { as: { token: 'acme-token' } })).body).items as {
      id: string;
      title: string;
    }[];
    expect(listed.map((s) => [s.id, s.title])).toEqual([
      ['space-guide', 'Guide'],
      ['space-extra', 'space-extra'],
    ]);
  });

  it('starts from the fixture docs/emulator-spaces.md shows, with its pages and site', async () => {
    const doc = await readFile(new URL('../../../docs/emulator-spaces.md', import.meta.url), 'utf8');
    const shown = /```yaml\n(# fixture\.yaml\n[\s\S]*?)```/.exec(doc)?.[1];
    expect(shown).toBeDefined();
    const fixtures = join(process.cwd(), 'fixture.yaml');
    await writeFile(fixtures, shown ?? '');
    emulator = await startTestEmulator({ contract: undefined, fixtures, spaces: [{ id: 'space-scratch', title: 'space-scratch' }] });
    expect(emulator.options.contract).toBe('current');
    const as = { token: 'acme-admin' };
    const listed = json((await call(emulator, 'GET', '/v1/orgs/org-acme/spaces', { as })).body).items as { id: string }[];
    expect(listed.map((s) => s.id)).toEqual(['space-guide', 'space-scratch']);
    const pages = json((await call(emulator, 'GET', '/v1/spaces/space-guide/content', { as })).body).pages as { title: string; pages: { title: string }[] }[];
    expect(pages.map((p) => [p.title, p.pages.map((c) => c.title)])).toEqual([['Introduction', ['Install']]]);
    expect((await call(emulator, 'GET', '/v1/orgs/org-acme/sites/site-guide', { as })).status).toBe(200);
  });

  it('refuses an id the fixture already holds, naming it', async () => {
    const error = await startTestEmulator({ contract: 'current', spaces: [{ id: 'space-docs', title: 'Again' }] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FixtureError);
    expect((error as Error).message).toContain('--space space-docs: a space with that id is already there');
  });
});
