import { mkdtemp, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/start-emulator.js';
import { call, startTestEmulator } from '../support/emulator-harness.js';
import { brokenLinks, normalizeRepo } from '../support/normalize-repo.js';
import { pullInto } from '../support/pull-into.js';
import { configFor, syncOnce } from '../support/sync-harness.js';
import { writeRepoFiles } from '../support/write-repo-files.js';
import { CHECK_REPO } from '../support/sameness-check-repo.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current' });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const SITE = '/v1/orgs/org-emulator/sites/site-docs';

interface LiveRedirect {
  source: string;
  destination: { kind: string; pageId?: string };
}

async function siteRedirects(): Promise<LiveRedirect[]> {
  return ((await call(emulator, 'GET', `${SITE}/redirects`)).body as { items: LiveRedirect[] }).items;
}

/** The path of space-docs in site-docs: the prefix of its redirects. */
async function prefix(): Promise<string> {
  const { items } = (await call(emulator, 'GET', `${SITE}/site-spaces`)).body as { items: { path: string; space: { id: string } }[] };
  return items.find((s) => s.space.id === 'space-docs')?.path ?? '';
}

async function checkWorkspace(): Promise<{ dir: string; docs: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'docsync-check-'));
  await writeRepoFiles(join(dir, 'docs'), CHECK_REPO);
  return { dir, docs: join(dir, 'docs') };
}

describe("the sameness check on today's API, default configuration, in a space published in a site: redirects and pull", () => {
  it('5: the .gitbook.yaml redirect is among the site redirects, to its page', async () => {
    const { dir } = await checkWorkspace();
    // Default configuration, merged as a reviewer would: the redirect needs its page in main.
    expect((await syncOnce(configFor(emulator, dir, { changeRequest: { autoMerge: true } }))).results[0]?.outcome).toBe('merged');
    const source = `/${await prefix()}/old/setup`;
    const redirect = (await siteRedirects()).find((r) => r.source === source);
    expect(redirect?.destination.kind).toBe('site-page');
    const page = (await call(emulator, 'GET', `/v1/spaces/space-docs/content/page/${redirect?.destination.pageId ?? ''}`)).body as { title: string };
    expect(page.title).toBe('Setting up');
  });

  it('7: pull gives every page back at its git path, with 0 broken links', async () => {
    const { dir, docs } = await checkWorkspace();
    await syncOnce(configFor(emulator, dir, { changeRequest: { autoMerge: true } }));
    const pulled = await pullInto(emulator, dir);
    const [repo, back] = await Promise.all([normalizeRepo(docs), normalizeRepo(pulled)]);
    expect(Object.keys(back.pages).sort()).toEqual(Object.keys(repo.pages).sort());
    expect(back.pages).toEqual(repo.pages);
    expect(back.assets).toEqual(repo.assets);
    expect(await brokenLinks(pulled)).toEqual([]);
    // The link keeps its anchor, the image its asset, by relative paths.
    const setup = await readFile(join(pulled, 'guide/setup.md'), 'utf8');
    expect(setup).toContain('(../reference/api.md#errors)');
    expect(setup).toMatch(/\.\.\/\.gitbook\/assets\/setup(%20| )diagram\.png/);
  });

  it('8: a page renamed in git gets a redirect from its old path', async () => {
    const { dir, docs } = await checkWorkspace();
    const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true } });
    await syncOnce(loaded);
    const before = await pageTitled('Go');
    await rename(join(docs, 'libraries/go.md'), join(docs, 'libraries/golang.md'));
    const summary = await readFile(join(docs, 'SUMMARY.md'), 'utf8');
    await writeFile(join(docs, 'SUMMARY.md'), summary.replace('libraries/go.md', 'libraries/golang.md'));
    expect((await syncOnce(loaded)).results[0]?.outcome).toBe('merged');
    const after = await pageTitled('Go');
    expect(after.path).not.toBe(before.path);
    const oldSource = `/${await prefix()}/${before.path}`;
    const moved = (await siteRedirects()).find((r) => r.source === oldSource);
    expect(moved?.destination).toMatchObject({ kind: 'site-page', pageId: after.id });
  });
});

/** The page of space-docs's main content with that title. */
async function pageTitled(title: string): Promise<{ id: string; path: string }> {
  type Listed = { id: string; title: string; path: string; pages?: Listed[] };
  const { pages } = (await call(emulator, 'GET', '/v1/spaces/space-docs/content')).body as { pages: Listed[] };
  const all = (list: Listed[]): Listed[] => list.flatMap((p) => [p, ...all(p.pages ?? [])]);
  const found = all(pages).find((p) => p.title === title);
  if (found === undefined) throw new Error(`no page titled ${title}`);
  return found;
}
