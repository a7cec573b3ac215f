import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { applySitePlan } from '../../../src/site/apply-site-plan.js';
import { SiteApplyError } from '../../../src/site/errors/site-apply-error.js';
import { planSiteTarget, type SiteTargetSpec } from '../../../src/site/plan-site-target.js';
import { readSiteParts } from '../../../src/site/read-live-site.js';
import { reconcileSite } from '../../../src/site/reconcile-site.js';
import { formatSitePlan, sitePlanJson } from '../../../src/site/format-site-plan.js';
import { shareLinkUrls } from '../../../src/site/share-link-urls.js';
import { MemoryStateStore } from '../../../src/state/memory-state-store.js';
import { ORG, call, json } from '../../support/emulator-harness.js';
import { emptySite, fullManifest, manifestTarget, siteDeps, startSiteEmulator, type SiteDeps } from '../../support/site-test-support.js';

let emulator: RunningEmulator;
let dir: string;

beforeAll(async () => {
  ({ emulator, dir } = await startSiteEmulator(8, { contract: 'seed' }));
});
afterAll(async () => {
  await emulator.close();
});

async function live(deps: SiteDeps, siteId: string) {
  return readSiteParts(deps.api, ORG, await deps.api.sites.get({ orgId: ORG, siteId }));
}

/** Plans and applies; returns the emulator's write count for the apply alone. */
async function apply(deps: SiteDeps, target: SiteTargetSpec): Promise<{ actions: number; writes: number }> {
  const { plan } = await planSiteTarget(deps, target);
  const before = emulator.stats().writes;
  const result = await applySitePlan(deps, plan);
  const writes = emulator.stats().writes - before;
  expect(result.writes).toBe(writes);
  return { actions: plan.actions.length, writes };
}

