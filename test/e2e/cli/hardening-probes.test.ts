import { mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startByteServer, textEntries, type ByteServer } from '../../support/byte-server.js';
import { call, startTestEmulator } from '../../support/emulator-harness.js';
import { freePort } from '../../support/free-port.js';
import { runDocsync, type DocsyncRun } from '../../support/run-docsync.js';
import { git, makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';
import { testRedisUrl } from '../../support/test-environment.js';

/**
 * Bad input and hostile content through the built CLI, each in a fresh folder against the emulator:
 * the exit code, the file or field the message names, and no write reaching the API. A command that
 * used to hang is proven to exit by finishing within the test's timeout.
 */

let emulator: RunningEmulator;
let server: ByteServer;
beforeAll(async () => {
  [emulator, server] = await Promise.all([startTestEmulator({ contract: 'seed' }), startByteServer()]);
});
afterAll(async () => {
  await Promise.all([emulator.close(), server.close()]);
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

/** Writes the API accepted or refused since the emulator started, by its own count. */
async function apiWrites(): Promise<number> {
  const response = await fetch(new URL('/_emulator/stats', emulator.url));
  return ((await response.json()) as { writes: number }).writes;
}

/** A committed docs repository holding `files` (docsync.yaml among them). */
async function repo(files: Record<string, string>): Promise<string> {
  const dir = await makeTempDir('docsync-probe-');
  await writeTree(dir, { 'docs/README.md': '# Home\n', 'docs/SUMMARY.md': '# Summary\n\n* [Home](README.md)\n', ...files });
  git(dir, 'init', '-q');
  git(dir, 'add', '.');
  git(dir, 'commit', '-qm', 'docs');
  return dir;
}

const docsync = (args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<DocsyncRun> =>
  runDocsync(args, cwd, { DOCSYNC_ENDPOINT: emulator.url, DOCSYNC_TOKEN: TOKEN, DOCSYNC_LOG_LEVEL: 'silent', ...env });

describe('sync --once exits when the run fails after the artifact server started', () => {
  it('an endpoint carrying credentials: exit 2, the refusal printed once', async () => {
    const dir = await repo({ 'docsync.yaml': SPACE });
    const run = await docsync(['sync', '--once'], dir, { DOCSYNC_ENDPOINT: 'http://u:pw@127.0.0.1:1' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('must not carry credentials');
    expect(run.stderr).not.toContain('pw@');
  });

  it('state.backend: redis with Redis unreachable: exit 5, the documented message, no API write', async () => {
    const port = await freePort();
    const dir = await repo({ 'docsync.yaml': `${SPACE}state:\n  backend: redis\nredis:\n  url: redis://127.0.0.1:${port}\n` });
    const run = await docsync(['sync', '--once'], dir);
    expect(run.code).toBe(5);
    expect(run.stderr).toContain(`Redis at redis://127.0.0.1:${port} is unreachable`);
    expect(await writesSince()).toBe(0);
  });
});

describe('signed migration sources never show their signature', () => {
  const SIGNATURE = 'f0e1d2c3b4a5968778695a4b3c2d1e0ff0e1d2c3b4a59687';
  const CREDENTIAL = 'AKIAPROBEEXAMPLE7Q2Z';

  it('in progress, JSON events, --report, errors and the run ledger; in the --dry-run --json plan too', async () => {
    const dir = await makeTempDir('docsync-probe-signed-');
    const query = `?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=${CREDENTIAL}%2F20260101%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Signature=${SIGNATURE}`;
    server.set(`/guide.md${query}`, '# Guide\n\nHello.\n', 'text/markdown');
    const gone = server.url(`/gone.md?signature=${SIGNATURE}`);
    const plan = [
      'items:',
      `  - {id: guide, source: {markdown: "${server.url(`/guide.md${query}`)}"}, space: space-docs, mode: direct}`,
      `  - {id: gone, source: {markdown: "${gone}"}, space: space-api, mode: direct}`,
      `  - {id: tokened, source: "${server.url(`/nothing.zip?token=${SIGNATURE}`)}", space: no-such-space, mode: direct}`,
    ].join('\n');
    await writeFile(join(dir, 'plan.yaml'), `${plan}\n`);

    const dry = await docsync(['migrate', 'plan.yaml', '--dry-run', '--json'], dir);
    expect(dry.stdout).toContain('?[redacted]');
    const run = await docsync(['migrate', 'plan.yaml', '--json', '--report', 'report.json'], dir);
    expect(run.code).toBe(1);
    const report = await readFile(join(dir, 'report.json'), 'utf8');
    expect(report).toContain('"guide"');
    const ledger = await readFile(join(dir, '.docsync', 'state.json'), 'utf8');
    for (const output of [dry.stdout, dry.stderr, run.stdout, run.stderr, report, ledger]) {
      expect(output).not.toContain(SIGNATURE);
      expect(output).not.toContain(CREDENTIAL);
    }
  });
});

describe('pull writes inside its folder only', () => {
  /** Imports a GitBook-format zip of `files` into space-docs. */
  async function spaceHolding(files: Record<string, string>): Promise<void> {
    const name = `/space-${Math.random().toString(36).slice(2)}.zip`;
    server.set(name, zipSync(textEntries(files)), 'application/zip');
    const imported = await call(emulator, 'POST', '/v1/spaces/space-docs/content/import', { body: { url: server.url(name), source: 'zip' } });
    expect(imported.status).toBe(201);
    writesBefore = await apiWrites();
  }
  const SPACE_FILES = { 'README.md': '# Welcome\n\nPulled.\n', 'SUMMARY.md': '# Summary\n\n* [Welcome](README.md)\n' };

  it('--force into a folder with symbolic links out of it: exit 2, each link named, nothing written through them', async () => {
    await spaceHolding(SPACE_FILES);
    const dir = await makeTempDir('docsync-probe-links-');
    await writeTree(dir, { 'outside/secret.md': 'keep me\n', 'outside/dir/keep.txt': 'keep\n', 'out/notes.txt': 'mine\n' });
    await symlink(join(dir, 'outside/secret.md'), join(dir, 'out/README.md'));
    const run = await docsync(['pull', 'space-docs', 'out', '--force'], dir, { DOCSYNC_ENDPOINT: emulator.url });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('README.md');
    expect(run.stderr).toContain('symbolic link');
    expect(await readFile(join(dir, 'outside/secret.md'), 'utf8')).toBe('keep me\n');
    await expect(stat(join(dir, 'out/SUMMARY.md'))).rejects.toThrow('ENOENT');
    expect(await writesSince()).toBe(0);
  });

  it('--force into a folder whose sub-folder is a link out: refused before any write', async () => {
    await spaceHolding({ ...SPACE_FILES, 'SUMMARY.md': '# Summary\n\n* [Welcome](README.md)\n* [Tmp](tmp/page.md)\n', 'tmp/page.md': '# Tmp\n' });
    const dir = await makeTempDir('docsync-probe-dirlink-');
    await writeTree(dir, { 'outside/keep.txt': 'keep\n', 'out/notes.txt': 'mine\n' });
    await symlink(join(dir, 'outside'), join(dir, 'out/tmp'));
    const run = await docsync(['pull', 'space-docs', 'out', '--force', '--json'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('tmp');
    await expect(stat(join(dir, 'outside/page.md'))).rejects.toThrow('ENOENT');
    await expect(stat(join(dir, 'out/README.md'))).rejects.toThrow('ENOENT');
  });

  it('into a path that is a file: exit 2, the path named', async () => {
    const dir = await makeTempDir('docsync-probe-file-');
    await writeFile(join(dir, 'out'), 'a file\n');
    const run = await docsync(['pull', 'space-docs', 'out'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${join(dir, 'out')} is a file, not a folder`);
    expect(await readFile(join(dir, 'out'), 'utf8')).toBe('a file\n');
  });

  it('a space file synced from docsync.yaml does not replace the configuration: written under .gitbook/assets/, with a warning', async () => {
    await spaceHolding({ ...SPACE_FILES, 'docsync.yaml': 'api:\n  endpoint: https://attacker.example\n' });
    const dir = await repo({ 'docsync.yaml': SPACE });
    const config = await readFile(join(dir, 'docsync.yaml'), 'utf8');
    const run = await docsync(['pull', 'space-docs', '.', '--force', '--config', 'docsync.yaml'], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('docsync.yaml, outside the docs layout');
    expect(await readFile(join(dir, 'docsync.yaml'), 'utf8')).toBe(config);
    expect(await readFile(join(dir, '.gitbook/assets/docsync.yaml'), 'utf8')).toContain('attacker');
    expect(await writesSince()).toBe(0);
  });
});

describe('a state file that cannot be one', () => {
  it('.docsync/state.json is a folder: exit 2, the file named', async () => {
    const dir = await repo({ 'docsync.yaml': SPACE });
    await mkdir(join(dir, '.docsync', 'state.json'), { recursive: true });
    const run = await docsync(['sync', '--once', '--json'], dir);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('the state file is a folder');
    expect(run.stdout).toContain(join(dir, '.docsync', 'state.json'));
    expect(await writesSince()).toBe(0);
  });
});

describe('status with a token the API refuses', () => {
  it('shows every space, then exits 3 as the exit-code table says', async () => {
    const dir = await repo({ 'docsync.yaml': `${SPACE}redis:\n  url: ${testRedisUrl()}\n  prefix: probe-status\n` });
    const run = await docsync(['status'], dir, { DOCSYNC_TOKEN: 'gb_api_wrong_token_1' });
    expect(run.code).toBe(3);
    expect(run.stdout).toContain('space-docs');
    expect(run.stdout).toContain('unavailable:');
    expect(await writesSince()).toBe(0);
  });
});
