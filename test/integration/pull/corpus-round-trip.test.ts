import { randomBytes } from 'node:crypto';
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument, Scalar } from 'yaml';
import { UrlDownloader } from '../../../src/http/url-downloader.js';
import { ApiClient } from '../../../src/api/api-client.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { pullSpace } from '../../../src/sync/pull/pull-space.js';
import { pullRecordOf } from '../../../src/sync/pull/pull-record.js';
import { isHeadingKey } from '../../../src/sync/pages/page-plan.js';
import { FileStateStore } from '../../../src/state/file-state-store.js';
import { stateKey } from '../../../src/sync/sync-space.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

const downloader = new UrlDownloader({ attempts: 1 });
afterAll(() => downloader.close());

const CORPUS = new URL('../../fixtures/corpus/', import.meta.url).pathname;
const KIB = 1024;

/** One repository shape of the corpus and what must land from it. */
interface CorpusRepo {
  readonly name: string;
  /** Git paths of the pages that land, sorted. */
  readonly pages: readonly string[];
  /** Git paths of the files that land, sorted. */
  readonly files: readonly string[];
  /** Target options beyond the defaults (direct mode into space-docs). */
  readonly target?: Record<string, unknown>;
  /** Files generated into the copy before the first sync (large binaries are never committed). */
  readonly generated?: Record<string, Uint8Array>;
  /**
   * Files of the repository the pulled folder does not hold byte for byte, and why; every other file
   * of the docs comes back identical.
   */
  readonly differs?: Record<string, string>;
  /** Files of the repository that are not docs (outside the root, tooling): never synced, never pulled. */
  readonly outside?: readonly string[];
  /**
   * The docs root of `.gitbook.yaml` when not the top: git paths are relative to it and the API does
   * not tell where it was, so the pulled folder holds the root's content at its top.
   */
  readonly root?: string;
}

const CASES: readonly CorpusRepo[] = [
  {
    name: 'deep-nesting',
    pages: [
      'README.md',
      'operations/daily-rounds.md',
      'operations/repairs/README.md',
      'operations/repairs/replacing-a-wheel.md',
      'setup/README.md',
      'setup/hardware/README.md',
      'setup/hardware/sensors/README.md',
      'setup/hardware/sensors/light-meters.md',
      'setup/hardware/sensors/moisture-probes.md',
      'setup/hardware/wiring.md',
      'setup/software.md',
    ],
    files: [],
    differs: { '.gitbook.yaml': 'the repository has none; pull writes one' },
  },
  {
    name: 'shared-folder',
    pages: ['handbook/README.md', 'handbook/first-week.md', 'handbook/time-off.md', 'handbook/tools/README.md', 'handbook/tools/shared-editor.md'],
    // Every page and file lies in handbook/: still a folder in the root, not the root.
    files: ['handbook/.gitbook/assets/floor-plan.png'],
    outside: ['scripts/check-links.sh'],
  },
  {
    name: 'docs-root-redirects',
    pages: ['README.md', 'guides/install.md', 'guides/upgrade.md', 'help/questions.md', 'reference/api.md'],
    files: ['.gitbook/assets/terminal.png'],
    root: 'docs',
    differs: { '.gitbook.yaml': 'root ./ (the API does not say the root was ./docs/) and no redirects (the API exposes none for a space)' },
    outside: ['CONTRIBUTING.md'],
  },
  {
    name: 'large-assets',
    pages: ['README.md', 'notes.md', 'second-flight.md'],
    files: ['.gitbook/assets/flight-1.png', '.gitbook/assets/flight-2.png'],
    // Random bytes do not compress: 240 KiB referenced fits, 840 KiB in the folder would not.
    target: { import: { maxBytes: 512 * KIB } },
    generated: {
      '.gitbook/assets/flight-1.png': randomBytes(120 * KIB),
      '.gitbook/assets/flight-2.png': randomBytes(120 * KIB),
      '.gitbook/assets/raw-scan-1.png': randomBytes(200 * KIB),
      '.gitbook/assets/raw-scan-2.png': randomBytes(200 * KIB),
      '.gitbook/assets/raw-scan-3.png': randomBytes(200 * KIB),
    },
    outside: ['.gitbook/assets/raw-scan-1.png', '.gitbook/assets/raw-scan-2.png', '.gitbook/assets/raw-scan-3.png'],
    differs: { '.gitbook.yaml': 'the repository has none; pull writes one' },
  },
  {
    name: 'readme-not-listed',
    pages: ['README.md', 'boiling-profiles.md', 'getting-started.md', 'safety-cut-off.md'],
    files: [],
    differs: { 'SUMMARY.md': 'the pulled SUMMARY.md lists the readme, which the space holds as its first page', '.gitbook.yaml': 'the repository has none' },
  },
  {
    name: 'editor-export',
    pages: ['README.md', 'concepts/internal-notes.md', 'concepts/pools-and-tides.md', 'concepts/retention.md', 'quickstart.md'],
    files: ['.gitbook/assets/cover-coast.png', '.gitbook/assets/cover-waves.png', '.gitbook/assets/retention-policy.pdf', '.gitbook/assets/tide-chart.png'],
  },
  {
    name: 'unicode-names',
    pages: ['Guía rápida.md', 'README.md', 'notes (draft).md', 'über uns/Café & Tee.md', 'über uns/README.md', '日本語のページ.md'],
    files: ['.gitbook/assets/Skizze (1).png'],
    differs: {
      'SUMMARY.md': 'links are written percent-encoded (the repository has raw unicode and an <angle> link)',
      '.gitbook.yaml': 'the repository has none',
    },
  },
];

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
});

