import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { makeTempDir } from '../../support/temp-tree.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current', strict: false });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

interface LivePage {
  id: string;
  title: string;
  type: string;
  pages?: LivePage[];
}

async function liveTitles(): Promise<Map<string, string>> {
  const flatten = (pages: readonly LivePage[]): LivePage[] => pages.flatMap((page) => [page, ...flatten(page.pages ?? [])]);
  const { pages } = json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/pages')).body) as { pages: LivePage[] };
  return new Map(flatten(pages).map((page) => [page.id, page.title]));
}

/** Pages titled by their first heading: no `SUMMARY.md`, so the tree is the folders'. */
const DOCS: Record<string, string> = {
  'README.md': '# Welcome\n\nStart here.\n',
  'alpha.md': '# Alpha\n\nThe first page.\n',
  'guides/beta.md': '# Beta\n\nThe second page.\n',
};

describe('a page titled by its heading, retitled', () => {
  it('sends that page alone, and the live page takes the new title; a whole plan then finds nothing to write', async () => {
    const dir = await makeTempDir();
    const docs = join(dir, 'docs');
    for (const [path, text] of Object.entries(DOCS)) {
      await mkdir(dirname(join(docs, path)), { recursive: true });
      await writeFile(join(docs, path), text);
    }
    const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true } });
    const first = await syncOnce(loaded);
    expect(first.failures).toEqual([]);
    const landed = await liveTitles();
    const alpha = [...landed].find(([, title]) => title === 'Alpha')?.[0];
    expect(alpha).toBeDefined();

    await writeFile(join(docs, 'alpha.md'), '# Alpha, renamed\n\nThe first page.\n');
    const before = emulator.stats();
    const counts = new Map(before.routes.map((r) => [`${r.method} ${r.route} ${r.status}`, r.count]));
    const retitled = await syncOnce(loaded);
    expect(retitled.results[0]).toMatchObject({ outcome: 'merged', delivered: { changes: 1, batches: 1 } });
    const after = emulator.stats();
    // The page alone is planned and sent: no read of the live revision's content, nor of its page list
    // (its slug is its file's name, so it moves nowhere and the redirects step has nothing to read).
    const calls = after.routes.map((r) => ({ ...r, count: r.count - (counts.get(`${r.method} ${r.route} ${r.status}`) ?? 0) })).filter((r) => r.count > 0);
    expect(
      calls
        .filter((r) => r.method === 'GET')
        .map((r) => r.route)
        .filter((route) => /\/content(\/pages)?$|\/revisions\/:[^/]+$|\/redirects$/.test(route)),
    ).toEqual([]);
    expect(
      calls.reduce((sum, r) => sum + r.count, 0),
      JSON.stringify(calls),
    ).toBeLessThanOrEqual(5);
    expect(after.contentBatches.changes - before.contentBatches.changes).toBe(1);
    const titles = await liveTitles();
    expect(titles.get(alpha ?? '')).toBe('Alpha, renamed');
    expect(new Map([...titles].filter(([id]) => id !== alpha))).toEqual(new Map([...landed].filter(([id]) => id !== alpha)));

    // What the page alone sent is what a whole plan sends: a runner without .docsync/ finds nothing to write.
    await rm(join(dir, '.docsync'), { recursive: true, force: true });
    const beforeWhole = emulator.stats();
    expect((await syncOnce(loaded)).results[0]?.outcome).toBe('skipped');
    expect(emulator.stats().writes).toBe(beforeWhole.writes);
  });
});
