import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import type { PageNode } from '../../../src/content/gitbook/docs-snapshot.js';
import { readDocsRepo } from '../../../src/content/read-docs-repo.js';
import { WorktreeSource } from '../../../src/content/git/worktree-source.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

interface LivePage {
  id: string;
  title: string;
  description?: string;
  type: string;
  git?: { path: string };
  pages?: LivePage[];
}

function stripFrontmatter(text: string): string {
  return text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
}

describe('space sync against the emulator', () => {
  it('syncs, merges, and the space pages match the files: titles, nesting, bodies, descriptions', async () => {
    const { dir, docs } = await exampleWorkspace();
    const report = await syncOnce(configFor(emulator, dir, { changeRequest: { autoMerge: true } }));
    expect(report.failures).toEqual([]);
    expect(report.results[0]).toMatchObject({ outcome: 'merged', changeRequest: { number: 1 } });
    // Where the time went: whole milliseconds per phase; phases never overlap, so they fit in the total.
    const timings = report.results[0]!.timings;
    expect(Object.keys(timings).sort()).toEqual(['apiMs', 'bundleMs', 'planMs', 'readMs', 'totalMs', 'uploadMs']);
    for (const ms of Object.values(timings)) expect(Number.isInteger(ms) && ms >= 0).toBe(true);
    expect(timings.readMs + timings.planMs + timings.bundleMs + timings.uploadMs + timings.apiMs).toBeLessThanOrEqual(timings.totalMs + 3);
    // A first sync reads the docs (for the proof a runner without state tries first): that is its read.
    expect(timings.readMs).toBeGreaterThan(0);

    const pages = json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/pages')).body).pages as LivePage[];
    // What arrived is what the reader read: SUMMARY groups become group pages holding their pages.
    const snapshot = await readDocsRepo(new WorktreeSource(docs));
    const titles = (list: LivePage[]): unknown[] => list.map((p) => (p.pages?.length ? [p.title, titles(p.pages)] : p.title));
    const local = (list: readonly PageNode[]): unknown[] => list.map((p) => (p.children.length ? [p.title, local(p.children)] : p.title));
    expect(titles(pages)).toEqual(snapshot.pages.flatMap((group) => (group.title === undefined ? local(group.pages) : [[group.title, local(group.pages)]])));
    expect(titles(pages)[1]).toEqual(['Getting started', ['Quickstart', 'Installation']]);

    const documents: LivePage[] = [];
    const collect = (list: LivePage[]): void => {
      for (const page of list) {
        if (page.git?.path) documents.push(page);
        collect(page.pages ?? []);
      }
    };
    collect(pages);
    expect(documents).toHaveLength(27);
    for (const page of documents) {
      const file = await readFile(join(docs, page.git!.path.replace(/^docs\//, '')), 'utf8');
      const full = json((await call(emulator, 'GET', `/v1/spaces/space-docs/content/page/${page.id}`)).body);
      expect(full.markdown.trim()).toBe(stripFrontmatter(file).trim());
      const description = /^---\r?\n[\s\S]*?description:\s*(.+)\r?\n[\s\S]*?---/.exec(file)?.[1];
      if (description) expect(page.description).toBe(description.trim());
    }
  });

  it('makes zero write calls when nothing changed', async () => {
    const { dir } = await exampleWorkspace();
    const loaded = configFor(emulator, dir);
    await syncOnce(loaded);
    const before = emulator.stats();
    const second = await syncOnce(loaded);
    expect(second.results[0]?.outcome).toBe('skipped');
    expect(second.results[0]?.timings).toMatchObject({ bundleMs: 0, uploadMs: 0, apiMs: 0 });
    expect(emulator.stats().writes).toBe(before.writes);
    expect(emulator.stats().total).toBe(before.total);
  });

  it('updates the same change request after a one-page edit, and finds it again when the state file is lost', async () => {
    const { dir, docs } = await exampleWorkspace();
    const loaded = configFor(emulator, dir);
    const first = await syncOnce(loaded);
    const number = first.results[0]?.changeRequest?.number;
    expect(first.results[0]?.outcome).toBe('created');

    await writeFile(join(docs, 'reference', 'cli.md'), '# CLI reference\n\nEdited.\n');
    const second = await syncOnce(loaded);
    expect(second.results[0]).toMatchObject({ outcome: 'updated', changeRequest: { number } });

    await rm(join(dir, '.docsync', 'state.json'));
    await writeFile(join(docs, 'reference', 'cli.md'), '# CLI reference\n\nEdited twice.\n');
    const third = await syncOnce(loaded);
    expect(third.results[0]).toMatchObject({ outcome: 'updated', changeRequest: { number } });
    const list = json((await call(emulator, 'GET', '/v1/spaces/space-docs/change-requests', { query: { status: 'draft' } })).body);
    const open = json((await call(emulator, 'GET', '/v1/spaces/space-docs/change-requests', { query: { status: 'open' } })).body);
    expect([...list.items, ...open.items]).toHaveLength(1);
    // Opened, not left a draft: a plain list (which the API filters to `open`) shows it.
    const plain = json((await call(emulator, 'GET', '/v1/spaces/space-docs/change-requests')).body);
    expect(plain.items).toMatchObject([{ number, status: 'open' }]);
  });

  it('opens for review the draft a run stopped before opening, as it fills it', async () => {
    const { dir } = await exampleWorkspace();
    // A run stopped between creating its change request (a draft) and opening it: no state, the draft left.
    const draft = json((await call(emulator, 'POST', '/v1/spaces/space-docs/change-requests', { body: { subject: 'Update docs [docsync:docs]' } })).body);
    expect(draft.status).toBe('draft');
    const report = await syncOnce(configFor(emulator, dir));
    expect(report.failures).toEqual([]);
    expect(report.results[0]).toMatchObject({ outcome: 'updated', changeRequest: { number: draft.number } });
    const plain = json((await call(emulator, 'GET', '/v1/spaces/space-docs/change-requests')).body);
    expect(plain.items).toMatchObject([{ id: draft.id, status: 'open' }]);
    expect(json((await call(emulator, 'GET', `/v1/spaces/space-docs/change-requests/${draft.id}/content/pages`)).body).pages.length).toBeGreaterThan(1);
  });

  it('a dry run plans, lists the pages it would add, change and remove versus live, and writes nothing', async () => {
    const { dir, docs } = await exampleWorkspace();
    const report = await syncOnce(configFor(emulator, dir), true);
    expect(report.results[0]?.outcome).toBe('planned');
    expect(report.results[0]?.plan.actions.map((a) => a.kind)).toEqual(['create-change-request', 'import']);
    // The fixture space was not synced from git: every local page is new, nothing is matched.
    expect(report.results[0]?.diff?.added).toHaveLength(27);
    expect(emulator.stats().writes).toBe(0);

    const loaded = configFor(emulator, dir);
    await syncOnce(loaded);
    await writeFile(join(docs, 'getting-started', 'quickstart.md'), '# Quickstart\n\nChanged.\n');
    await writeFile(join(docs, 'SUMMARY.md'), (await readFile(join(docs, 'SUMMARY.md'), 'utf8')).replace('* [CLI reference](reference/cli.md)\n', ''));
    const writes = emulator.stats().writes;
    const dry = await syncOnce(loaded, true);
    expect(dry.results[0]?.diff).toEqual({
      added: [],
      changed: ['getting-started/quickstart.md'],
      removed: ['reference/cli.md'],
      unchanged: 25,
      files: { added: [], changed: [], removed: [] },
      titles: { 'getting-started/quickstart.md': 'Quickstart', 'reference/cli.md': 'CLI reference' },
    });
    expect(emulator.stats().writes).toBe(writes);
  });

  it('imports straight into the space in direct mode', async () => {
    const { dir } = await exampleWorkspace();
    const report = await syncOnce(configFor(emulator, dir, { mode: 'direct' }));
    expect(report.results[0]?.outcome).toBe('imported');
    const pages = json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/pages')).body).pages as LivePage[];
    expect(pages[0]?.title).toBe('Introduction');
  });
});

describe('sync --once with specs', () => {
  it('publishes configured specs after the spaces and waits until they are processed', async () => {
    const { dir } = await exampleWorkspace();
    // Inside the workspace: docsync reads no spec outside the config's repository or folder.
    const spec = join(dir, 'petstore.yaml');
    await copyFile(new URL('../../fixtures/specs/petstore.yaml', import.meta.url), spec);
    const report = await syncOnce(configFor(emulator, dir, {}, { specs: [{ organizationId: 'org-emulator', slug: 'petstore', file: spec }] }));
    expect(report.failures).toEqual([]);
    expect(report.specs[0]).toMatchObject({ slug: 'petstore', outcome: 'published', processing: { kind: 'done' } });
    const again = await syncOnce(configFor(emulator, dir, {}, { specs: [{ organizationId: 'org-emulator', slug: 'petstore', file: spec }] }));
    expect(again.specs[0]?.outcome).toBe('skipped');
  });
});
