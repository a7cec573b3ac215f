import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContractName } from '../../../src/api/contracts/api-contract.js';
import type { LoadedConfig } from '../../../src/config/load-config.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { createLogger } from '../../../src/logging/logger.js';
import { runSyncOnce } from '../../../src/runtime/run-sync-once.js';
import { FileStateStore } from '../../../src/state/file-state-store.js';
import type { RedirectPages } from '../../../src/state/redirect-record.js';
import { call, startTestEmulator } from '../../support/emulator-harness.js';
import { sink } from '../../support/memory-sink.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';

const SITE = '/v1/orgs/org-emulator/sites/site-docs';

interface Redirect {
  id: string;
  source: string;
  destination: { kind: string; pageId?: string; siteSpaceId?: string };
}

describe.each(['current', 'seed'] as const satisfies readonly ContractName[])('site redirects on the %s contract', (contract) => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator({ contract });
  });
  afterAll(() => emulator.close());
  beforeEach(() => emulator.reset());

  const redirects = async (): Promise<Redirect[]> => ((await call(emulator, 'GET', `${SITE}/redirects`)).body as { items: Redirect[] }).items;
  const bySource = async (): Promise<Map<string, Redirect>> => new Map((await redirects()).map((r) => [r.source, r]));
  const writes = async (): Promise<number> => ((await (await fetch(new URL('/_emulator/stats', emulator.url))).json()) as { writes: number }).writes;
  /** The site space of space-docs in site-docs: its path prefixes every source. */
  const siteSpace = async (): Promise<{ id: string; path: string }> => {
    const { items } = (await call(emulator, 'GET', `${SITE}/site-spaces`)).body as { items: { id: string; path: string; space: { id: string } }[] };
    const found = items.find((s) => s.space.id === 'space-docs');
    if (found === undefined) throw new Error('space-docs is not in site-docs');
    return found;
  };
  /** Page id of the page synced from `file`, by its title in the space. */
  const pageIdTitled = async (title: string): Promise<string> => {
    const { pages } = (await call(emulator, 'GET', '/v1/spaces/space-docs/content')).body as { pages: { id: string; title: string; pages?: unknown[] }[] };
    const walk = (list: { id: string; title: string; pages?: unknown[] }[]): string | undefined => {
      for (const page of list) {
        if (page.title === title) return page.id;
        const inner = walk((page.pages ?? []) as typeof list);
        if (inner !== undefined) return inner;
      }
      return undefined;
    };
    const id = walk(pages);
    if (id === undefined) throw new Error(`no page titled ${title}`);
    return id;
  };

  async function synced(): Promise<{ loaded: LoadedConfig; docs: string }> {
    const { dir, docs } = await exampleWorkspace();
    const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true } });
    const result = (await syncOnce(loaded)).results[0];
    expect(result?.outcome).toBe('merged');
    return { loaded, docs };
  }

  it('makes .gitbook.yaml redirects redirects of the site, prefixed by the site space path, to the pages by id; a re-run writes nothing', async () => {
    const { loaded } = await synced();
    const { id, path } = await siteSpace();
    const live = await bySource();
    expect([...live.keys()].sort()).toEqual([`/${path}/guides/reconcile`, `/${path}/setup`]);
    expect(live.get(`/${path}/setup`)?.destination).toEqual({ kind: 'site-page', siteSpaceId: id, pageId: await pageIdTitled('Installation') });

    const before = await writes();
    const again = (await syncOnce(loaded)).results[0];
    expect(again?.outcome).toBe('skipped');
    expect(again?.redirects).toMatchObject({ created: 0, updated: 0, deleted: 0, unchanged: 2 });
    expect(await writes()).toBe(before);
  });

  it('a page edit that moves no page reads and writes no redirect, nor reads where the pages were', async () => {
    const { loaded, docs } = await synced();
    // Where the pages were, damaged: an edit that moves no page never reads it, so it still syncs.
    const stateFile = join(loaded.baseDir, '.docsync', 'state.json');
    const kept = await new FileStateStore(stateFile).get('space:docs');
    expect(Object.keys(kept?.redirectPages?.pages ?? {}).length).toBeGreaterThan(0);
    const damaged = { moved: {}, pages: { page: 7 }, blobs: {} } as unknown as RedirectPages;
    await new FileStateStore(stateFile).set('space:docs', { ...(kept ?? { reviewersRequested: [] }), redirectPages: damaged });
    const siteCalls = async (): Promise<number> => {
      const { routes } = (await (await fetch(new URL('/_emulator/stats', emulator.url))).json()) as { routes: { route: string; count: number }[] };
      return routes.filter((r) => r.route.includes('/sites')).reduce((sum, r) => sum + r.count, 0);
    };
    const before = await siteCalls();
    const page = join(docs, 'getting-started', 'quickstart.md');
    await writeFile(page, `${await readFile(page, 'utf8')}\nOne more line.\n`);
    const edited = (await syncOnce(loaded)).results[0];
    expect(edited?.outcome).toBe('merged');
    expect(edited?.redirects).toMatchObject({ created: 0, updated: 0, deleted: 0, unchanged: 2 });
    expect(await siteCalls()).toBe(before);
    expect((await syncOnce(loaded)).results[0]?.outcome).toBe('skipped');
    expect(await siteCalls()).toBe(before);
    const after = await new FileStateStore(stateFile).get('space:docs');
    expect(() => after?.redirectPages?.pages).toThrow(/the field redirectPages of space:docs is not in the expected shape/);
  });

  it('waits for pages a change request has not merged yet: pending, then made by the sync after the merge', async () => {
    const { dir, docs } = await exampleWorkspace();
    const open = (await syncOnce(configFor(emulator, dir))).results[0];
    expect(open?.outcome).toBe('created');
    expect(open?.redirects?.pending).toHaveLength(2);
    expect(await redirects()).toEqual([]);
    // Merged by a reviewer: a sync that writes nothing reads nothing, so they still wait; the next one that reads main makes them.
    expect((await call(emulator, 'POST', `/v1/spaces/space-docs/change-requests/${open?.changeRequest?.id ?? ''}/merge`)).status).toBe(200);
    const idle = (await syncOnce(configFor(emulator, dir))).results[0];
    expect(idle?.outcome).toBe('skipped');
    expect(idle?.redirects?.pending).toHaveLength(2);
    await writeFile(join(docs, 'README.md'), `${await readFile(join(docs, 'README.md'), 'utf8')}\nEdited.\n`);
    const next = (await syncOnce(configFor(emulator, dir))).results[0];
    expect(next?.redirects).toMatchObject({ created: 2, pending: [] });
    expect(await redirects()).toHaveLength(2);
  });

  it('removes a redirect dropped from .gitbook.yaml, and never one made in the platform', async () => {
    const { loaded, docs } = await synced();
    const { id, path } = await siteSpace();
    const handMade = await call(emulator, 'POST', `${SITE}/redirects`, { body: { source: '/by-hand', destination: { kind: 'site-space', siteSpaceId: id } } });
    expect(handMade.status).toBe(201);
    const config = await readFile(join(docs, '.gitbook.yaml'), 'utf8');
    await writeFile(join(docs, '.gitbook.yaml'), config.replace(/^ {2}setup: .*\n/m, ''));

    const logs = sink();
    const planned = (await runSyncOnce(loaded, { dryRun: true, logger: createLogger({ destination: logs, format: 'json', env: {} }) })).results[0];
    expect(planned?.redirects?.deleted).toBe(1);
    expect(logs.text()).toContain(`DRY-RUN: would delete redirect /${path}/setup`);
    expect((await bySource()).has(`/${path}/setup`)).toBe(true);

    const result = (await syncOnce(loaded)).results[0];
    expect(result?.redirects).toMatchObject({ deleted: 1, created: 0 });
    expect([...(await bySource()).keys()].sort()).toEqual(['/by-hand', `/${path}/guides/reconcile`]);
  });

  it('gives a page renamed in git a redirect from its old path (redirects: auto)', async () => {
    const { loaded, docs } = await synced();
    const { path } = await siteSpace();
    await rename(join(docs, 'faq/big-repos.md'), join(docs, 'faq/large-repos.md'));
    const summary = await readFile(join(docs, 'SUMMARY.md'), 'utf8');
    await writeFile(join(docs, 'SUMMARY.md'), summary.replace('faq/big-repos.md', 'faq/large-repos.md'));
    const result = (await syncOnce(loaded)).results[0];
    expect(result?.outcome).toBe('merged');
    expect(result?.redirects?.created).toBe(1);
    // Its old URL: today's API puts it under the page of its group's title "FAQ" (groups: pages), then the FAQ page.
    const moved = (await bySource()).get(`/${path}/${contract === 'current' ? 'faq/' : ''}faq/big-repos`);
    expect(moved?.destination).toMatchObject({ kind: 'site-page', pageId: await pageIdTitled('How big can a repository be?') });
  });

  it('redirects: off leaves a moved page without a redirect', async () => {
    const { dir, docs } = await exampleWorkspace();
    const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true }, redirects: 'off' });
    await syncOnce(loaded);
    const { path } = await siteSpace();
    await rename(join(docs, 'faq/big-repos.md'), join(docs, 'faq/large-repos.md'));
    const summary = await readFile(join(docs, 'SUMMARY.md'), 'utf8');
    await writeFile(join(docs, 'SUMMARY.md'), summary.replace('faq/big-repos.md', 'faq/large-repos.md'));
    await syncOnce(loaded);
    expect([...(await bySource()).keys()].sort()).toEqual([`/${path}/guides/reconcile`, `/${path}/setup`]);
  });
});
