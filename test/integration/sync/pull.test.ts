import { appendFile, mkdir, readdir, readFile, realpath, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UrlDownloader } from '../../../src/http/url-downloader.js';
import type { PullIo } from '../../../src/cli/commands/pull-command.js';
import { pullAction } from '../../../src/cli/commands/pull-command.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { WorktreeSource } from '../../../src/content/git/worktree-source.js';
import { parsePageMeta } from '../../../src/content/gitbook/parse-page-meta.js';
import { parseSummary, type SummaryItem } from '../../../src/content/gitbook/parse-summary.js';
import { readDocsRepo } from '../../../src/content/read-docs-repo.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { runSyncOnce } from '../../../src/runtime/run-sync-once.js';
import { ApiClient } from '../../../src/api/api-client.js';
import { PullDownloadError } from '../../../src/sync/pull/pull-download-error.js';
import { FileStateStore } from '../../../src/state/file-state-store.js';
import { pullSpace, type PullSpaceDeps } from '../../../src/sync/pull/pull-space.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

const downloader = new UrlDownloader({ attempts: 1 });
afterAll(() => downloader.close());

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
});
beforeEach(() => emulator.reset());

function io(): PullIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => out.push(t), stderr: (t) => err.push(t), env: {}, logger: silentLogger };
}

/** A docsync.yaml in `dir` pointing at the emulator, with target `docs` → ./docs → space-docs. */
async function writeConfig(dir: string): Promise<string> {
  const file = join(dir, 'docsync.yaml');
  await writeFile(
    file,
    `api:\n  endpoint: ${emulator.url}\n  token: emulator-admin\nspaces:\n  - name: docs\n    directory: ./docs\n    spaceId: space-docs\n`,
  );
  return file;
}

/** Syncs a copy of the example docs into space-docs and merges; returns the copy. */
async function mergedExampleSpace(): Promise<string> {
  const { dir, docs } = await exampleWorkspace();
  const report = await syncOnce(configFor(emulator, dir, { changeRequest: { autoMerge: true } }));
  expect(report.results[0]?.outcome).toBe('merged');
  return docs;
}

const outline = (items: readonly SummaryItem[]): unknown[] => items.map((i) => (i.children.length ? [i.title, outline(i.children)] : i.title));
const stripFrontmatter = (text: string): string => text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');

