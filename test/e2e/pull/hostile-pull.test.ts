import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startByteServer, textEntries, type ByteServer } from '../../support/byte-server.js';
import { call, startTestEmulator } from '../../support/emulator-harness.js';
import { runDocsync, type DocsyncRun } from '../../support/run-docsync.js';
import { git, makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

/**
 * `pull --force` over a repository from a space that holds what a hostile API could put there: CI and
 * tool files at the top, a `.git` folder in another case. Pull writes documentation only.
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
beforeEach(() => emulator.reset());

const CI_AND_TOOL_FILES = [
  '.gitlab-ci.yml',
  'package.json',
  '.npmrc',
  'Makefile',
  '.envrc',
  '.pre-commit-config.yaml',
  'Jenkinsfile',
  'bitbucket-pipelines.yml',
  '.travis.yml',
  '.gitattributes',
  '.gitmodules',
  '.gitignore',
];
const SPACE_FILES = { 'README.md': '# Welcome\n\nPulled.\n', 'SUMMARY.md': '# Summary\n\n* [Welcome](README.md)\n' };

/** Imports a GitBook-format zip of `files` into space-docs. */
async function spaceHolding(files: Record<string, string>): Promise<void> {
  const name = `/space-${Math.random().toString(36).slice(2)}.zip`;
  server.set(name, zipSync(textEntries(files)), 'application/zip');
  const imported = await call(emulator, 'POST', '/v1/spaces/space-docs/content/import', { body: { url: server.url(name), source: 'zip' } });
  expect(imported.status).toBe(201);
}

/** A committed repository holding `files`, and what each file held. */
async function repoHolding(files: Record<string, string>): Promise<string> {
  const dir = await makeTempDir('docsync-hostile-pull-');
  await writeTree(dir, files);
  git(dir, 'init', '-q');
  git(dir, 'add', '.');
  git(dir, 'commit', '-qm', 'repo');
  return dir;
}

const pull = (args: readonly string[], cwd: string): Promise<DocsyncRun> =>
  runDocsync(['pull', 'space-docs', ...args], cwd, { DOCSYNC_ENDPOINT: emulator.url, DOCSYNC_TOKEN: 'emulator-admin', DOCSYNC_LOG_LEVEL: 'silent' });

describe('pull --force from a space holding CI and tool files', () => {
  it('overwrites none of them, lists each as skipped, and writes the pages', async () => {
    await spaceHolding({ ...SPACE_FILES, ...Object.fromEntries(CI_AND_TOOL_FILES.map((file) => [file, `planted by the space: ${file}\n`])) });
    const mine = Object.fromEntries(CI_AND_TOOL_FILES.map((file) => [file, `the repository's own ${file}\n`]));
    const dir = await repoHolding(mine);
    const writes = emulator.stats().writes;
    const run = await pull(['.', '--force'], dir);
    expect(run.code, run.stderr).toBe(0);
    for (const file of CI_AND_TOOL_FILES) {
      expect(await readFile(join(dir, file), 'utf8')).toBe(mine[file]);
      // The import keeps no dot-file at the top; every other one reaches the pull, which lists it.
      if (!file.startsWith('.')) expect(run.stdout).toContain(`${file}: a file of the space at the folder's top that is not documentation`);
    }
    expect(await readFile(join(dir, 'README.md'), 'utf8')).toContain('Pulled.');
    expect(emulator.stats().writes).toBe(writes);
  });

  it('with --any-path writes them, and still nothing inside .git', async () => {
    await spaceHolding({ ...SPACE_FILES, 'package.json': '{"planted":true}\n', '.GIT/hooks/post-checkout': '#!/bin/sh\necho planted\n' });
    const dir = await repoHolding({ 'package.json': '{"mine":true}\n' });
    const run = await pull(['.', '--force', '--any-path'], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(await readFile(join(dir, 'package.json'), 'utf8')).toBe('{"planted":true}\n');
    await expect(stat(join(dir, '.git', 'hooks', 'post-checkout'))).rejects.toThrow('ENOENT');
  });

  it('over a .gitbook.yaml whose root is inside .git: refused before any write, the file named', async () => {
    await spaceHolding(SPACE_FILES);
    const dir = await repoHolding({ '.gitbook.yaml': 'root: ./.git/\n' });
    const config = await readFile(join(dir, '.git', 'config'), 'utf8');
    const run = await pull(['.', '--force', '--any-path'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${join(dir, '.gitbook.yaml')}: its root ".git" is inside the .git folder`);
    expect(await readFile(join(dir, '.git', 'config'), 'utf8')).toBe(config);
    await expect(stat(join(dir, '.git', 'README.md'))).rejects.toThrow('ENOENT');
  });
});