/**
 * Document pages and files of the space's main content: git path → blob id, as sync compares them;
 * pages made in the editor (the fixture's space holds some) as `(no source file) <page path>`.
 */
async function liveContent(): Promise<{ pages: Map<string, string>; files: Map<string, string> }> {
  interface LivePage {
    type: string;
    path: string;
    git?: { path: string; oid: string };
    pages?: LivePage[];
  }
  const revision = json((await call(emulator, 'GET', '/v1/spaces/space-docs/content')).body) as {
    pages: LivePage[];
    files: { name: string; git?: { path: string; oid: string } }[];
  };
  const pages = new Map<string, string>();
  const walk = (list: readonly LivePage[]): void => {
    for (const page of list) {
      if (page.type === 'document') pages.set(page.git?.path ?? `(no source file) ${page.path}`, page.git?.oid ?? '-');
      walk(page.pages ?? []);
    }
  };
  walk(revision.pages);
  return { pages, files: new Map(revision.files.map((f) => [f.git?.path ?? `(no source file) ${f.name}`, f.git?.oid ?? '-'])) };
}

/** What happened between two reads of the live content, as a dry run predicts it. */
function changes(before: Map<string, string>, after: Map<string, string>): { added: string[]; changed: string[]; removed: string[] } {
  return {
    added: [...after.keys()].filter((p) => !before.has(p)).sort(),
    changed: [...after.keys()].filter((p) => before.has(p) && before.get(p) !== after.get(p)).sort(),
    removed: [...before.keys()].filter((p) => !after.has(p)).sort(),
  };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

describe('corpus: sync, dry-run, pull → sync', () => {
  it.each(CASES)('$name lands whole, the dry-run predicts it, and pull → sync writes nothing', async (repo) => {
    emulator.reset();
    const work = await makeTempDir(`docsync-corpus-${repo.name}-`);
    const docs = join(work, 'docs');
    await cp(join(CORPUS, repo.name), docs, { recursive: true });
    await writeTree(docs, repo.generated ?? {});
    const target = { mode: 'direct', ...repo.target };
    const config = configFor(emulator, work, target);

    // Dry run against the empty space, then the real sync.
    const dry = await syncOnce(config, true);
    expect(dry.failures).toEqual([]);
    expect(dry.results[0]?.outcome).toBe('planned');
    const planned = dry.results[0]!.diff!;
    const before = await liveContent();
    const writesBefore = emulator.stats().writes;
    const real = await syncOnce(config);
    expect(real.failures).toEqual([]);
    expect(real.results[0]?.outcome).toBe('imported');
    expect(emulator.stats().writes).toBeGreaterThan(writesBefore);

    const live = await liveContent();
    expect([...live.pages.keys()].sort()).toEqual(repo.pages);
    expect([...live.files.keys()].sort()).toEqual(repo.files);
    expect(real.results[0]?.pageCount).toBe(repo.pages.length);
    const sorted = (paths: readonly string[]): string[] => [...paths].sort();
    expect({ added: sorted(planned.added), changed: sorted(planned.changed), removed: sorted(planned.removed) }).toEqual(changes(before.pages, live.pages));
    expect({ added: sorted(planned.files.added), changed: sorted(planned.files.changed), removed: sorted(planned.files.removed) }).toEqual(
      changes(before.files, live.files),
    );

    // Pull into a new folder, then sync that folder back from a runner without state.
    const back = await makeTempDir(`docsync-corpus-${repo.name}-back-`);
    const pulledDir = join(back, 'docs');
    const api = new ApiClient({ endpoint: emulator.url, token: 'emulator-admin', logger: silentLogger });
    try {
      const pulled = await pullSpace({ api, download: downloader.download }, { spaceId: 'space-docs', directory: pulledDir });
      expect(pulled.warnings).toEqual([]);
      expect(pulled.pages).toBe(repo.pages.length);
    } finally {
      await api.close();
    }
    const backConfig = configFor(emulator, back, target);
    const backDry = await syncOnce(backConfig, true);
    expect(backDry.failures).toEqual([]);
    expect(backDry.results[0]?.outcome).toBe('skipped');
    const beforeBack = emulator.stats().writes;
    const backReal = await syncOnce(backConfig);
    expect(backReal.failures).toEqual([]);
    expect(backReal.results[0]?.outcome).toBe('skipped');
    expect(emulator.stats().writes - beforeBack).toBe(0);

    // Byte for byte: every file of the docs comes back identical, except those named with a reason.
    const original = (await listFiles(docs))
      .filter((p) => !(repo.outside ?? []).includes(p))
      .map((p) => (repo.root !== undefined && p.startsWith(`${repo.root}/`) ? p.slice(repo.root.length + 1) : p));
    const inRepo = (p: string): string => (repo.root !== undefined && p !== '.gitbook.yaml' ? `${repo.root}/${p}` : p);
    const returned = await listFiles(pulledDir);
    const differs = repo.differs ?? {};
    expect(returned.filter((p) => !(p in differs))).toEqual(original.filter((p) => !(p in differs)));
    const changed: string[] = [];
    for (const path of original) {
      if (path in differs) continue;
      if (!(await readFile(join(docs, inRepo(path)))).equals(await readFile(join(pulledDir, path)))) changed.push(path);
    }
    expect(changed).toEqual([]);
  });

  it.each(CASES.filter((repo) => repo.root === undefined && repo.generated === undefined))(
    '$name with its frontmatter in other YAML styles: pull → sync from a runner without state writes nothing, a real edit still syncs',
    async (repo) => {
      emulator.reset();
      const work = await makeTempDir(`docsync-corpus-${repo.name}-styled-`);
      const docs = join(work, 'docs');
      await cp(join(CORPUS, repo.name), docs, { recursive: true });
      const restyled = await restyleFrontmatter(docs, repo.pages);
      expect(restyled).toBeGreaterThan(0);
      const target = { mode: 'direct', ...repo.target };
      expect((await syncOnce(configFor(emulator, work, target))).results[0]?.outcome).toBe('imported');

      const back = await makeTempDir(`docsync-corpus-${repo.name}-styled-back-`);
      const api = new ApiClient({ endpoint: emulator.url, token: 'emulator-admin', logger: silentLogger });
      try {
        await pullSpace({ api, download: downloader.download }, { spaceId: 'space-docs', directory: join(back, 'docs') });
      } finally {
        await api.close();
      }
      // The pulled pages differ from the repository's byte for byte, not in what they mean.
      const readme = repo.pages[0] ?? '';
      expect(await readFile(join(back, 'docs', readme), 'utf8')).not.toBe(await readFile(join(docs, readme), 'utf8'));
      const backConfig = configFor(emulator, back, target);
      expect((await syncOnce(backConfig, true)).results[0]?.outcome).toBe('skipped');
      const before = emulator.stats().writes;
      const again = await syncOnce(backConfig);
      expect(again.failures).toEqual([]);
      expect(again.results[0]?.outcome).toBe('skipped');
      expect(emulator.stats().writes - before).toBe(0);

      // A description that says something else is a change.
      const page = join(back, 'docs', readme);
      await writeFile(page, (await readFile(page, 'utf8')).replace(/^description: /m, 'description: Changed. '));
      const edited = await syncOnce(configFor(emulator, back, target));
      expect(edited.results[0]?.outcome).toBe('imported');
      expect(edited.results[0]?.diff?.changed).toEqual([readme]);
    },
  );

  it('docs-root-redirects: pulled with --force over a clone of the repository, nothing in it changes (root and redirects kept)', async () => {
    emulator.reset();
    const work = await makeTempDir('docsync-corpus-clone-');
    await cp(join(CORPUS, 'docs-root-redirects'), join(work, 'docs'), { recursive: true });
    expect((await syncOnce(configFor(emulator, work, { mode: 'direct' }))).failures).toEqual([]);

    const clone = await makeTempDir('docsync-corpus-clone-');
    await cp(join(CORPUS, 'docs-root-redirects'), clone, { recursive: true });
    const api = new ApiClient({ endpoint: emulator.url, token: 'emulator-admin', logger: silentLogger });
    try {
      const pulled = await pullSpace({ api, download: downloader.download }, { spaceId: 'space-docs', directory: clone, force: true });
      expect(pulled.written).not.toContain('.gitbook.yaml');
      expect(pulled.written).toContain('docs/guides/install.md');
    } finally {
      await api.close();
    }
    const original = join(CORPUS, 'docs-root-redirects');
    expect(await listFiles(clone)).toEqual(await listFiles(original));
    for (const path of await listFiles(original))
      expect([path, (await readFile(join(clone, path))).equals(await readFile(join(original, path)))]).toEqual([path, true]);
  });

  it('large-assets: bundling every asset goes over import.maxBytes and fails before any write', async () => {
    emulator.reset();
    const repo = CASES.find((c) => c.name === 'large-assets')!;
    const work = await makeTempDir('docsync-corpus-limit-');
    const docs = join(work, 'docs');
    await cp(join(CORPUS, repo.name), docs, { recursive: true });
    await writeTree(docs, repo.generated ?? {});
    const config = configFor(emulator, work, { mode: 'direct', ...repo.target, assets: { include: ['.gitbook/assets/**'] } });
    const before = emulator.stats().writes;
    const report = await syncOnce(config);
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]).toMatchObject({ code: 'E_CONTENT_TOO_LARGE', exitCode: 2 });
    expect(emulator.stats().writes).toBe(before);
  });
});

