import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatJson } from '../../../src/cli/sync-report.js';
import { EXIT } from '../../../src/failure/exit-codes.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current' });
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
});
beforeEach(() => emulator.reset());

const KIB = 1024;
const LARGE = '.gitbook/assets/survey map.png';

async function docs(files: Record<string, string | Uint8Array>): Promise<string> {
  const dir = await makeTempDir('docsync-bad-batch-');
  await writeTree(join(dir, 'docs'), files);
  return dir;
}

async function changeRequests(): Promise<unknown[]> {
  return json((await call(emulator, 'GET', '/v1/spaces/space-docs/change-requests')).body).items as unknown[];
}

interface Page {
  slug: string;
  title: string;
  pages?: Page[];
}

describe("bad input on today's content batches: one error naming the file, exit code as documented, nothing sent", () => {
  it('a file over 1 MB with artifacts.store: none stops the run before anything is sent (exit 2); files that fit go inline without any store', async () => {
    const dir = await docs({
      'README.md': `# Survey\n\n![Map](<${LARGE}>)\n\n![Photo](.gitbook/assets/photo.png)\n`,
      'SUMMARY.md': '* [Survey](README.md)\n',
      [LARGE]: randomBytes(1536 * KIB),
      '.gitbook/assets/photo.png': randomBytes(300 * KIB),
    });
    const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true } }, { artifacts: { store: 'none' } });

    const report = await syncOnce(loaded);
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]).toMatchObject({ code: 'E_SYNC_FILE_NOT_SENDABLE', exitCode: EXIT.config, file: LARGE });
    expect(report.failures[0]?.error).toContain(
      `${LARGE} cannot be sent to the API: it is 1.5 MiB, over the 1 MB the API takes inline, and artifacts.store is none`,
    );
    expect(report.failures[0]?.error).toContain('Nothing was sent and nothing merged');
    // Not even a change request: the check runs before the first write.
    expect(emulator.stats().writes).toBe(0);
    expect(await changeRequests()).toEqual([]);
    expect(JSON.parse(formatJson(report)).error).toMatchObject({ code: 'E_SYNC_FILE_NOT_SENDABLE', exitCode: EXIT.config, file: LARGE });

    // The dry run predicts it the same way.
    expect((await syncOnce(loaded, true)).failures[0]).toMatchObject({ code: 'E_SYNC_FILE_NOT_SENDABLE', file: LARGE });

    // Without the large file, no store is needed at all.
    await writeTree(join(dir, 'docs'), { 'README.md': '# Survey\n\n![Photo](.gitbook/assets/photo.png)\n' });
    const fixed = await syncOnce(loaded);
    expect(fixed.failures).toEqual([]);
    expect(fixed.results[0]).toMatchObject({ outcome: 'merged', delivery: 'changes' });
  });

  it("on the seed's API, whose zip import needs a URL, artifacts.store: none fails before any write (exit 2)", async () => {
    const seed = await startTestEmulator({ contract: 'seed' });
    try {
      const dir = await docs({ 'README.md': '# Home\n', 'SUMMARY.md': '* [Home](README.md)\n' });
      const report = await syncOnce(configFor(seed, dir, {}, { artifacts: { store: 'none' } }));
      expect(report.failures[0]).toMatchObject({ code: 'E_ARTIFACT_NO_STORE', exitCode: EXIT.config });
      expect(report.failures[0]?.error).toContain('Set artifacts.store to http');
      expect(seed.stats().writes).toBe(0);
    } finally {
      await seed.close();
    }
  });

  it('a file over import.maxBytes, which the API would not fetch by URL, stops the run before anything is sent (exit 2)', async () => {
    const dir = await docs({
      'README.md': '# Home\n\n[Download](.gitbook/assets/archive.zip)\n',
      'SUMMARY.md': '* [Home](README.md)\n',
      '.gitbook/assets/archive.zip': randomBytes(3 * 1024 * KIB),
    });
    const report = await syncOnce(configFor(emulator, dir, { import: { maxBytes: 2 * 1024 * KIB } }));
    expect(report.failures[0]).toMatchObject({ code: 'E_SYNC_FILE_NOT_SENDABLE', exitCode: EXIT.config, file: '.gitbook/assets/archive.zip' });
    expect(report.failures[0]?.error).toContain('it is 3.0 MiB, over the 2.0 MiB the API fetches (import.maxBytes)');
    expect(emulator.stats().writes).toBe(0);
    expect(await changeRequests()).toEqual([]);
  });

  it('page file names outside the document’s slug rules (over 100 characters, spaces, accents, no Latin letters, names that collide) land as slugs the API takes', async () => {
    const long = `${'very-long-name-'.repeat(9)}end.md`;
    const dir = await docs({
      'README.md': '# Home\n',
      'SUMMARY.md': `* [Home](README.md)\n* [Accents](<Ünïcödé Guide.md>)\n* [Japanese](日本語.md)\n* [Long](${long})\n* [Spaces](<A b.md>)\n* [Dashes](a-b.md)\n* [Percent](<100%.md>)\n`,
      'Ünïcödé Guide.md': '# Accents\n',
      '日本語.md': '# Japanese\n',
      [long]: '# Long\n',
      'A b.md': '# Spaces\n',
      'a-b.md': '# Dashes\n',
      '100%.md': '# Percent\n',
    });
    const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true } });
    const report = await syncOnce(loaded);
    expect(report.failures).toEqual([]);
    expect(report.results[0]).toMatchObject({ outcome: 'merged', delivery: 'changes', pageCount: 7 });
    const pages = json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/pages')).body).pages as Page[];
    const slugs = pages.map((page) => page.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9][a-z0-9-]{0,99}$/);
    expect(pages.map((page) => page.title)).toEqual(['Home', 'Accents', 'Japanese', 'Long', 'Spaces', 'Dashes', 'Percent']);
    // And a second run finds nothing to do.
    const before = emulator.stats().writes;
    expect((await syncOnce(loaded)).results[0]?.outcome).toBe('skipped');
    expect(emulator.stats().writes).toBe(before);
  });
});
