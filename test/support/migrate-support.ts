import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { zipSync } from 'fflate';
import { stringify } from 'yaml';
import type { DocsyncConfig } from '../../src/config/config-schema.js';
import { DocsyncConfigSchema } from '../../src/config/config-schema.js';
import type { LoadedConfig } from '../../src/config/load-config.js';
import { DEFAULT_FIXTURE } from '../../src/emulator/fixtures/default-fixture.js';
import type { EmulatorOptionsInput } from '../../src/emulator/emulator-options.js';
import type { ContractName } from '../../src/api/contracts/api-contract.js';
import type { RunningEmulator } from '../../src/emulator/start-emulator.js';
import { silentLogger } from '../../src/logging/logger.js';
import { buildReport, type MigrationReport } from '../../src/migrate/migration-report.js';
import { migrateItemProcessor } from '../../src/migrate/migrate-item-processor.js';
import { announcedLimit, openMigration, type MigrationRuntime } from '../../src/runtime/open-migration.js';
import type { MigrationPlan } from '../../src/migrate/plan-schema.js';
import { RunLedger } from '../../src/migrate/run-ledger.js';
import { runMigration, type MigrationEvent } from '../../src/migrate/run-migration.js';
import { MemoryStateStore } from '../../src/state/memory-state-store.js';
import type { StateStore } from '../../src/state/state-store.js';
import type { ByteServer } from './byte-server.js';
import { startTestEmulator } from './emulator-harness.js';
import { git, makeTempDir, writeTree } from './temp-tree.js';

export const ORG = 'org-emulator';

/** Target spaces `target-001` … and source spaces `source-01` … (with pages) added to the default fixture. */
export async function startMigrationEmulator(
  targets: number,
  options: EmulatorOptionsInput & { readonly contract: ContractName },
  sources = 4,
): Promise<RunningEmulator> {
  const dir = await makeTempDir('docsync-migrate-fixture-');
  const file = path.join(dir, 'fixture.yaml');
  const fixture = {
    ...DEFAULT_FIXTURE,
    spaces: [
      ...DEFAULT_FIXTURE.spaces,
      ...Array.from({ length: targets }, (_, i) => ({
        id: targetSpace(i),
        organization: ORG,
        title: `Target ${i + 1}`,
        pages: [{ title: 'Placeholder', slug: 'placeholder', markdown: '# Placeholder\n' }],
      })),
      ...Array.from({ length: sources }, (_, i) => ({
        id: sourceSpace(i),
        organization: ORG,
        title: `Source ${i + 1}`,
        pages: [
          { title: 'Welcome', slug: 'welcome', markdown: `# Welcome ${i}\n\nOld docs ${i}.\n` },
          { title: 'Guide', slug: 'guide', markdown: '# Guide\n', pages: [{ title: 'Setup', slug: 'setup', markdown: `# Setup\n\nStep ${i}.\n` }] },
        ],
      })),
    ],
  };
  await writeFile(file, stringify(fixture));
  return startTestEmulator({ fixtures: file, ...options });
}

export const targetSpace = (i: number): string => `target-${String(i + 1).padStart(3, '0')}`;
export const sourceSpace = (i: number): string => `source-${String(i + 1).padStart(2, '0')}`;

/** A small GitBook-format repo: README, SUMMARY with a group, `pages` content pages. */
export function docsFiles(name: string, pages: number): Record<string, string> {
  const files: Record<string, string> = {
    '.gitbook.yaml': 'root: ./\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n',
    'README.md': `# ${name}\n\nDocs of ${name}.\n`,
  };
  const summary = ['# Table of contents', '', '* [Introduction](README.md)', '', '## Guides', ''];
  for (let i = 0; i < pages; i++) {
    files[`guides/page-${i}.md`] = `---\ndescription: Page ${i} of ${name}\n---\n# Page ${i}\n\n{% hint style="info" %}\n${name} ${i}\n{% endhint %}\n`;
    summary.push(`* [Page ${i}](guides/page-${i}.md)`);
  }
  files['SUMMARY.md'] = `${summary.join('\n')}\n`;
  return files;
}

export async function docsFolder(root: string, name: string, pages: number): Promise<string> {
  const dir = path.join(root, name);
  await writeTree(dir, docsFiles(name, pages));
  return dir;
}

/** A git repository holding docs under `docs/`, committed on `main` with a `v1` tag, then edited on main. */
export async function docsRepository(root: string, name: string, pages: number): Promise<string> {
  const dir = path.join(root, name);
  await writeTree(dir, Object.fromEntries(Object.entries(docsFiles(name, pages)).map(([file, text]) => [`docs/${file}`, text])));
  await writeTree(dir, { 'package.json': '{}\n' });
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', `Docs of ${name}`);
  git(dir, 'tag', 'v1');
  await writeTree(dir, { 'docs/README.md': `# ${name}\n\nNewer docs of ${name}.\n` });
  git(dir, 'commit', '-q', '-am', 'Edit the readme');
  return dir;
}

/** A zip of a docs repo as GitHub serves an archive: everything inside one top folder. */
export function docsZip(name: string, pages: number): Uint8Array {
  const encoder = new TextEncoder();
  return zipSync(Object.fromEntries(Object.entries(docsFiles(name, pages)).map(([file, text]) => [`${name}-main/${file}`, encoder.encode(text)])));
}

