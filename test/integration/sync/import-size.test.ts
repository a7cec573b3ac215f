import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { writeTree } from '../../support/temp-tree.js';

const LIMIT = 256 * 1024;
let emulator: RunningEmulator;
let dir: string;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed', importLimit: LIMIT });
  dir = await mkdtemp(join(tmpdir(), 'docsync-size-'));
  // Random bytes do not compress: the bundle is as large as the images. Generated here, never committed.
  await writeTree(join(dir, 'docs'), {
    'README.md': '# Home\n\n![Big](.gitbook/assets/big.png)\n![Medium](.gitbook/assets/medium.png)\n',
    'SUMMARY.md': '* [Home](README.md)\n* [Elsewhere](../elsewhere.md)\n',
    '.gitbook/assets/big.png': randomBytes(200 * 1024),
    '.gitbook/assets/medium.png': randomBytes(100 * 1024),
    '.gitbook/assets/unused.png': randomBytes(300 * 1024),
  });
});
afterAll(async () => {
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});

describe('import size', () => {
  it('fails a bundle over import.maxBytes before any write, naming the largest files (exit 2)', async () => {
    const before = emulator.stats();
    const report = await syncOnce(configFor(emulator, dir, { import: { maxBytes: LIMIT } }));
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]).toMatchObject({ code: 'E_CONTENT_TOO_LARGE', exitCode: 2 });
    expect(report.failures[0]!.error).toMatch(
      /is 30\d\.\d KiB, over the import limit of 256\.0 KiB \(import\.maxBytes\); nothing was sent\. Largest files: \.gitbook\/assets\/big\.png \(200\.0 KiB\), \.gitbook\/assets\/medium\.png \(100\.0 KiB\)/,
    );
    expect(emulator.stats().writes).toBe(before.writes);
    const crs = json((await call(emulator, 'GET', '/v1/spaces/space-docs/change-requests')).body);
    expect(crs.items).toEqual([]);
  });

  it('a dry run predicts the refusal the same way, and a failed target keeps its warnings', async () => {
    const before = emulator.stats();
    const report = await syncOnce(configFor(emulator, dir, { import: { maxBytes: LIMIT } }), true);
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]).toMatchObject({ code: 'E_CONTENT_TOO_LARGE', exitCode: 2 });
    expect(report.failures[0]!.error).toContain('Largest files: .gitbook/assets/big.png (200.0 KiB)');
    expect(report.failures[0]!.warnings).toEqual([
      'SUMMARY.md:2: "../elsewhere.md" points outside the docs root; entry skipped',
      expect.stringContaining('referenced by no page'),
    ]);
    expect(emulator.stats().writes).toBe(before.writes);
  });

  it('bundles only referenced files, so the same repo fits once the medium image is excluded', async () => {
    const report = await syncOnce(configFor(emulator, dir, { mode: 'direct', import: { maxBytes: LIMIT }, assets: { exclude: ['medium.png'] } }));
    expect(report.failures).toEqual([]);
    expect(report.results[0]?.warnings.join('\n')).toContain(
      '2 files referenced by no page, so not bundled: .gitbook/assets/medium.png, .gitbook/assets/unused.png',
    );
    const files = json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/files')).body);
    expect(files.items.map((file: { name: string }) => file.name)).toEqual(['big.png']);
  });
});