describe("corpus on today's API (content batches): sync, a runner without .docsync/, pull → sync", () => {
  let current: RunningEmulator;
  beforeAll(async () => {
    current = await startTestEmulator({ contract: 'current' });
  });
  afterAll(() => current.close());

  /** Document pages (by title) and files (by name) of the space's main content. */
  async function landed(): Promise<{ pages: string[]; files: string[] }> {
    interface LivePage {
      type: string;
      title: string;
      pages?: LivePage[];
    }
    const revision = json((await call(current, 'GET', '/v1/spaces/space-docs/content')).body) as { pages: LivePage[]; files: { name: string }[] };
    const pages: string[] = [];
    const walk = (list: readonly LivePage[]): void =>
      list.forEach((page) => {
        if (page.type === 'document') pages.push(page.title);
        walk(page.pages ?? []);
      });
    walk(revision.pages);
    return { pages: pages.sort(), files: revision.files.map((file) => file.name).sort() };
  }

  it.each(CASES)('$name lands whole; a runner without state and the pulled folder write nothing', async (repo) => {
    current.reset();
    const work = await makeTempDir(`docsync-corpus-current-${repo.name}-`);
    const docs = join(work, 'docs');
    await cp(join(CORPUS, repo.name), docs, { recursive: true });
    await writeTree(docs, repo.generated ?? {});
    const target = { mode: 'direct', ...repo.target };
    const config = configFor(current, work, target);

    const dry = await syncOnce(config, true);
    expect(dry.failures).toEqual([]);
    // The space's first page, made in the editor, becomes the readme in place: every other page is new.
    // With them, a page for each `##` group the space lacks (`groups: pages`, the default), named by its key.
    const planned = dry.results[0]?.diff;
    expect([...(planned?.added ?? []), ...(planned?.changed ?? [])].filter((path) => !isHeadingKey(path)).sort()).toEqual(repo.pages);
    const real = await syncOnce(config);
    expect(real.failures).toEqual([]);
    expect(real.results[0]).toMatchObject({ outcome: 'merged', delivery: 'changes' });
    const live = await landed();
    const state = () => new FileStateStore(join(work, '.docsync', 'state.json')).get(stateKey('docs'));
    const headings = [...((await state())?.delivered?.pages.keys() ?? [])].filter(isHeadingKey);
    expect(live.pages).toHaveLength(repo.pages.length + headings.length);
    expect(live.files).toEqual(repo.files.map((path) => path.slice(path.lastIndexOf('/') + 1)).sort());

    // A CI runner: the same repository, no .docsync/. Proved unchanged by the sync token, it reads
    // no page and so keeps no record of them.
    const kept = await state();
    await rm(join(work, '.docsync'), { recursive: true, force: true });
    const before = current.stats().writes;
    const stateless = await syncOnce(config);
    expect(stateless.failures).toEqual([]);
    expect(stateless.results[0]?.outcome).toBe('skipped');
    expect(current.stats().writes - before).toBe(0);

    // Pull into a new folder with the record the syncing runner kept (as `docsync pull --config`
    // does), then sync that folder back from a runner without state.
    const back = await makeTempDir(`docsync-corpus-current-${repo.name}-back-`);
    const api = new ApiClient({ endpoint: current.url, token: 'emulator-admin', logger: silentLogger });
    const known = pullRecordOf(kept);
    try {
      const pulled = await pullSpace({ api, download: downloader.download }, { spaceId: 'space-docs', directory: join(back, 'docs'), known });
      expect(pulled.pages).toBe(repo.pages.length);
    } finally {
      await api.close();
    }
    const backConfig = configFor(current, back, target);
    expect((await syncOnce(backConfig, true)).results[0]?.outcome).toBe('skipped');
    const beforeBack = current.stats().writes;
    const backReal = await syncOnce(backConfig);
    expect(backReal.failures).toEqual([]);
    expect(backReal.results[0]?.outcome).toBe('skipped');
    expect(current.stats().writes - beforeBack).toBe(0);
    expect(await landed()).toEqual(live);
  });
});

