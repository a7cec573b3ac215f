import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractName } from '../../../src/api/contracts/api-contract.js';
import { loadConfig } from '../../../src/config/load-config.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { applySitePlan } from '../../../src/site/apply-site-plan.js';
import { SiteTitleError } from '../../../src/site/errors/site-title-error.js';
import { formatSitePlan } from '../../../src/site/format-site-plan.js';
import { planSiteTarget, type SiteTargetSpec } from '../../../src/site/plan-site-target.js';
import { readSiteParts } from '../../../src/site/read-live-site.js';
import { siteTargetOfConfig } from '../../../src/site/site-target-of-config.js';
import { ORG, call, json } from '../../support/emulator-harness.js';
import { emptySite, fullManifest, manifestTarget, siteDeps, startSiteEmulator, type SiteDeps } from '../../support/site-test-support.js';

async function live(deps: SiteDeps, siteId: string) {
  return readSiteParts(deps.api, ORG, await deps.api.sites.get({ orgId: ORG, siteId }));
}

/** Plans and applies; returns the plan's actions. */
async function apply(deps: SiteDeps, target: SiteTargetSpec) {
  const { plan } = await planSiteTarget(deps, target);
  await applySitePlan(deps, plan);
  return plan;
}

async function nothingLeft(deps: SiteDeps, target: SiteTargetSpec): Promise<void> {
  const { plan } = await planSiteTarget(deps, target);
  expect(plan.actions.map((a) => a.kind)).toEqual([]);
}

/** Two groups of one section each; `b` lives where `placeB` puts it. */
function groupsManifest(siteId: string, placeB: 'g2' | 'g1' | 'top'): string {
  const b = `{ type: section, key: b, title: Section B, path: b, children: [{ type: space, key: b1, path: b1, spaceId: space-2 }] }`;
  return `site:
  organization: ${ORG}
  id: ${siteId}
  title: Moves
  structure:
    - type: section-group
      key: g1
      title: Group one
      children:
        - { type: section, key: a, title: Section A, path: a, default: true, children: [{ type: space, key: a1, path: a1, spaceId: space-1 }] }
${placeB === 'g1' ? `        - ${b}\n` : ''}    - type: section-group
      key: g2
      title: Group two
      children:${placeB === 'g2' ? `\n        - ${b}` : ' []'}
${placeB === 'top' ? `    - ${b}\n` : ''}`;
}

describe.each<ContractName>(['seed', 'current'])('section moves between groups on the %s API', (contract) => {
  let emulator: RunningEmulator;
  let dir: string;
  beforeAll(async () => {
    ({ emulator, dir } = await startSiteEmulator(4, { contract }));
  });
  afterAll(() => emulator.close());

  it('moves a section into another group and out to the top level, each in one write', async () => {
    const deps = siteDeps(emulator);
    const siteId = await emptySite(emulator, `Moves ${contract}`);
    await apply(deps, await manifestTarget(dir, groupsManifest(siteId, 'g2')));
    for (const place of ['g1', 'top'] as const) {
      const target = await manifestTarget(dir, groupsManifest(siteId, place));
      // The stats' route entries are live objects: read the counts before applying.
      const patches = (): number =>
        emulator.stats().routes.find((r) => r.method === 'PATCH' && r.route.endsWith('/sections/:siteSectionId') && r.status === 200)?.count ?? 0;
      const writesBefore = emulator.stats().writes;
      const patchesBefore = patches();
      const plan = await apply(deps, target);
      expect(plan.actions.map((a) => a.kind)).toEqual([place === 'top' ? 'remove-section-from-group' : 'add-section-to-group']);
      expect(emulator.stats().writes - writesBefore).toBe(1);
      // Today's API has no addSectionToGroup / removeSectionFromGroup: the section's PATCH carries the group.
      expect(patches() - patchesBefore).toBe(contract === 'current' ? 1 : 0);
      const site = await live(deps, siteId);
      const [g1] = site.groups.filter((g) => g.title === 'Group one');
      expect(site.sections.find((s) => s.path === 'b')?.sectionGroup).toBe(place === 'g1' ? g1?.id : undefined);
      await nothingLeft(deps, target);
    }
  });
});

