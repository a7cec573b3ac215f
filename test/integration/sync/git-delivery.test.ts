import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { createLogger } from '../../../src/logging/logger.js';
import { runSyncOnce } from '../../../src/runtime/run-sync-once.js';
import type { SyncReport } from '../../../src/runtime/sync-report.js';
import { formatHuman, formatJson, formatStepSummary } from '../../../src/cli/sync-report.js';
import { EXIT } from '../../../src/failure/exit-codes.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { liveTree, type TreeNode } from '../../support/live-tree.js';
import { startServer, type LoopbackServer } from '../../support/loopback-server.js';
import { sink } from '../../support/memory-sink.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { git, makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

/** Two `##` groups, an item without a link holding two pages, a link entry, and a redirect. */
const DOCS: Record<string, string> = {
  '.gitbook.yaml': 'redirects:\n  old-install: guide/install.md\n',
  'README.md': '# Welcome\n\nStart here.\n',
  'SUMMARY.md': [
    '# Table of contents',
    '',
    '* [Welcome](README.md)',
    '',
    '## Guide',
    '',
    '* [Install](guide/install.md)',
    '* Libraries',
    '  * [Client](libraries/client.md)',
    '  * [Server](libraries/server.md)',
    '',
    '## Reference',
    '',
    '* [API](reference/api.md)',
    '* [Status page](https://status.example.com)',
    '',
  ].join('\n'),
  'guide/install.md': '# Install\n\nRun it.\n',
  'libraries/client.md': '# Client\n\nThe client.\n',
  'libraries/server.md': '# Server\n\nThe server.\n',
  'reference/api.md': '# API\n\nCalls.\n',
};

const page = (title: string, children: TreeNode[] = []): TreeNode => ({ type: 'document', title, children });
const EXPECTED: TreeNode[] = [
  page('Welcome'),
  { type: 'group', title: 'Guide', children: [page('Install'), page('Libraries', [page('Client'), page('Server')])] },
  { type: 'group', title: 'Reference', children: [page('API'), { type: 'link', title: 'Status page', children: [] }] },
];

const SECRET = 's3cr3t-token-4242';

/** A repository whose docs are in `docs/`, committed on `main` and pushed to a bare repository beside it. */
async function workspace(): Promise<{ dir: string; remote: string }> {
  const dir = await makeTempDir('docsync-git-delivery-');
  const remote = join(await makeTempDir('docsync-git-remote-'), 'docs.git');
  await writeTree(join(dir, 'docs'), DOCS);
  git(dir, 'init', '--quiet');
  git(dir, 'add', 'docs');
  git(dir, 'commit', '--quiet', '-m', 'Docs');
  git(dir, 'init', '--quiet', '--bare', remote);
  git(dir, 'push', '--quiet', remote, 'main');
  git(remote, 'update-server-info');
  return { dir, remote };
}

/** git's "dumb" HTTP protocol over the bare repository's files, behind basic auth: a remote whose URL carries credentials. */
function serveWithAuth(remote: string): Promise<LoopbackServer> {
  const expected = `Basic ${Buffer.from(`docsync:${SECRET}`).toString('base64')}`;
  return startServer(async (hit, res) => {
    if (hit.headers.authorization !== expected) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="docs"' }).end();
      return;
    }
    const file = normalize(join(remote, decodeURIComponent(hit.path).replace(/^\/docs\.git/, '')));
    if (!file.startsWith(remote)) return void res.writeHead(404).end();
    try {
      res.writeHead(200).end(await readFile(file));
    } catch {
      res.writeHead(404).end();
    }
  });
}

function everyOutput(report: SyncReport, logs: string): string {
  return [formatHuman(report, true), formatHuman(report, false), formatJson(report), formatStepSummary(report), logs].join('\n');
}