/** Long enough that an 80-column writer folds it, with the characters that make YAML quote. */
const LONG = 'Everything about this space: what it holds, who keeps it, and "how" to ask for changes, in one sentence that runs well past eighty columns.';

/**
 * Rewrites the pages' frontmatter as other writers do, without changing what it says: descriptions
 * double-quoted, single-quoted or plain, each on one line however long; the first page gets a long one.
 */
async function restyleFrontmatter(docs: string, pages: readonly string[]): Promise<number> {
  const styles = [Scalar.QUOTE_DOUBLE, Scalar.QUOTE_SINGLE, Scalar.PLAIN] as const;
  let restyled = 0;
  for (const [index, page] of pages.entries()) {
    const file = join(docs, page);
    const text = await readFile(file, 'utf8');
    const block = /^---\n([\s\S]*?)---\n/.exec(text);
    const doc = parseDocument(block?.[1] ?? '');
    if (index === 0) doc.set('description', LONG);
    const description = doc.get('description', true);
    if (!(description instanceof Scalar)) continue;
    description.type = index === 0 ? Scalar.QUOTE_DOUBLE : styles[index % styles.length];
    await writeFile(file, `---\n${doc.toString({ lineWidth: 0 })}---\n${block === null ? text : text.slice(block[0].length)}`);
    restyled += 1;
  }
  return restyled;
}
