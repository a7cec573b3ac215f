import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { runDocsync, type DocsyncRun } from '../../support/run-docsync.js';
import { git, makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

/**
 * Settings refused before any write, through the built CLI against the seed's emulator: the exit
 * code, the setting named, and the emulator's own count of writes unchanged.
 */

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
});
let writesBefore = 0;
beforeEach(async () => {
  emulator.reset();
  writesBefore = await apiWrites();
});
const writesSince = async (): Promise<number> => (await apiWrites()) - writesBefore;

const TOKEN = 'emulator-admin';
const SPACE = 'spaces:\n  - name: docs\n    directory: ./docs\n    spaceId: space-docs\n';

async function apiWrites(): Promise<number> {
  const response = await fetch(new URL('/_emulator/stats', emulator.url));
  return ((await response.json()) as { writes: number }).writes;
}

/** A committed docs repository on branch main holding `files` (docsync.yaml among them). */
async function repo(files: Record<string, string>): Promise<string> {
  const dir = await makeTempDir('docsync-settings-');
  await writeTree(dir, { 'docs/README.md': '# Home\n', 'docs/SUMMARY.md': '# Summary\n\n* [Home](README.md)\n', ...files });
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '.');
  git(dir, 'commit', '-qm', 'docs');
  return dir;
}

const docsync = (args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<DocsyncRun> =>
  runDocsync(args, cwd, { DOCSYNC_ENDPOINT: emulator.url, DOCSYNC_TOKEN: TOKEN, DOCSYNC_LOG_LEVEL: 'silent', ...env });

describe('platformEditsBranch is refused at load', () => {
  it.each([
    ['-f', 'starts with "-"'],
    ['../x', 'contains ".."'],
  ])('%s: exit 2, the setting named, 0 writes, no branch made', async (branch, says) => {
    const dir = await repo({ 'docsync.yaml': `${SPACE}    platformEditsBranch: '${branch}'\n` });
    const run = await docsync(['sync', '--once'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`spaces.0.platformEditsBranch: ${JSON.stringify(branch)} ${says}`);
    expect(await writesSince()).toBe(0);
    expect(git(dir, 'branch', '--list')).not.toContain(branch);
  });
});

describe("delivery: changes on the seed's API", () => {
  it('is refused before any write: exit 2, "this API has no content batches", 0 writes', async () => {
    const dir = await repo({ 'docsync.yaml': `${SPACE}    delivery: changes\n` });
    const run = await docsync(['sync', '--once'], dir);
    expect(run.stdout + run.stderr).toContain('this API has no content batches');
    expect(run.code).toBe(2);
    expect(await writesSince()).toBe(0);
  });
});

const OAS = "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\n";

describe('a FIFO where a file is read ends at once: exit 2, "not a regular file"', () => {
  // Each used to wait forever for a writer: ending within the test's timeout is the check.
  it('as gitbook-docs.yaml (site plan)', async () => {
    const dir = await repo({ 'docsync.yaml': 'site:\n  organization: org-1\n' });
    execFileSync('mkfifo', [join(dir, 'gitbook-docs.yaml')]);
    const run = await docsync(['site', 'plan'], dir);
    expect(run.stdout + run.stderr).toContain('gitbook-docs.yaml: cannot read the site manifest (not a regular file (a fifo))');
    expect(run.code).toBe(2);
    expect(await writesSince()).toBe(0);
  }, 20_000);

  it('as the spec file (spec validate)', async () => {
    const dir = await repo({});
    execFileSync('mkfifo', [join(dir, 'openapi.yaml')]);
    const run = await docsync(['spec', 'validate', 'openapi.yaml'], dir);
    expect(run.stdout + run.stderr).toContain('cannot read the spec file (not a regular file (a fifo))');
    expect(run.code).toBe(2);
  }, 20_000);

  it('as a $ref target (spec validate), named at the line of the $ref', async () => {
    const dir = await repo({ 'openapi.yaml': `${OAS}components:\n  schemas:\n    A:\n      $ref: './pipe.yaml'\n` });
    execFileSync('mkfifo', [join(dir, 'pipe.yaml')]);
    const run = await docsync(['spec', 'validate', 'openapi.yaml'], dir);
    expect(run.stdout + run.stderr).toContain('openapi.yaml:7');
    expect(run.stdout + run.stderr).toContain('pipe.yaml cannot be read (not a regular file (a fifo))');
    expect(run.code).toBe(2);
  }, 20_000);

  it('as docsync.yaml', async () => {
    const dir = await repo({});
    execFileSync('mkfifo', [join(dir, 'docsync.yaml')]);
    const run = await docsync(['sync', '--once'], dir);
    expect(run.stdout + run.stderr).toContain('cannot read the configuration (not a regular file (a fifo))');
    expect(run.code).toBe(2);
    expect(await writesSince()).toBe(0);
  }, 20_000);
});

describe('raw errors become exit 2 naming the setting', () => {
  it('daemon --http garbage: exit 2 naming --http, before anything starts', async () => {
    const dir = await repo({ 'docsync.yaml': SPACE });
    const run = await docsync(['daemon', '--http', 'garbage'], dir);
    expect(run.stderr).toContain("option '--http <host:port>' argument 'garbage' is invalid");
    expect(run.code).toBe(2);
    expect(await writesSince()).toBe(0);
  });

  it('emulator --fixtures nope.yaml: exit 2 naming the file and --fixtures', async () => {
    const dir = await repo({});
    const run = await docsync(['emulator', '--port', '0', '--fixtures', 'nope.yaml'], dir);
    expect(run.stderr).toContain('nope.yaml: --fixtures: cannot read the fixture file (ENOENT)');
    expect(run.code).toBe(2);
  });
});
