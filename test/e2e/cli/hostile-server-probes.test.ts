import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI } from '../../support/daemon-harness.js';
import { sendEndless } from '../../support/endless-answers.js';
import { runDocsync, type DocsyncRun } from '../../support/run-docsync.js';
import { git, makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';
import { errorBody, sendJson, startServer, type Handler, type LoopbackServer } from '../../support/loopback-server.js';

/**
 * The built CLI against an API that misbehaves on purpose (a real loopback HTTP server): what it
 * answers must not take over the CI log, leak the token, or hold the run's memory and time.
 */

const TOKEN = 'gb_api_Probe7TokenXyZ123456';
const SPACE = 'spaces:\n  - name: docs\n    directory: ./docs\n    spaceId: space-docs\n';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await removeTempDirs();
});

async function repo(): Promise<string> {
  const dir = await makeTempDir('docsync-hostile-');
  await writeTree(dir, { 'docsync.yaml': SPACE, 'docs/README.md': '# Home\n', 'docs/SUMMARY.md': '# Summary\n\n* [Home](README.md)\n' });
  git(dir, 'init', '-q');
  git(dir, 'add', '.');
  git(dir, 'commit', '-qm', 'docs');
  return dir;
}

/** `sync --once` under GitHub Actions against `handler`; every output it makes, files included. */
async function syncUnderActions(handler: Handler, args: readonly string[] = []): Promise<{ run: DocsyncRun; outputs: string[] }> {
  server = await startServer(handler);
  const dir = await repo();
  const summary = join(dir, 'step-summary.md');
  const outputs = join(dir, 'github-output.txt');
  await Promise.all([writeFile(summary, ''), writeFile(outputs, '')]);
  const run = await runDocsync(['sync', '--once', ...args], dir, {
    DOCSYNC_ENDPOINT: server.url,
    DOCSYNC_TOKEN: TOKEN,
    DOCSYNC_LOG_LEVEL: 'debug',
    DOCSYNC_LOG_FORMAT: 'json',
    GITHUB_ACTIONS: 'true',
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_OUTPUT: outputs,
  });
  return { run, outputs: [run.stdout, run.stderr, await readFile(summary, 'utf8'), await readFile(outputs, 'utf8')] };
}

const PLANTED = '\n::warning::planted by the server\r\n::add-mask::leaked\n  ::set-output name=status::synced\n::error::forged';

describe('server text never becomes a workflow command', () => {
  for (const args of [[], ['--json']]) {
    it(`an API error message with workflow commands in it (sync --once ${args.join(' ')})`, async () => {
      const { run, outputs } = await syncUnderActions((_hit, res) => sendJson(res, 403, errorBody(403, `denied${PLANTED}`)), args);
      expect(run.code).not.toBe(0);
      expect(run.stdout + run.stderr).toContain('denied');
      for (const output of outputs) {
        for (const line of output.split(/\r?\n|\r/)) {
          // docsync's own annotations start with ::error title=docsync; nothing the server wrote may.
          if (/^\s*::/.test(line)) expect(line).toMatch(/^::(error|warning) title=docsync /);
        }
        expect(output).not.toContain('::add-mask::leaked');
        expect(output).not.toMatch(/^\s*::set-output/m);
      }
    });
  }
});

describe('the token is never printed, whatever form the server echoes it in', () => {
  const echoes = [
    `Bearer%20${TOKEN}`,
    encodeURIComponent(`Bearer ${TOKEN}`),
    `token_${TOKEN}`,
    `x${TOKEN}y`,
    TOKEN.toUpperCase(),
    Buffer.from(`docs-bot:${TOKEN}`).toString('base64'),
    Buffer.from(`Bearer ${TOKEN}`).toString('base64url'),
  ];
  for (const status of [401, 500]) {
    it(`in a ${status} answer, on stdout, stderr, JSON logs, --json, annotations, the step summary and the outputs`, async () => {
      const handler: Handler = (_hit, res) => sendJson(res, status, errorBody(status, `echo: ${echoes.join(' | ')}`));
      for (const args of [[], ['--json']]) {
        const { run, outputs } = await syncUnderActions(handler, args);
        expect(run.code).not.toBe(0);
        expect(run.stdout + run.stderr).toContain('echo: ');
        for (const output of outputs) {
          for (const echo of [TOKEN, ...echoes]) expect(output.toLowerCase()).not.toContain(echo.toLowerCase());
          expect(output.toLowerCase()).not.toContain(TOKEN.toLowerCase().slice(4, -4));
        }
        await server?.close();
        server = undefined;
      }
    });
  }
});

/** Runs the CLI under `/usr/bin/time`, for the child's peak resident memory. */
function runMeasured(args: readonly string[], cwd: string, env: Record<string, string>): Promise<DocsyncRun & { maxRssKiB: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', 'peak-rss-kib=%M', process.execPath, CLI, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr, maxRssKiB: Number(/peak-rss-kib=(\d+)/.exec(stderr)?.[1] ?? Number.NaN) }));
  });
}

describe('an API that never stops answering', () => {
  it('ends the sync non-zero, naming api.maxResponseBytes, with peak memory under 600 MB', { timeout: 120_000 }, async () => {
    server = await startServer((_hit, res) => sendEndless(res));
    const dir = await repo();
    const run = await runMeasured(['sync', '--once'], dir, { DOCSYNC_ENDPOINT: server.url, DOCSYNC_TOKEN: TOKEN, DOCSYNC_LOG_LEVEL: 'silent' });
    expect(run.code, run.stderr).not.toBe(0);
    expect(run.code).not.toBeNull();
    expect(run.stdout + run.stderr).toContain('api.maxResponseBytes');
    expect(run.maxRssKiB).toBeGreaterThan(0);
    expect(run.maxRssKiB).toBeLessThanOrEqual(600 * 1024);
  });
});
