import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import type { PageRecord } from '../../../src/emulator/state/records.js';
import { createRevision } from '../../../src/emulator/state/revisions.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { brokenLinks, normalizeRepo } from '../../support/normalize-repo.js';
import { pullInto } from '../../support/pull-into.js';

const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current' });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

/**
 * A space written in the editor alone (no git metadata, no docsync change request, no state): a
 * welcome page, a page, a group holding a page with a child and another page, an image. Page paths
 * as the API gives them: a group is no part of its pages' paths.
 */
function buildSpaceByHand(spaceId: string): { tides: string; image: string } {
  const { state } = emulator;
  const space = state.spaces.get(spaceId);
  const current = space && state.revisions.get(space.revision);
  if (!space || !current) throw new Error(`no space ${spaceId} in the emulator`);
  const now = state.timestamp();
  const image = state.newId('file');
  const tides = state.newId('page');
  const page = (id: string, title: string, path: string, markdown: string, pages: PageRecord[] = []): PageRecord => ({
    id,
    title,
    path,
    slug: path.split('/').at(-1) ?? path,
    type: 'document',
    markdown,
    createdAt: now,
    updatedAt: now,
    pages,
  });
  const pages: PageRecord[] = [
    page(state.newId('page'), 'Welcome to Tidepool', 'welcome', '# Welcome to Tidepool\n\nStart with the [quickstart](/pages/QUICK).\n'),
    page(state.newId('page'), 'Quickstart', 'quickstart', `# Quickstart\n\n![A pool](/files/${image})\n\nThen read [the tides](/pages/${tides}#high-tide).\n`),
    {
      ...page(state.newId('page'), 'Concepts', 'concepts', ''),
      type: 'group',
      pages: [
        page(tides, 'Pools and tides', 'pools-and-tides', '# Pools and tides\n\n## High tide\n\nWater.\n', [
          page(state.newId('page'), 'Tides in depth', 'pools-and-tides/tides-in-depth', '# Tides in depth\n\nMore water.\n'),
        ]),
        page(state.newId('page'), 'Retention', 'retention', '# Retention\n\nKept for a week.\n'),
      ],
    },
  ];
  const quick = pages[1]?.id ?? '';
  const welcome = pages[0];
  if (welcome) welcome.markdown = welcome.markdown.replace('QUICK', quick);
  const files = [{ id: image, name: 'a pool.png', contentType: 'image/png', size: PNG.length, data: PNG }];
  space.revision = createRevision(state, space.id, { pages, files }, [current.id]).id;
  return { tides, image };
}

describe('pull of a space docsync never wrote', () => {
  it("writes GitBook's export layout: README.md first, a page with children as its slug's folder README.md, a group's pages in its slug's folder, assets under .gitbook/assets/", async () => {
    buildSpaceByHand('space-docs');
    const dir = await mkdtemp(join(tmpdir(), 'docsync-export-'));
    const pulled = await pullInto(emulator, dir);
    const repo = await normalizeRepo(pulled);
    expect(Object.keys(repo.pages).sort()).toEqual([
      'README.md',
      'concepts/pools-and-tides/README.md',
      'concepts/pools-and-tides/tides-in-depth.md',
      'concepts/retention.md',
      'quickstart.md',
    ]);
    expect(Object.keys(repo.assets)).toEqual(['.gitbook/assets/a pool.png']);
    expect(await readFile(join(pulled, 'SUMMARY.md'), 'utf8')).toBe(
      [
        '# Table of contents',
        '',
        '* [Welcome to Tidepool](README.md)',
        '* [Quickstart](quickstart.md)',
        '',
        '## Concepts',
        '',
        '* [Pools and tides](concepts/pools-and-tides/README.md)',
        '  * [Tides in depth](concepts/pools-and-tides/tides-in-depth.md)',
        '* [Retention](concepts/retention.md)',
        '',
      ].join('\n'),
    );
    // Links to pages and files become relative paths, anchors kept: none is broken.
    const quickstart = await readFile(join(pulled, 'quickstart.md'), 'utf8');
    expect(quickstart).toContain('(concepts/pools-and-tides/README.md#high-tide)');
    expect(quickstart).toMatch(/\(\.gitbook\/assets\/a(%20| )pool\.png\)|\(<\.gitbook\/assets\/a pool\.png>\)/);
    expect(await readFile(join(pulled, 'README.md'), 'utf8')).toContain('(quickstart.md)');
    expect(await brokenLinks(pulled)).toEqual([]);
  });
});
