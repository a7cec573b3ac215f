/**
 * Plan and apply time of a site kept as code, and the API calls of a no-op plan.
 *
 * An in-process emulator holds 300 spaces. A manifest of 10 section groups × 10 sections × 3 site
 * spaces (100 sections, 300 site spaces), with share links and an adaptive schema, is applied to an
 * empty site; then a no-op plan, a no-op apply, and a drift of 10 edits found and undone.
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/site-plan-apply.js [sections] [spacesPerSection]
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { stringify } from 'yaml';
import { ApiClient } from '../src/api/api-client.js';
import { DEFAULT_FIXTURE } from '../src/emulator/fixtures/default-fixture.js';
import { startEmulator } from '../src/emulator/start-emulator.js';
import { silentLogger } from '../src/logging/logger.js';
import { applySitePlan } from '../src/site/apply-site-plan.js';
import { planSiteTarget, type SiteTargetSpec } from '../src/site/plan-site-target.js';
import { MemoryStateStore } from '../src/state/memory-state-store.js';

const SECTIONS = Number(process.argv[2] ?? 100);
const PER_SECTION = Number(process.argv[3] ?? 3);
const GROUP_SIZE = 10;
const ORG = 'org-emulator';

function manifest(siteId: string): string {
  const structure = [];
  for (let g = 0; g * GROUP_SIZE < SECTIONS; g++) {
    const children = [];
    for (let s = g * GROUP_SIZE; s < Math.min(SECTIONS, (g + 1) * GROUP_SIZE); s++) {
      const spaces = Array.from({ length: PER_SECTION }, (_, i) => ({
        type: 'space',
        key: `sp-${s}-${i}`,
        path: `v${i}`,
        spaceId: `space-${s * PER_SECTION + i}`,
        ...(i === PER_SECTION - 1 ? { default: true } : {}),
      }));
      children.push({ type: 'section', key: `sec-${s}`, title: `Section ${s}`, path: `section-${s}`, ...(s === 0 ? { default: true } : {}), children: spaces });
    }
    structure.push({ type: 'section-group', key: `grp-${g}`, title: `Group ${g}`, children });
  }
  const jsonSchema = {
    type: 'object',
    properties: {
      beta: { type: 'boolean', description: 'In the beta programme' },
      unsigned: {
        type: 'object',
        description: 'Unsigned claims of the site visitor.',
        properties: { dark: { type: 'boolean', description: 'Prefers a dark colour scheme' } },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
  return stringify({
    site: {
      organization: ORG,
      id: siteId,
      title: 'Bench site',
      visibility: 'share-link',
      adaptiveContent: { enabled: true, jsonSchema },
      shareLinks: [{ name: 'one' }, { name: 'two', active: false }],
      structure,
    },
  });
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await run();
  return [value, performance.now() - started];
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'docsync-bench-site-'));
  const spaces = [
    ...DEFAULT_FIXTURE.spaces,
    ...Array.from({ length: SECTIONS * PER_SECTION }, (_, i) => ({ id: `space-${i}`, organization: ORG, title: `Space ${i}`, pages: [] })),
  ];
  const fixtures = join(dir, 'fixture.yaml');
  await writeFile(fixtures, stringify({ ...DEFAULT_FIXTURE, spaces }));
  const emulator = await startEmulator({ contract: 'seed', fixtures });
  const api = new ApiClient({ endpoint: emulator.url, token: 'emulator-admin' });
  const deps = { api, state: new MemoryStateStore(), logger: silentLogger };
  try {
    const site = await api.sites.create(ORG, { title: 'Bench site' });
    const target: SiteTargetSpec = { manifest: join(dir, 'docs.yaml'), prune: false };
    await writeFile(target.manifest, manifest(site.id));
    const counts = () => emulator.stats();
    const row = (label: string, ms: number, calls: number, writes: number, actions: number): void => {
      process.stdout.write(
        `${label.padEnd(28)} ${ms.toFixed(0).padStart(7)} ms ${String(calls).padStart(6)} calls ${String(writes).padStart(6)} writes ${String(actions).padStart(5)} actions\n`,
      );
    };
    process.stdout.write(`site of ${SECTIONS} sections, ${SECTIONS * PER_SECTION} site spaces, ${Math.ceil(SECTIONS / GROUP_SIZE)} groups\n`);

    let before = counts();
    const [first, planMs] = await timed(() => planSiteTarget(deps, target));
    row('plan (empty site)', planMs, counts().total - before.total, counts().writes - before.writes, first.plan.actions.length);
    before = counts();
    const [, applyMs] = await timed(() => applySitePlan(deps, first.plan));
    row('apply (build the site)', applyMs, counts().total - before.total, counts().writes - before.writes, first.plan.actions.length);

    before = counts();
    const [noop, noopMs] = await timed(() => planSiteTarget(deps, target));
    row('plan (no-op)', noopMs, counts().total - before.total, counts().writes - before.writes, noop.plan.actions.length);
    before = counts();
    const [, noopApplyMs] = await timed(() => applySitePlan(deps, noop.plan));
    row('apply (no-op)', noopApplyMs, counts().total - before.total, counts().writes - before.writes, noop.plan.actions.length);

    // Drift: ten sections renamed behind docsync's back.
    for (const section of noop.live?.sections.slice(0, 10) ?? []) {
      await api.sections.update({ orgId: ORG, siteId: site.id }, section.id, { title: `${section.title} (edited)` });
    }
    before = counts();
    const [drift, driftMs] = await timed(async () => {
      const { plan } = await planSiteTarget(deps, target);
      await applySitePlan(deps, plan);
      return plan;
    });
    row('plan + apply (10 drifted)', driftMs, counts().total - before.total, counts().writes - before.writes, drift.actions.length);
  } finally {
    await api.close();
    await emulator.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
