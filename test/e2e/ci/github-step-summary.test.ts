import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { CLI } from '../../support/daemon-harness.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { git, makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});
afterAll(removeTempDirs);

/** `sync --once` as a GitHub Actions step: returns stdout and the files the step left for the runner. */
async function step(dir: string, args: readonly string[] = []): Promise<{ code: number | null; stdout: string; output: string; summary: string }> {
  const output = join(dir, '..', 'github-output');
  const summary = join(dir, '..', 'step-summary.md');
  await writeFile(output, '');
  await writeFile(summary, '');
  const child = spawn(process.execPath, [CLI, 'sync', '--once', ...args], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: dir,
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: summary,
      DOCSYNC_TOKEN: 'emulator-admin',
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, stdout, output: await readFile(output, 'utf8'), summary: await readFile(summary, 'utf8') };
}

describe('sync --once under GitHub Actions', () => {
  // The seed's fixture space starts empty; today's holds two pages made in the editor and a home page.
  // Pages sent are named by the repo's table of contents, pages removed by their live title: a zip
  // import titles pages by SUMMARY.md, a content batch by the document's heading.
  it.each([
    ['seed', ['| added: 3 | Home (`README.md`), Install the CLI (`install.md`), Old page (`old.md`) |'], 'Old page'],
    ['current', ['| added: 2 | Install the CLI (`install.md`), Old page (`old.md`) |', '| changed: 1 | Home (`README.md`) |'], 'Old'],
  ] as const)(
    'writes a step summary table per target with the pages and their titles, and annotations on file and line (%s contract)',
    async (contract, firstRows, oldLive) => {
      emulator = await startTestEmulator({ contract });
      const dir = join(await makeTempDir('docsync-gha-'), 'repo');
      await writeTree(dir, {
        'docsync.yaml': `api:\n  endpoint: ${emulator.url}\nspaces:\n  - name: docs\n    directory: ./site\n    spaceId: space-docs\n`,
        'site/.gitbook.yaml': 'root: ./content/\n',
        'site/content/README.md': '# Home\n\nWelcome.\n',
        'site/content/SUMMARY.md': '# Summary\n\n* [Home](README.md)\n* [Install the CLI](install.md)\n* [Old page](old.md)\n',
        'site/content/install.md': '# Install\n',
        'site/content/old.md': '# Old\n',
      });
      git(dir, 'init', '-q', '-b', 'main');
      const commit = (): void => {
        git(dir, 'add', '-A');
        git(dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'docs');
      };
      commit();

      const first = await step(dir);
      expect(first).toExitWith(0);
      expect(first.output).toMatch(/^change-request-url=\S+\nstatus=synced\nwrites=\d+\nplatform-edits-branch=\nconflicts=0\n$/);
      expect(first.summary).toContain('| outcome | created |');
      expect(first.summary).toMatch(/\| change request \| \[#\d+\]\(\S+\) \|/);
      for (const row of firstRows) expect(first.summary).toContain(row);

      await writeTree(dir, {
        'site/content/SUMMARY.md': '# Summary\n\n* [Home](README.md)\n* [Install the CLI](install.md)\n* [Upgrade](upgrade.md)\n* [Gone](gone.md)\n',
        'site/content/install.md': '# Install\n\nWith npm.\n',
        'site/content/upgrade.md': '# Upgrade\n',
      });
      await rm(join(dir, 'site/content/old.md'));
      commit();
      const second = await step(dir);
      expect(second).toExitWith(0);
      expect(second.summary).toContain('| outcome | updated |');
      expect(second.summary).toContain('| added: 1 | Upgrade (`upgrade.md`) |');
      expect(second.summary).toContain('| changed: 1 | Install the CLI (`install.md`) |');
      expect(second.summary).toContain(`| removed: 1 | ${oldLive} (\`old.md\`) |`);
      expect(second.summary).toContain('| unchanged | 1 |');
      // The missing entry is on line 6 of site/content/SUMMARY.md, from the repository root.
      expect(second.stdout).toMatch(/^::warning file=site\/content\/SUMMARY\.md,line=6,title=docsync docs::"gone\.md" not found/m);
    },
  );
});