describe("sites on today's API", () => {
  let emulator: RunningEmulator;
  let dir: string;
  beforeAll(async () => {
    ({ emulator, dir } = await startSiteEmulator(8, { contract: 'current' }));
  });
  afterAll(() => emulator.close());

  it('builds the full manifest; agentsContext, which the API no longer has, is noted once and never planned', async () => {
    const deps = siteDeps(emulator);
    const siteId = await emptySite(emulator, 'Full on today');
    const target = await manifestTarget(dir, fullManifest(siteId));
    const { plan } = await planSiteTarget(deps, target);
    expect(plan.notes.filter((n) => n.includes('agentsContext'))).toHaveLength(1);
    expect(plan.actions.filter((a) => a.kind === 'update-site' && 'agentsContext' in a.body)).toEqual([]);
    await applySitePlan(deps, plan);
    const again = await planSiteTarget(deps, target);
    expect(again.plan.actions).toEqual([]);
    expect(again.plan.notes.filter((n) => n.includes('agentsContext'))).toHaveLength(1);
    expect((await live(deps, siteId)).groups.map((g) => g.title)).toEqual(['Product', 'Community']);
  });

  it('creates a site whose answer has no agentsContext, and drops the field from the settings it then sets', async () => {
    const deps = siteDeps(emulator);
    const target = await manifestTarget(
      dir,
      fullManifest('unused', (t) => t.replace(/ {2}id: unused\n/, '').replace('Built from a manifest', 'Created on today')),
    );
    await apply(deps, target);
    await nothingLeft(deps, target);
  });

  const linksManifest = (siteId: string, edit: (text: string) => string = (t) => t): string =>
    edit(`site:
  organization: ${ORG}
  id: ${siteId}
  title: Links
  structure:
    - { type: section, key: home, title: Home, path: home, default: true, children: [{ type: space, key: home-docs, path: docs, spaceId: space-1 }] }
    - type: external-link
      key: status
      title: Status page
      url: https://status.example.com/
      description: Is it up?
    - type: section-group
      key: more
      title: More
      children:
        - { type: section, key: guides, title: Guides, path: guides, children: [{ type: space, key: guides-docs, path: docs, spaceId: space-2 }] }
        - { type: external-link, key: blog, title: Blog, url: "https://blog.example.com/", icon: pen }
`);

  it('creates external links at the root and in a group, then updates and moves them by key', async () => {
    const deps = siteDeps(emulator);
    const siteId = await emptySite(emulator, 'Links');
    const target = await manifestTarget(dir, linksManifest(siteId));
    const plan = await apply(deps, target);
    expect(plan.actions.filter((a) => a.kind === 'create-external-link')).toHaveLength(2);
    let site = await live(deps, siteId);
    const more = site.groups.find((g) => g.title === 'More');
    const byTitle = site.externalLinks
      .map((l) => [l.title, l.url, l.description, l.icon, l.sectionGroup])
      .sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    expect(byTitle).toEqual([
      ['Blog', 'https://blog.example.com/', undefined, 'pen', more?.id],
      ['Status page', 'https://status.example.com/', 'Is it up?', undefined, undefined],
    ]);
    await nothingLeft(deps, target);

    // The blog link is renamed and moved to the root; the status link loses its description.
    const edited = await manifestTarget(
      dir,
      linksManifest(siteId, (t) =>
        t
          .replace('      description: Is it up?\n', '')
          .replace('        - { type: external-link, key: blog, title: Blog, url: "https://blog.example.com/", icon: pen }\n', '')
          .concat('    - { type: external-link, key: blog, title: Our blog, url: "https://blog.example.com/", icon: pen }\n'),
      ),
    );
    const changes = await apply(deps, edited);
    expect(changes.actions.map((a) => a.kind).sort()).toEqual(['move-external-link', 'update-external-link', 'update-external-link']);
    site = await live(deps, siteId);
    expect(site.externalLinks.map((l) => [l.title, l.description, l.sectionGroup]).sort()).toEqual([
      ['Our blog', undefined, undefined],
      ['Status page', undefined, undefined],
    ]);
    await nothingLeft(deps, edited);
  });

  it('loads a site title the API cannot hold, notes it in the plan, and stops apply on it before any write', async () => {
    const deps = siteDeps(emulator);
    const siteId = await emptySite(emulator, 'Short title');
    const target = await manifestTarget(
      dir,
      linksManifest(siteId, (t) => t.replace('  title: Links\n', '  title: L\n')),
    );
    const { plan } = await planSiteTarget(deps, target);
    expect(plan.notes.filter((n) => n.startsWith('site.title is 1 character(s) long'))).toHaveLength(1);
    expect(plan.actions.some((a) => a.kind === 'update-site' && a.body.title === 'L')).toBe(true);
    const before = emulator.stats().writes;
    const refused = applySitePlan(deps, plan);
    await expect(refused).rejects.toBeInstanceOf(SiteTitleError);
    await expect(refused).rejects.toThrow(/site\.title .*2 to 128.*nothing was written/);
    expect(emulator.stats().writes).toBe(before);
  });

  it('answers a deleted external link 205 and one that does not exist 204, and takes an empty condition', async () => {
    const siteId = await emptySite(emulator, 'Link answers');
    await apply(siteDeps(emulator), await manifestTarget(dir, linksManifest(siteId)));
    const links = `/v1/orgs/${ORG}/sites/${siteId}/external-links`;
    const made = await call(emulator, 'POST', links, { body: { title: 'Forum', url: 'https://forum.example.com/', condition: '' } });
    expect(made.status).toBe(201);
    expect(json(made.body).condition).toBe('');
    expect((await call(emulator, 'DELETE', `${links}/${json(made.body).id}`)).status).toBe(205);
    expect((await call(emulator, 'DELETE', `${links}/${json(made.body).id}`)).status).toBe(204);
    expect((await call(emulator, 'DELETE', `/v1/orgs/${ORG}/sites/no-such-site/external-links/x`)).status).toBe(404);
    const section = (await siteDeps(emulator).api.sections.list({ orgId: ORG, siteId }).all())[0];
    const patched = await call(emulator, 'PATCH', `/v1/orgs/${ORG}/sites/${siteId}/sections/${section?.id ?? ''}`, { body: { condition: '' } });
    expect(patched.status).toBe(200);
  });

  it('shows an external link it does not manage, keeps it, and deletes it only with prune', async () => {
    const deps = siteDeps(emulator);
    const siteId = await emptySite(emulator, 'Kept links');
    await apply(deps, await manifestTarget(dir, linksManifest(siteId)));
    const made = await call(emulator, 'POST', `/v1/orgs/${ORG}/sites/${siteId}/external-links`, {
      body: { title: 'Community', url: 'https://forum.example.com/' },
    });
    expect(made.status).toBe(201);
    const target = await manifestTarget(dir, linksManifest(siteId));
    const { plan } = await planSiteTarget(deps, target);
    expect(plan.actions).toEqual([]);
    expect(plan.unmanaged).toEqual([{ kind: 'external-link', id: json(made.body).id, label: '"Community" (https://forum.example.com/) at the root' }]);
    expect(formatSitePlan(plan)).toContain('? external-link "Community" (https://forum.example.com/) at the root');
    await applySitePlan(deps, plan);
    expect((await live(deps, siteId)).externalLinks).toHaveLength(3);

    const pruning = await planSiteTarget(deps, { ...target, prune: true });
    expect(pruning.plan.actions.map((a) => a.kind)).toEqual(['delete-external-link']);
    await applySitePlan(deps, pruning.plan);
    expect((await live(deps, siteId)).externalLinks.map((l) => l.title).sort()).toEqual(['Blog', 'Status page']);
  });

  it('finds a plain gitbook-docs.yaml beside docsync.yaml, with space ids from the spaces targets that sync its directories', async () => {
    const deps = siteDeps(emulator);
    const siteId = await emptySite(emulator, 'From Git Sync');
    const repo = join(dir, 'repo');
    await mkdir(join(repo, 'docs', 'guides'), { recursive: true });
    await mkdir(join(repo, 'docs', 'api'), { recursive: true });
    await writeFile(
      join(repo, 'docsync.yaml'),
      `api:\n  endpoint: ${emulator.url}\nspaces:\n  - { name: guides, directory: docs/guides, spaceId: space-3 }\n  - { name: api, directory: docs/api, spaceId: space-4 }\nsite:\n  organization: ${ORG}\n  id: ${siteId}\n`,
    );
    await writeFile(
      join(repo, 'gitbook-docs.yaml'),
      `version: 1
site:
  title: From Git Sync
  structure:
    - type: section
      key: section-product
      title: Product
      path: product
      default: true
      localizedTitle: { fr: Produit }
      children:
        - { type: space, key: space-guides, title: Guides, path: guides, default: true, content: { directory: ./docs/guides, language: en } }
        - { type: space, key: space-api, title: API, path: api, condition: "", content: { directory: /docs/api } }
    - { type: external-link, key: link-status, title: Status, url: "https://status.example.com/" }
`,
    );
    const target = siteTargetOfConfig(await loadConfig(join(repo, 'docsync.yaml'), {}));
    expect(target?.manifest).toBe(join(repo, 'gitbook-docs.yaml'));
    if (target === undefined) throw new Error('no site target');
    await apply(deps, target);
    const site = await live(deps, siteId);
    expect(site.siteSpaces.map((s) => [s.path, s.space.id, s.condition])).toEqual([
      ['guides', 'space-3', undefined],
      ['api', 'space-4', undefined],
    ]);
    expect(site.externalLinks.map((l) => l.title)).toEqual(['Status']);
    await nothingLeft(deps, target);
  });
});