describe('site apply against the emulator', () => {
  it('builds an empty site from a manifest, and a second apply makes zero writes', async () => {
    const deps = siteDeps(emulator);
    const siteId = await emptySite(emulator);
    const target = await manifestTarget(dir, fullManifest(siteId));
    const first = await apply(deps, target);
    expect(first.writes).toBeGreaterThan(first.actions - 1);

    const site = await live(deps, siteId);
    expect(site.site).toMatchObject({
      title: 'Built from a manifest',
      visibility: 'share-link',
      basename: 'handbook',
      agentsContext: 'excluded',
      adaptiveContent: { enabled: true },
    });
    expect(site.site.proxy?.origin).toBe('www.example.com/docs');
    expect(site.groups.map((g) => [g.title, g.icon, g.sections.map((s) => s.path)])).toEqual([
      ['Product', 'box', ['guides', 'api']],
      ['Community', undefined, ['beta', 'blog']],
    ]);
    const guides = site.sections.find((s) => s.path === 'guides');
    expect(guides).toMatchObject({ title: 'Guides', description: 'How to install and run it.', icon: 'book', default: false });
    expect(guides?.siteSpaces.map((s) => [s.path, s.space.id, s.default, s.condition])).toEqual([
      ['v2', 'space-1', false, undefined],
      ['v1', 'space-2', true, 'visitor.claims.unsigned.darkMode === true'],
    ]);
    expect(site.sections.find((s) => s.path === 'api')).toMatchObject({ default: true, siteSpaces: [{ path: 'reference', space: { id: 'space-api' } }] });
    expect(site.sections.find((s) => s.path === 'beta')?.condition).toBe('visitor.claims.isBeta === true');
    expect(site.siteSpaces).toHaveLength(6);
    expect(site.shareLinks.map((l) => [l.name, l.active])).toEqual([
      ['partners', true],
      ['auditors', false],
    ]);
    expect(site.adaptiveSchema.properties).toHaveProperty('isBeta', { type: 'boolean', description: 'In the beta programme' });

    const readsBefore = emulator.stats().total;
    const second = await apply(deps, target);
    expect(second).toEqual({ actions: 0, writes: 0 });
    // A no-op plan and apply: the site, its structure in one read, its share links and adaptive schema.
    expect(emulator.stats().total - readsBefore).toBe(4);
  });

  it('finds an edit made behind its back and undoes it', async () => {
    const deps = siteDeps(emulator);
    const siteId = await emptySite(emulator);
    const target = await manifestTarget(dir, fullManifest(siteId));
    await apply(deps, target);
    const site = await live(deps, siteId);
    const base = `/v1/orgs/${ORG}/sites/${siteId}`;
    const guides = site.sections.find((s) => s.path === 'guides')!;
    const partners = site.shareLinks.find((l) => l.name === 'partners')!;
    for (const [method, path, body] of [
      ['PATCH', `/sections/${guides.id}`, { title: 'Renamed in the app', condition: 'visitor.claims.isBeta === false' }],
      ['PATCH', `/share-links/${partners.id}`, { active: false }],
      ['PATCH', '', { visibility: 'public' }],
      ['PATCH', `/site-spaces/${guides.siteSpaces[0]!.id}`, { path: 'moved' }],
    ] as const) {
      expect((await call(emulator, method, `${base}${path}`, { body })).status).toBe(200);
    }

    const { plan } = await planSiteTarget(deps, target);
    expect(plan.actions.map((a) => a.kind)).toEqual(['update-site', 'update-section', 'update-site-space', 'update-share-link']);
    const result = await reconcileSite(deps, target);
    expect(result.drift).toBe(4);
    const after = await live(deps, siteId);
    expect(after.site.visibility).toBe('share-link');
    const restored = after.sections.find((s) => s.id === guides.id);
    expect(restored?.title).toBe('Guides');
    expect(restored?.condition).toBeUndefined();
    expect((await planSiteTarget(deps, target)).plan.actions).toEqual([]);
  });

  it('updates a section renamed by key instead of recreating it', async () => {
    const deps = siteDeps(emulator);
    const siteId = await emptySite(emulator);
    await apply(deps, await manifestTarget(dir, fullManifest(siteId)));
    const before = (await live(deps, siteId)).sections.find((s) => s.path === 'guides')!;
    const renamed = await manifestTarget(
      dir,
      fullManifest(siteId, (t) => t.replace('title: Guides\n          path: guides', 'title: User guides\n          path: user-guides')),
    );
    const { plan } = await planSiteTarget(deps, renamed);
    expect(plan.actions).toMatchObject([{ kind: 'update-section', id: before.id, body: { title: 'User guides', path: 'user-guides' } }]);
    await apply(deps, renamed);
    const after = (await live(deps, siteId)).sections.find((s) => s.id === before.id);
    expect(after).toMatchObject({ title: 'User guides', path: 'user-guides' });
    expect(after?.siteSpaces.map((s) => s.id)).toEqual(before.siteSpaces.map((s) => s.id));
  });

  it('leaves unmanaged objects without prune and removes them with it', async () => {
    const deps = siteDeps(emulator);
    const siteId = await emptySite(emulator);
    await apply(deps, await manifestTarget(dir, fullManifest(siteId)));
    const base = `/v1/orgs/${ORG}/sites/${siteId}`;
    const foreign = json((await call(emulator, 'POST', `${base}/sections`, { body: { spaceId: 'space-6', title: 'Made in the app' } })).body);
    await call(emulator, 'POST', `${base}/share-links`, { body: { name: 'ad hoc' } });
    await call(emulator, 'POST', `${base}/section-groups`, { body: { title: 'Stray group' } });

    const kept = await apply(deps, await manifestTarget(dir, fullManifest(siteId)));
    expect(kept).toEqual({ actions: 0, writes: 0 });
    const { plan } = await planSiteTarget(deps, await manifestTarget(dir, fullManifest(siteId)));
    expect(plan.unmanaged.map((u) => u.kind).sort()).toEqual(['section', 'section-group', 'share-link']);
    expect((await live(deps, siteId)).sections.some((s) => s.id === foreign.id)).toBe(true);

    const pruned = await apply(deps, await manifestTarget(dir, fullManifest(siteId), true));
    expect(pruned).toEqual({ actions: 3, writes: 3 });
    const after = await live(deps, siteId);
    expect(after.sections).toHaveLength(4);
    expect(after.groups).toHaveLength(2);
    expect(after.shareLinks).toHaveLength(2);
  });

  it('stops at a failing action and lets the next plan finish without duplicates', async () => {
    const deps = siteDeps(emulator);
    const siteId = await emptySite(emulator);
    const broken = await manifestTarget(
      dir,
      fullManifest(siteId, (t) => t.replace('spaceId: space-5', 'spaceId: space-nowhere')),
    );
    const error = await applySitePlan(deps, (await planSiteTarget(deps, broken)).plan).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteApplyError);
    expect((error as SiteApplyError).description).toContain('space-nowhere');

    const fixed = await manifestTarget(dir, fullManifest(siteId));
    const { plan } = await planSiteTarget(deps, fixed);
    expect(plan.actions.some((a) => a.kind === 'create-section' && a.key === 'guides')).toBe(false);
    await apply(deps, fixed);
    const after = await live(deps, siteId);
    expect(after.sections.map((s) => s.path).sort()).toEqual(['api', 'beta', 'blog', 'guides']);
    expect(after.siteSpaces).toHaveLength(6);
    expect((await apply(deps, fixed)).writes).toBe(0);
  });

  it('creates the site when the manifest names none, and finds it by title the next time', async () => {
    const deps = siteDeps(emulator);
    const text = fullManifest('x', (t) => t.replace(/ {2}id: x\n/, '').replace('title: Built from a manifest', 'title: Brand new site'));
    const target = await manifestTarget(dir, text);
    const { plan } = await planSiteTarget(deps, target);
    expect(plan.actions[0]).toMatchObject({ kind: 'create-site', title: 'Brand new site' });
    await apply(deps, target);
    expect(await apply(deps, target)).toEqual({ actions: 0, writes: 0 });
  });
  it('recognises its site with the state store lost, by path and title', async () => {
    const deps = siteDeps(emulator);
    const siteId = await emptySite(emulator);
    const target = await manifestTarget(dir, fullManifest(siteId));
    await apply(deps, target);
    const amnesiac = { ...deps, state: new MemoryStateStore() };
    expect(await apply(amnesiac, target)).toEqual({ actions: 0, writes: 0 });
    expect(Object.keys((await amnesiac.state.get(`site:${siteId}`))?.siteIds ?? {})).toHaveLength(14);
  });

  it('never puts share-link keys in plans or logs', async () => {
    const lines: string[] = [];
    const record = (fields: object, message?: string): void => void lines.push(JSON.stringify(fields) + (message ?? ''));
    const deps = { ...siteDeps(emulator), logger: { debug: record, info: record, warn: record, error: record } };
    const siteId = await emptySite(emulator);
    const target = await manifestTarget(dir, fullManifest(siteId));
    const { plan } = await reconcileSite(deps, target);
    const urls = await shareLinkUrls(deps.api, { orgId: ORG, siteId });
    const keys = urls.map((u) => new URL(u.url ?? 'x:').searchParams.get('share') ?? 'missing');
    expect(keys.every((k) => k.length > 10)).toBe(true);
    await call(emulator, 'PATCH', `/v1/orgs/${ORG}/sites/${siteId}/share-links/${(await live(deps, siteId)).shareLinks[0]!.id}`, { body: { active: false } });
    const { plan: drift } = await reconcileSite(deps, target);
    const shown = [...lines, sitePlanJson(plan), formatSitePlan(plan), sitePlanJson(drift), JSON.stringify(drift)].join('\n');
    for (const key of keys) expect(shown).not.toContain(key);
    expect(shown).not.toContain('share=');
  });
});