describe('delivery: git (the platform imports the commit from the repository)', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator({ contract: 'current' });
  });
  afterAll(() => emulator.close());
  afterEach(async () => {
    emulator.reset();
    await removeTempDirs();
  });

  // The fixture's space holds pages no git import made: the first import replaces them.
  const target = (url: string, git: Record<string, unknown> = {}) => ({
    delivery: 'git',
    mode: 'direct',
    source: 'HEAD',
    platformEdits: 'overwrite',
    git: { url, timeout: '30s', ...git },
  });

  it('gives the space the groups, the link entry and the item without a link, and a second run, with state or without, writes nothing', async () => {
    const { dir, remote } = await workspace();
    const loaded = configFor(emulator, dir, target(`file://${remote}`));
    const kept = await syncOnce(configFor(emulator, dir, { ...target(`file://${remote}`), platformEdits: 'preserve' }));
    expect(kept.failures[0]).toMatchObject({ code: 'E_GIT_IMPORT_OVERWRITE', error: expect.stringContaining('set platformEdits: overwrite') });
    expect(emulator.stats().writes).toBe(0);

    const first = await syncOnce(loaded);
    expect(first.failures).toEqual([]);
    const result = first.results[0];
    expect(result).toMatchObject({
      outcome: 'imported',
      delivery: 'git',
      git: { ref: 'refs/heads/main', commit: git(dir, 'rev-parse', 'HEAD').trim(), pushed: false },
    });
    expect(result?.warnings.filter((warning) => /not delivered/.test(warning))).toEqual([]);
    expect(await liveTree(emulator, 'space-docs')).toEqual(EXPECTED);
    // space-docs is published in site-docs: its redirects follow the import.
    expect(result?.redirects).toMatchObject({ created: 1 });
    const { items } = json((await call(emulator, 'GET', '/v1/orgs/org-emulator/sites/site-docs/redirects')).body);
    expect(items.map((redirect: { source: string; destination: { kind: string } }) => [redirect.source.split('/').at(-1), redirect.destination.kind])).toEqual([
      ['old-install', 'site-page'],
    ]);

    const before = emulator.stats().writes;
    const again = await syncOnce(loaded);
    expect(again.results[0]).toMatchObject({ outcome: 'skipped' });
    await rm(join(dir, '.docsync'), { recursive: true, force: true });
    const read = emulator.stats().total;
    const stateless = await syncOnce(loaded);
    expect(stateless.results[0]).toMatchObject({ outcome: 'skipped', plan: { skipReason: expect.stringContaining('already holds commit') } });
    // The space and its revision, which carries the commit.
    expect(emulator.stats().total - read).toBeLessThanOrEqual(6);
    expect(emulator.stats().writes - before).toBe(0);
    expect(again.writes + stateless.writes).toBe(0);
  });

  it('previews a branch in a change request of its own, by content batches: the git import would write the space itself', async () => {
    const { dir, remote } = await workspace();
    const report = await runSyncOnce(configFor(emulator, dir, target(`file://${remote}`)), {
      dryRun: false,
      branch: 'feature',
      logger: createLogger({ destination: sink(), env: {} }),
    });
    expect(report.failures).toEqual([]);
    expect(report.results[0]).toMatchObject({ target: 'docs@feature', delivery: 'changes', outcome: 'created' });
    expect(report.results[0]?.git).toBeUndefined();
    expect(json((await call(emulator, 'GET', '/v1/spaces/space-docs/content')).body).git).toBeUndefined();
  });

  it('stops with exit 9 and one clear error when the remote lacks the ref, or holds another commit; git.push pushes it', async () => {
    const { dir, remote } = await workspace();
    git(dir, 'checkout', '--quiet', '-b', 'draft');
    await writeFile(join(dir, 'docs/reference/api.md'), '# API\n\nMore calls.\n');
    git(dir, 'commit', '--quiet', '-am', 'More calls');
    const before = emulator.stats().writes;

    const missing = await syncOnce(configFor(emulator, dir, target(`file://${remote}`)));
    expect(missing.results).toEqual([]);
    expect(missing.failures).toHaveLength(1);
    expect(missing.failures[0]).toMatchObject({ exitCode: EXIT.gitRemote, code: 'E_GIT_DELIVERY_REMOTE' });
    expect(missing.failures[0]?.error).toMatch(
      /has no refs\/heads\/draft, so the platform cannot import commit [0-9a-f]{12}: push it first .* or set git\.push: true/,
    );

    const elsewhere = await syncOnce(configFor(emulator, dir, target(`file://${remote}`, { ref: 'refs/heads/main' })));
    expect(elsewhere.failures[0]).toMatchObject({ exitCode: EXIT.gitRemote });
    expect(elsewhere.failures[0]?.error).toMatch(/refs\/heads\/main on .* is at [0-9a-f]{12}, not at commit [0-9a-f]{12} that docsync syncs/);
    expect(emulator.stats().writes - before).toBe(0);

    const pushed = await syncOnce(configFor(emulator, dir, target(`file://${remote}`, { push: true })));
    expect(pushed.failures).toEqual([]);
    expect(pushed.results[0]).toMatchObject({ outcome: 'imported', git: { ref: 'refs/heads/draft', pushed: true } });
    expect(git(remote, 'rev-parse', 'refs/heads/draft')).toBe(git(dir, 'rev-parse', 'HEAD'));
  });

  it('never prints the credentials of the URL: not in logs, errors, --json, the dry run or the step summary', async () => {
    const { dir, remote } = await workspace();
    const server = await serveWithAuth(remote);
    try {
      const url = `http://docsync:${SECRET}@127.0.0.1:${server.port}/docs.git`;
      const run = async (loaded: ReturnType<typeof configFor>, dryRun: boolean): Promise<{ report: SyncReport; logs: string }> => {
        const logs = sink();
        const report = await runSyncOnce(loaded, { dryRun, logger: createLogger({ destination: logs, format: 'json', env: {} }) });
        return { report, logs: logs.text() };
      };

      const planned = await run(configFor(emulator, dir, target(url)), true);
      expect(planned.report.results[0]).toMatchObject({ outcome: 'planned', git: { url: `http://***@127.0.0.1:${server.port}/docs.git` } });
      expect(planned.logs).toContain(`DRY-RUN: would have the platform import commit`);
      expect(emulator.stats().writes).toBe(0);

      const synced = await run(configFor(emulator, dir, target(url)), false);
      expect(synced.report.results[0]).toMatchObject({ outcome: 'imported' });
      expect(await liveTree(emulator, 'space-docs')).toEqual(EXPECTED);

      // A new commit to import: the remote refuses the credentials' user, and a closed port; both fail naming the URL without them.
      await writeFile(join(dir, 'docs/reference/api.md'), '# API\n\nMore calls.\n');
      git(dir, 'commit', '--quiet', '-am', 'More calls');
      const refused = await run(configFor(emulator, dir, target(url.replace('docsync:', 'someone:'))), false);
      const closed = await run(configFor(emulator, dir, target(`http://docsync:${SECRET}@127.0.0.1:1/docs.git`)), false);
      for (const failed of [refused, closed]) {
        expect(failed.report.failures[0]).toMatchObject({ exitCode: EXIT.gitRemote, error: expect.stringContaining('http://***@127.0.0.1:') });
      }
      for (const { report, logs } of [planned, synced, refused, closed]) expect(everyOutput(report, logs)).not.toContain(SECRET);
    } finally {
      await server.close();
    }
  });
});
