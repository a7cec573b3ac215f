import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { OperationConformance } from '../../../src/emulator/contract/response-conformance.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startByteServer, type ByteServer } from '../../support/byte-server.js';
import { call, ORG, startTestEmulator, type TokenRole } from '../../support/emulator-harness.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';
import { contract, currentContract } from './official-contract.js';
import { walkEveryOperation } from './emulator-walk.js';

/**
 * Emulator validity: in strict mode every answer is checked against the official response schema
 * of its operation, and one that breaks it becomes a 500. A walk calls every implemented operation
 * with a success (and a few with a role too low: 403), then every one again with a missing token and unknown ids, with
 * the built-in fixture and with a fixture that fills the optional fields.
 */

/** A fixture with every optional field the fixture format has, and more than one of each thing. */
const RICH_FIXTURE = {
  organizations: [
    { id: ORG, title: 'Rich Org', emailDomains: ['emulator.test'], hostname: 'rich' },
    { id: 'org-partner', title: 'Partner', emailDomains: [] },
  ],
  users: [
    { id: 'user-admin', displayName: 'Admin', email: 'admin@emulator.test', tokens: ['emulator-admin'], roles: { [ORG]: 'admin', 'org-partner': 'admin' } },
    { id: 'user-edit', displayName: 'Editor', email: 'edit@emulator.test', tokens: ['emulator-edit'], roles: { [ORG]: 'edit' } },
    { id: 'user-review', displayName: 'Reviewer', email: 'review@emulator.test', tokens: ['emulator-review'], roles: { [ORG]: 'review' } },
    { id: 'user-read', displayName: 'Reader', email: 'read@emulator.test', tokens: ['emulator-read'], roles: { [ORG]: 'read' } },
    { id: 'user-guest', displayName: 'Guest', email: 'guest@emulator.test', tokens: ['emulator-guest'], roles: { [ORG]: null } },
  ],
  spaces: [
    {
      id: 'space-rich',
      organization: ORG,
      title: 'Rich space',
      emoji: '1f4da',
      pages: [
        { title: 'Home', slug: 'home', description: 'The start', markdown: '# Home\n', pages: [{ title: 'Deep', description: 'Below', markdown: '# Deep\n' }] },
        { title: 'Other', markdown: '# Other\n\nSee [Home](home.md).\n' },
      ],
    },
    { id: 'space-api', organization: ORG, title: 'API', pages: [{ title: 'Overview', markdown: '# Overview\n' }] },
  ],
  sites: [{ id: 'site-rich', organization: ORG, title: 'Rich site', visibility: 'unlisted', spaces: ['space-rich', 'space-api'] }],
};

/** Concrete paths for a route pattern: every parameter replaced, the organization by `org`. */
function concrete(url: string, org: string): string {
  return url
    .replace(':organizationId', org)
    .replace(/:(\w+)/g, 'missing-$1')
    .replace('*', 'missing/path');
}

async function errorPass(emulator: RunningEmulator, as: TokenRole | null, org: string): Promise<number[]> {
  const statuses: number[] = [];
  for (const route of emulator.routes) {
    const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
    const answer = await call(emulator, route.method, concrete(route.url, org), { as, body });
    statuses.push(answer.status);
  }
  return statuses;
}

function report(label: string, conformance: readonly OperationConformance[]): string {
  const lines = conformance.map((o) => {
    const statuses = Object.entries(o.statuses).map(([status, [checked, invalid]]) => `${status}:${checked}${invalid > 0 ? ` (${invalid} invalid)` : ''}`);
    return `  ${o.operationId}  ${statuses.join(' ')}`;
  });
  const checked = conformance.reduce((sum, o) => sum + Object.values(o.statuses).reduce((s, [c]) => s + c, 0), 0);
  const invalid = conformance.reduce((sum, o) => sum + Object.values(o.statuses).reduce((s, [, i]) => s + i, 0), 0);
  return [
    `emulator validity, ${label} (operation  status:answers checked):`,
    ...lines,
    `  total: ${conformance.length} operations, ${checked} answers, ${invalid} invalid`,
  ].join('\n');
}

describe.each([
  ['seed', 'built-in fixture', undefined, 'space-docs', 'site-docs'],
  ['seed', 'fixture with optional fields', RICH_FIXTURE, 'space-rich', 'site-rich'],
  ['current', 'built-in fixture', undefined, 'space-docs', 'site-docs'],
  ['current', 'fixture with optional fields', RICH_FIXTURE, 'space-rich', 'site-rich'],
] as const)('every answer of the emulator in %s mode is valid under its document (%s)', (mode, label, fixture, space, site) => {
  let emulator: RunningEmulator;
  let files: ByteServer;

  beforeAll(async () => {
    let fixtures: string | undefined;
    if (fixture !== undefined) {
      fixtures = path.join(await makeTempDir('docsync-walk-'), 'fixture.yaml');
      await writeFile(fixtures, stringify(fixture));
    }
    emulator = await startTestEmulator({ fixtures, contract: mode });
    files = await startByteServer();
  });

  afterAll(async () => {
    await files.close();
    await emulator.close();
    await removeTempDirs();
  });

  it('walks every implemented operation, then its error answers', async () => {
    await walkEveryOperation(emulator, files, space, site);
    const unauthenticated = await errorPass(emulator, null, ORG);
    expect(new Set(unauthenticated)).toEqual(new Set([401]));
    await errorPass(emulator, 'admin', ORG);
    await errorPass(emulator, 'guest', ORG);
    await errorPass(emulator, 'admin', 'missing-org');

    const conformance = emulator.conformance() ?? [];
    console.log(report(`${mode}, ${label}`, conformance));
    const invalid = conformance.flatMap((o) =>
      Object.entries(o.statuses)
        .filter(([, [, bad]]) => bad > 0)
        .map(([status]) => `${o.operationId} ${status}`),
    );
    expect(invalid).toEqual([]);

    const document = mode === 'seed' ? contract : currentContract;
    const implemented = new Set(emulator.routes.map((r) => document.operations.find(r.method, concrete(r.url, ORG).replace(/^\/v1/, ''))?.operationId));
    expect(implemented.has(undefined)).toBe(false);
    const answered = (test: (status: number) => boolean) =>
      new Set(conformance.filter((o) => Object.keys(o.statuses).map(Number).some(test)).map((o) => o.operationId));
    const succeeded = answered((status) => status < 300);
    const failed = answered((status) => status >= 400 && status < 500);
    expect([...implemented].filter((id) => !succeeded.has(id as string))).toEqual([]);
    expect([...implemented].filter((id) => !failed.has(id as string))).toEqual([]);
  });
});

it('answers a response that breaks the official schema with a 500 naming the operation', async () => {
  const emulator = await startTestEmulator({ contract: 'seed' });
  try {
    // A space whose visibility the official enum does not know: the serializer passes it through.
    const space = emulator.state.spaces.get('space-docs');
    if (space === undefined) throw new Error('no space-docs');
    space.visibility = 'everyone';
    const broken = await call(emulator, 'GET', `/v1/orgs/${ORG}/members/user-admin/spaces`);
    expect(broken.status).toBe(500);
    expect((broken.body as { error: { message: string } }).error.message).toMatch(
      /^The emulator's answer to listSpacesForOrganizationMember \(status 200\) breaks the official response schema: \/items\/\d+\/space\/visibility: must be equal to one of the allowed values/,
    );
    expect(emulator.conformance()?.find((o) => o.operationId === 'listSpacesForOrganizationMember')?.statuses['200']).toEqual([1, 1]);
  } finally {
    await emulator.close();
  }
});