export type SourceMix = 'folder' | 'git' | 'git-ref' | 'zip' | 'markdown' | 'website' | 'space';
export const MIX: readonly SourceMix[] = ['folder', 'git', 'zip', 'markdown', 'website', 'space', 'git-ref', 'folder', 'zip', 'git'];

/**
 * Writes a plan of `count` items cycling through every source kind into `target-NNN` spaces, with
 * the sources it needs (folders, repositories, files on the byte server). Every third change-request
 * item is merged; every fifth item is direct.
 */
export async function writeMixedPlan(dir: string, server: ByteServer, count: number, pages = 3): Promise<{ file: string; kinds: SourceMix[] }> {
  const items: Record<string, unknown>[] = [];
  const kinds: SourceMix[] = [];
  const repos = new Map<number, string>();
  for (let i = 0; i < count; i++) {
    const kind = MIX[i % MIX.length] ?? 'folder';
    kinds.push(kind);
    const name = `set-${String(i + 1).padStart(3, '0')}`;
    let source: unknown;
    switch (kind) {
      case 'folder':
        source = `./sources/${name}`;
        await docsFolder(path.join(dir, 'sources'), name, pages);
        break;
      case 'git':
      case 'git-ref': {
        // A few repositories shared by several items: one clone each.
        const repoIndex = i % 3;
        let repo = repos.get(repoIndex);
        if (repo === undefined) {
          repo = await docsRepository(path.join(dir, 'repos'), `repo-${repoIndex}`, pages);
          repos.set(repoIndex, repo);
        }
        source = kind === 'git' ? { git: repo, subfolder: 'docs' } : { git: repo, ref: 'v1', subfolder: 'docs' };
        break;
      }
      case 'zip':
        server.set(`/zips/${name}.zip`, docsZip(name, pages), 'application/zip');
        source = server.url(`/zips/${name}.zip`);
        break;
      case 'markdown':
        server.set(`/md/${name}.md`, `---\ndescription: ${name}\n---\n# Notes of ${name}\n\nText.\n`, 'text/markdown');
        source = server.url(`/md/${name}.md`);
        break;
      case 'website':
        server.set(`/site/${name}/`, `<html><head><title>Site ${name}</title></head><body><h1>${name}</h1><p>Hello.</p></body></html>`, 'text/html');
        source = { website: server.url(`/site/${name}/`) };
        break;
      case 'space':
        source = `space:${sourceSpace(i % 4)}`;
        break;
    }
    const item: Record<string, unknown> = { id: name, source, space: targetSpace(i) };
    if (i % 5 === 4) item.mode = 'direct';
    else if (i % 3 === 0) item.merge = true;
    items.push(item);
  }
  const file = path.join(dir, 'plan.yaml');
  await writeFile(file, stringify({ defaults: { mode: 'change-request' }, items }));
  return { file, kinds };
}

/** A loaded configuration pointing at the emulator, rooted at `dir` (cache and state under it). */
export function migrationConfig(emulator: RunningEmulator, dir: string, extra: Partial<DocsyncConfig> = {}): LoadedConfig {
  const config = DocsyncConfigSchema.parse({ api: { endpoint: emulator.url, token: 'emulator-admin', timeout: '10s' }, ...extra });
  return { config, file: path.join(dir, 'docsync.yaml'), baseDir: dir };
}

export interface InlineRun {
  report: MigrationReport;
  events: MigrationEvent[];
}

/** One inline run of a plan, like `docsync migrate` without the CLI: the report and the events. */
export async function runInlinePlan(
  emulator: RunningEmulator,
  dir: string,
  plan: MigrationPlan,
  runId: string,
  options: { state?: StateStore; signal?: AbortSignal; concurrency?: number; onEvent?: (event: MigrationEvent) => void } = {},
): Promise<InlineRun> {
  const runtime: MigrationRuntime = await openMigration({
    loaded: migrationConfig(emulator, dir),
    logger: silentLogger,
    state: options.state ?? new MemoryStateStore(),
    env: {},
  });
  const events: MigrationEvent[] = [];
  try {
    const outcome = await runMigration(
      {
        processor: migrateItemProcessor(runtime.processorDeps),
        ledger: new RunLedger(runtime.state, runId),
        logger: silentLogger,
        meter: runtime.meter,
        rateLimit: announcedLimit(runtime.api.rateBudget),
      },
      plan,
      {
        concurrency: options.concurrency ?? 8,
        signal: options.signal,
        backoffMs: 50,
        onEvent: (event) => {
          events.push(event);
          options.onEvent?.(event);
        },
      },
    );
    return { report: buildReport(plan.file, outcome), events };
  } finally {
    await runtime.close();
  }
}

/** Imports the emulator applied to a space: revisions with one parent (merges have two, fixtures none). */
export function importsInto(emulator: RunningEmulator, spaceId: string): number {
  return [...emulator.state.revisions.values()].filter((revision) => revision.space === spaceId && revision.parents.length === 1).length;
}

export function changeRequestsIn(emulator: RunningEmulator, spaceId: string): number {
  return [...emulator.state.changeRequests.values()].filter((cr) => cr.space === spaceId).length;
}