describe("external links on the seed's API", () => {
  it('are noted as missing from this API and left out of the plan', async () => {
    const { emulator, dir } = await startSiteEmulator(2, { contract: 'seed' });
    try {
      const deps = siteDeps(emulator);
      const siteId = await emptySite(emulator, 'Seed links');
      const target = await manifestTarget(
        dir,
        `site:\n  organization: ${ORG}\n  id: ${siteId}\n  title: Seed links\n  structure:\n    - { type: section, key: s, title: Section, path: s, children: [{ type: space, key: s1, path: s1, spaceId: space-1 }] }\n    - { type: external-link, key: status, title: Status, url: "https://status.example.com/" }\n`,
      );
      const plan = await apply(deps, target);
      expect(plan.actions.map((a) => a.kind)).toEqual(['create-section']);
      expect(plan.notes.join('\n')).toContain(`has no external links: "status" left out`);
      await nothingLeft(deps, target);
      // The seed's Condition needs a character, where today's Expression may be empty.
      const section = (await deps.api.sections.list({ orgId: ORG, siteId }).all())[0];
      const patched = await call(emulator, 'PATCH', `/v1/orgs/${ORG}/sites/${siteId}/sections/${section?.id ?? ''}`, { body: { condition: '' } });
      expect(patched.status).toBe(400);
      expect(json(patched.body).error.message).toContain('"condition"');
    } finally {
      await emulator.close();
    }
  });
});
