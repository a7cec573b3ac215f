import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/start-emulator.js';
import { call, startTestEmulator } from '../support/emulator-harness.js';
import { gitbookRepoArbitrary, type Contract } from '../support/gitbook-repo-arbitrary.js';
import { brokenLinks, normalizeRepo } from '../support/normalize-repo.js';
import { pullInto } from '../support/pull-into.js';
import { configFor, syncOnce } from '../support/sync-harness.js';
import { writeRepoFiles } from '../support/write-repo-files.js';

const SITE = '/v1/orgs/org-emulator/sites/site-docs';

for (const contract of ['current', 'seed'] as const satisfies readonly Contract[]) {
  describe(`the way back and the redirects on the ${contract} contract`, () => {
    let emulator: RunningEmulator;
    beforeAll(async () => {
      emulator = await startTestEmulator({ contract });
    });
    afterAll(() => emulator.close());

    it("pull(sync(R)) is R up to the normalization, with no more broken links; the site redirects are .gitbook.yaml's, prefixed", async () => {
      await fc.assert(
        fc.asyncProperty(gitbookRepoArbitrary(), async (repo) => {
          emulator.reset();
          const dir = await mkdtemp(join(tmpdir(), 'docsync-law-'));
          try {
            const docs = join(dir, 'docs');
            await writeRepoFiles(docs, repo.files);
            const synced = await syncOnce(configFor(emulator, dir, { changeRequest: { autoMerge: true } }));
            expect(synced.failures).toEqual([]);
            expect(synced.results[0]?.outcome).toBe('merged');

            const pulled = await pullInto(emulator, dir);
            const [want, got] = await Promise.all([normalizeRepo(docs), normalizeRepo(pulled)]);
            expect(got.pages).toEqual(want.pages);
            expect(got.assets).toEqual(want.assets);
            expect((await brokenLinks(pulled)).length).toBeLessThanOrEqual((await brokenLinks(docs)).length);

            const { items: siteSpaces } = (await call(emulator, 'GET', `${SITE}/site-spaces`)).body as {
              items: { id: string; path: string; space: { id: string } }[];
            };
            const siteSpace = siteSpaces.find((s) => s.space.id === 'space-docs');
            const { items } = (await call(emulator, 'GET', `${SITE}/redirects`)).body as {
              items: { source: string; destination: { kind: string; siteSpaceId?: string } }[];
            };
            expect(items.map((r) => r.source).sort()).toEqual(
              Object.keys(repo.redirects)
                .map((from) => `/${siteSpace?.path ?? ''}/${from}`)
                .sort(),
            );
            for (const redirect of items) expect(redirect.destination).toMatchObject({ kind: 'site-page', siteSpaceId: siteSpace?.id });
          } finally {
            await rm(dir, { recursive: true, force: true });
          }
        }),
        { numRuns: 5 },
      );
    });
  });
}