describe('docsync pull', () => {
  it('writes the space as a GitBook folder with the same outline, bodies, frontmatter and assets', async () => {
    const docs = await mergedExampleSpace();
    const dir = await makeTempDir('docsync-pull-');
    const run = io();
    const target = join(dir, 'pulled');
    expect(await pullAction('space-docs', target, { config: await writeConfig(dir) }, run)).toBe(0);
    expect(run.out.join('')).toContain('Pulled space space-docs');
    expect(run.out.join('')).toContain('No target in');

    const original = parseSummary(await readFile(join(docs, 'SUMMARY.md'), 'utf8'));
    const pulled = parseSummary(await readFile(join(target, 'SUMMARY.md'), 'utf8'));
    expect(pulled.groups.map((g) => [g.title, outline(g.items)])).toEqual(original.groups.map((g) => [g.title, outline(g.items)]));

    const snapshot = await readDocsRepo(new WorktreeSource(target));
    expect(snapshot.warnings).toEqual([]);
    const markdown = (files: readonly { path: string }[]) => files.map((f) => f.path).filter((p) => p.endsWith('.md') && p !== 'SUMMARY.md');
    const pages = markdown(snapshot.files);
    expect(pages).toEqual(markdown((await readDocsRepo(new WorktreeSource(docs))).files));
    expect(pages.length).toBeGreaterThanOrEqual(8);
    for (const path of pages) {
      const mine = await readFile(join(target, path), 'utf8');
      const theirs = await readFile(join(docs, path), 'utf8');
      expect(stripFrontmatter(mine).trim()).toBe(stripFrontmatter(theirs).trim());
      // `hidden: false` is the default, so pull leaves it out.
      const meta = (text: string) => {
        const { description, hidden, icon } = parsePageMeta(text);
        return { description, hidden: hidden === true, icon };
      };
      expect(meta(mine)).toEqual(meta(theirs));
    }
    const asset = '.gitbook/assets/Sync flow (1).png';
    expect(snapshot.files.map((f) => f.path)).toContain(asset);
    expect(await readFile(join(target, asset))).toEqual(await readFile(join(docs, asset)));
  });

  it('records the configured target as synced: the next sync --once is skipped with zero writes', async () => {
    await mergedExampleSpace();
    const dir = await makeTempDir('docsync-pull-');
    const config = await writeConfig(dir);
    const run = io();
    expect(await pullAction('space-docs', join(dir, 'docs'), { config }, run)).toBe(0);
    expect(run.out.join('')).toContain('Recorded as synced for target "docs"');

    const state = await new FileStateStore(join(dir, '.docsync', 'state.json')).get('space:docs');
    expect(state?.lastHash).toBe((await readDocsRepo(new WorktreeSource(join(dir, 'docs')))).contentHash);
    const before = emulator.stats();
    const report = await runSyncOnce(await loadConfig(config, {}), { dryRun: false, logger: silentLogger });
    expect(report.failures).toEqual([]);
    expect(report.results[0]).toMatchObject({ outcome: 'skipped', contentHash: state?.lastHash });
    expect(emulator.stats().writes).toBe(before.writes);
  });

  it.each([
    ['outside the repository of the configuration (../pulled1)', 'repo', '../pulled1', 'docsync.yaml'],
    ['inside it, below the configuration', '.', 'site/pulled', 'docsync.yaml'],
  ])('prints a target that loads when the pulled folder is %s', async (_, configFolder, pulled, hintFile) => {
    await mergedExampleSpace();
    const dir = await realpath(await makeTempDir('docsync-pull-'));
    const home = join(dir, configFolder);
    await mkdir(join(home, '.git'), { recursive: true });
    const config = join(home, 'docsync.yaml');
    await writeFile(config, `api:\n  endpoint: ${emulator.url}\n  token: emulator-admin\n`);
    const target = resolve(home, pulled);
    const run = io();
    expect(await pullAction('space-docs', target, { config }, run)).toBe(0);

    const lines = run.out.join('').split('\n');
    const at = lines.findIndex((line) => line.startsWith('No target in'));
    const file = /(\S+):$/.exec(lines[at] ?? '')?.[1];
    expect(file).toBe(join(dir, hintFile));
    const snippet = lines
      .slice(at + 1)
      .filter((line) => line.startsWith('  '))
      .map((line) => line.slice(2));
    await appendFile(file ?? '', `${snippet.join('\n')}\n`);
    const loaded = await loadConfig(file, {});
    expect(loaded.config.spaces).toMatchObject([{ name: basename(target), spaceId: 'space-docs' }]);
    expect(resolve(loaded.baseDir, loaded.config.spaces[0]?.directory ?? '')).toBe(target);
  });

  it('refuses a non-empty folder without --force, before any API call', async () => {
    const dir = await makeTempDir('docsync-pull-');
    await writeFile(join(dir, 'notes.txt'), 'keep me\n');
    const before = emulator.stats();
    const run = io();
    expect(await pullAction('space-docs', dir, { config: await writeConfig(dir) }, run)).toBe(2);
    expect(run.err.join('')).toContain(`${dir} is not empty`);
    expect(emulator.stats().total).toBe(before.total);

    await mergedExampleSpace();
    expect(await pullAction('space-docs', dir, { config: join(dir, 'docsync.yaml'), force: true }, io())).toBe(0);
    expect(await readFile(join(dir, 'notes.txt'), 'utf8')).toBe('keep me\n');
  });

  it("lays out pages without git paths as GitBook's export does (a group's pages in its slug's folder), with frontmatter only where set", async () => {
    const doc = (id: string, title: string, path: string, extra: Record<string, unknown> = {}) => ({ id, title, type: 'document', path, ...extra });
    const tree = [
      doc('p1', 'Welcome', 'welcome', { pages: [] }),
      {
        id: 'g1',
        title: 'Guides [beta]',
        type: 'group',
        pages: [doc('p2', 'Install', 'install', { pages: [doc('p3', 'On Linux', 'install/linux', { hidden: true, description: 'Tux: yes' })] })],
      },
      { id: 'l1', title: 'Elsewhere', type: 'link' },
    ];
    const api = treeApi(tree);
    const dir = await makeTempDir('docsync-pull-');
    const result = await pullSpace({ api, download: downloader.download }, { spaceId: 's1', directory: dir });

    expect(await readFile(join(dir, 'SUMMARY.md'), 'utf8')).toBe(
      '# Table of contents\n\n* [Welcome](README.md)\n\n## Guides \\[beta\\]\n\n* [Install](guides-beta/install/README.md)\n  * [On Linux](guides-beta/install/linux.md)\n',
    );
    expect(await readFile(join(dir, 'README.md'), 'utf8')).toBe('# Page p1\n');
    expect(await readFile(join(dir, 'guides-beta/install/linux.md'), 'utf8')).toBe("---\ndescription: 'Tux: yes'\nhidden: true\n---\n# Page p3\n");
    expect(result.warnings).toEqual(['link page "Elsewhere" in the top level: only documents and groups are pulled; skipped']);
    expect(result.snapshot.pages.map((g) => [g.title, g.pages.map((p) => p.title)])).toEqual([
      [undefined, ['Welcome']],
      ['Guides [beta]', ['Install']],
    ]);
    expect(result.snapshot.pages[1]!.pages[0]!.children[0]).toMatchObject({ path: 'guides-beta/install/linux.md', hidden: true, description: 'Tux: yes' });
  });

  it('pulled over a repository whose .gitbook.yaml names another readme, writes the first page there and keeps that file', async () => {
    const tree = [
      { id: 'p1', title: 'Welcome', type: 'document', path: 'welcome', pages: [] },
      { id: 'p2', title: 'Install', type: 'document', path: 'install', pages: [] },
    ];
    const api = treeApi(tree);
    const dir = await makeTempDir('docsync-pull-');
    const config = 'root: ./\nstructure:\n  readme: intro.md\n  summary: SUMMARY.md\n';
    await writeFile(join(dir, '.gitbook.yaml'), config);
    const result = await pullSpace({ api, download: downloader.download }, { spaceId: 's1', directory: dir, force: true });

    expect(await readFile(join(dir, 'SUMMARY.md'), 'utf8')).toBe('# Table of contents\n\n* [Welcome](intro.md)\n* [Install](install.md)\n');
    expect(await readFile(join(dir, 'intro.md'), 'utf8')).toBe('# Page p1\n');
    expect(result.written).not.toContain('README.md');
    expect(result.written).not.toContain('.gitbook.yaml');
    expect(await readFile(join(dir, '.gitbook.yaml'), 'utf8')).toBe(config);
    expect(result.snapshot.readme).toBe('intro.md');
  });

  it("caps each file at the syncing target's import.maxBytes, naming the setting, and writes nothing", async () => {
    await mergedExampleSpace();
    const dir = await makeTempDir('docsync-pull-');
    const config = join(dir, 'docsync.yaml');
    await writeFile(config, `${await readFile(await writeConfig(dir), 'utf8')}    import:\n      maxBytes: 50\n`);
    const error = await pullAction('space-docs', join(dir, 'docs'), { config }, io()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PullDownloadError);
    expect((error as PullDownloadError).failures).toEqual([
      expect.stringMatching(/^\.gitbook\/assets\/Sync flow \(1\)\.png: http:\/\/127\.0\.0\.1:\d+\/\S+ is larger than 50 bytes, the most docsync reads$/),
    ]);
    expect((error as Error).message).toContain('A file larger than 50 bytes (import.maxBytes) is not pulled');
    expect(await readdir(dir)).toEqual(['docsync.yaml']);
  });

  it('fails naming every file it could not download, and writes nothing', async () => {
    await mergedExampleSpace();
    const dir = await makeTempDir('docsync-pull-');
    const target = join(dir, 'pulled');
    // The emulator's own download route, asked for a file id it does not hold: a real 404.
    const missing: PullSpaceDeps['download'] = (url, options) => downloader.download(url.replace(/\/[^/]+\/([^/]+)$/, '/no-such-file/$1'), options);
    const api = new ApiClient({ endpoint: emulator.url, token: 'emulator-admin', logger: silentLogger });
    try {
      const error = await pullSpace({ api, download: missing }, { spaceId: 'space-docs', directory: target }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PullDownloadError);
      expect((error as PullDownloadError).failures).toEqual(['.gitbook/assets/Sync flow (1).png: HTTP 404']);
      expect((error as Error).message).toContain('nothing was written');
    } finally {
      await api.close();
    }
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a platform page that would go inside .git in any case, or past the longest path, before writing anything', async () => {
    await mergedExampleSpace();
    const space = emulator.state.spaces.get('space-docs')!;
    const page = emulator.state.revisions.get(space.revision)!.pages.find((p) => p.type === 'document')!;
    const dir = await makeTempDir('docsync-pull-');
    const config = await writeConfig(dir);
    const target = join(dir, 'pulled');
    const hostile = [
      ['.GIT/hooks/post-checkout.md', 'would be written inside the .git folder'],
      [`${Array.from({ length: 25 }, () => 'x'.repeat(199)).join('/')}.md`, 'longer than the 4096 bytes a file system takes'],
    ] as const;
    for (const [path, reason] of hostile) {
      page.git = { oid: page.git?.oid ?? '0'.repeat(40), path };
      const run = io();
      expect(await pullAction('space-docs', target, { config, force: true, anyPath: true }, run)).toBe(2);
      const said = run.err.join('');
      expect(said).toContain(`${target}/${path.slice(0, 20)}`);
      expect(said).toContain(reason);
      expect(said).toContain('nothing was written');
      // Nothing in the target, nothing beside it.
      expect(await readdir(dir)).toEqual(['docsync.yaml']);
    }
  });
});

/** An API whose space holds `tree`, each page's markdown `# Page <id>`, and no files. */
function treeApi(tree: readonly Record<string, unknown>[]): PullSpaceDeps['api'] {
  return {
    content: {
      listPages: () => Promise.resolve(tree),
      getPage: (_target: unknown, id: string) => Promise.resolve({ id, title: id, type: 'document', markdown: `# Page ${id}\n`, ...findPage(tree, id) }),
    },
    list: () => Promise.resolve([]),
  } as unknown as PullSpaceDeps['api'];
}

function findPage(tree: readonly Record<string, unknown>[], id: string): Record<string, unknown> | undefined {
  for (const page of tree) {
    if (page.id === id) return page;
    const found = findPage((page.pages as Record<string, unknown>[] | undefined) ?? [], id);
    if (found) return found;
  }
  return undefined;
}
