import { execFileSync } from 'node:child_process';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/failure/exit-codes.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
});
beforeEach(() => emulator.reset());

describe('sync --once with bad inputs: one clear error, a distinct exit code, nothing half-applied', () => {
  it('an unknown space fails that target with the API’s 404 (exit 6) and writes nothing', async () => {
    const { dir } = await exampleWorkspace();
    const report = await syncOnce(configFor(emulator, dir, { spaceId: 'no-such-space' }));
    expect(report.failures[0]).toMatchObject({ target: 'docs', exitCode: EXIT.api, code: 'E_API_NOT_FOUND' });
    expect(report.failures[0]?.error).toContain('no-such-space');
    expect(emulator.stats().writes).toBe(0);
  });

  it('a wrong token fails with exit 3 and says which variable sets the token, without echoing it', async () => {
    const { dir } = await exampleWorkspace();
    const report = await syncOnce(configFor(emulator, dir, {}, {}, 'wrong-token-value'));
    expect(report.failures[0]).toMatchObject({ exitCode: EXIT.auth, code: 'E_API_AUTH' });
    expect(report.failures[0]?.error).toMatch(/DOCSYNC_TOKEN|GITBOOK_TOKEN/);
    expect(report.failures[0]?.error).not.toContain('wrong-token-value');
  });

  it('a read-only token fails with exit 4 before anything is created', async () => {
    const { dir } = await exampleWorkspace();
    const report = await syncOnce(configFor(emulator, dir, {}, {}, 'emulator-read'));
    expect(report.failures[0]).toMatchObject({ exitCode: EXIT.permission, code: 'E_API_PERMISSION' });
    expect(emulator.stats().routes.filter((r) => r.method !== 'GET' && r.status < 400)).toEqual([]);
  });

  it('a SUMMARY.md entry whose file is missing is skipped with a warning naming file and line', async () => {
    const { dir, docs } = await exampleWorkspace();
    await writeFile(join(docs, 'SUMMARY.md'), '# Summary\n\n* [Introduction](README.md)\n* [Gone](gone.md)\n');
    const report = await syncOnce(configFor(emulator, dir));
    expect(report.failures).toEqual([]);
    expect(report.results[0]?.warnings.join('\n')).toMatch(/SUMMARY\.md:4.*gone\.md/);
    expect(report.results[0]?.pageCount).toBe(1);
  });

  it('a binary file under a .md name and an oversized page are skipped with warnings, the rest syncs', async () => {
    const { dir, docs } = await exampleWorkspace();
    await writeFile(join(docs, 'binary.md'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01]));
    await writeFile(join(docs, 'huge.md'), `# Huge\n\n${'x'.repeat(6 * 1024 * 1024)}\n`);
    await writeFile(join(docs, 'SUMMARY.md'), '# Summary\n\n* [Introduction](README.md)\n* [Binary](binary.md)\n* [Huge](huge.md)\n');
    const report = await syncOnce(configFor(emulator, dir));
    expect(report.failures).toEqual([]);
    const warnings = report.results[0]?.warnings.join('\n') ?? '';
    expect(warnings).toMatch(/binary\.md: not text/);
    expect(warnings).toMatch(/huge\.md: page is 6\.0 MiB/);
    expect(report.results[0]?.pageCount).toBe(1);
  });

  it('a binary file under a .md name stays skipped on the next syncs of a git ref, with the kept read warm', async () => {
    const { dir, docs } = await exampleWorkspace();
    await writeFile(join(docs, 'binary.md'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01]));
    await writeFile(join(docs, 'SUMMARY.md'), '# Summary\n\n* [Introduction](README.md)\n* [Binary](binary.md)\n');
    const git = (...args: string[]): void => {
      execFileSync('git', ['-c', 'user.name=docs', '-c', 'user.email=docs@example.com', ...args], { cwd: dir, stdio: 'ignore' });
    };
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('commit', '-q', '-m', 'Docs with a binary page');
    const config = configFor(emulator, dir, { source: 'HEAD', mode: 'direct' });
    for (const run of ['cold', 'warm', 'warm and compared with the live content']) {
      if (run.includes('compared')) await rm(join(dir, '.docsync', 'state.json'), { force: true });
      const report = await syncOnce(config);
      expect({ run, failures: report.failures }).toEqual({ run, failures: [] });
      expect(report.results[0]?.warnings.join('\n')).toMatch(/binary\.md: not text/);
      expect(report.results[0]?.pageCount).toBe(1);
    }
  });

  it('a symlink loop in the docs folder neither hangs nor fails the sync', async () => {
    const { dir, docs } = await exampleWorkspace();
    await mkdir(join(docs, 'loop'));
    await symlink(join(docs, 'loop'), join(docs, 'loop', 'again'));
    await symlink('..', join(docs, 'up'));
    const report = await syncOnce(configFor(emulator, dir));
    expect(report.failures).toEqual([]);
    expect(report.results[0]?.outcome).toBe('created');
  });

  it('a page that is not UTF-8 syncs with a warning in the report naming the page and line', async () => {
    const { dir, docs } = await exampleWorkspace();
    await writeFile(join(docs, 'cafe.md'), Buffer.concat([Buffer.from('# Page\n\nCaf'), Buffer.from([0xe9]), Buffer.from(' au lait\n')]));
    await writeFile(join(docs, 'SUMMARY.md'), '# Summary\n\n* [Introduction](README.md)\n* [Cafe](cafe.md)\n');
    const report = await syncOnce(configFor(emulator, dir));
    expect(report.failures).toEqual([]);
    expect(report.results[0]?.warnings).toContain('cafe.md:3: not UTF-8 (an unreadable byte became "\uFFFD"); the page may be garbled: save the file as UTF-8');
  });

  it.each(['a symlink leaving the repository', 'a fifo'])(
    '.gitbook.yaml and SUMMARY.md that are %s are named in a warning saying what docsync did instead',
    async (kind) => {
      const { dir, docs } = await exampleWorkspace();
      for (const name of ['.gitbook.yaml', 'SUMMARY.md']) {
        await rm(join(docs, name));
        if (kind === 'a fifo') execFileSync('mkfifo', [join(docs, name)]);
        else {
          const outside = join(await makeTempDir('docsync-outside-'), name);
          await writeFile(outside, name === 'SUMMARY.md' ? '* [Outside](README.md)\n' : 'root: ./\n');
          await symlink(outside, join(docs, name));
        }
      }
      const report = await syncOnce(configFor(emulator, dir));
      expect(report.failures).toEqual([]);
      const what = kind === 'a fifo' ? 'a fifo' : 'a symlink';
      expect(report.results[0]?.warnings).toEqual(
        expect.arrayContaining([
          `.gitbook.yaml: not read, it is ${what} (docsync reads regular files only); using the defaults`,
          `SUMMARY.md: not read, it is ${what} (docsync reads regular files only); no table of contents: pages inferred from folders`,
        ]),
      );
    },
  );

  it('a SUMMARY.md committed as a symlink is named in a warning when syncing a git ref', async () => {
    const { dir, docs } = await exampleWorkspace();
    await rm(join(docs, 'SUMMARY.md'));
    await symlink('/etc/hostname', join(docs, 'SUMMARY.md'));
    const git = (...args: string[]): void => {
      execFileSync('git', ['-c', 'user.name=docs', '-c', 'user.email=docs@example.com', ...args], { cwd: dir, stdio: 'ignore' });
    };
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('commit', '-q', '-m', 'Docs with a linked table of contents');
    const report = await syncOnce(configFor(emulator, dir, { source: 'HEAD', mode: 'direct' }));
    expect(report.failures).toEqual([]);
    expect(report.results[0]?.warnings).toContain(
      'SUMMARY.md: not read, it is a symlink (docsync reads regular files only); no table of contents: pages inferred from folders',
    );
  });

  it('a git ref asked of a folder that is not a git repository fails with exit 2 naming the folder', async () => {
    const { dir, docs } = await exampleWorkspace();
    const report = await syncOnce(configFor(emulator, dir, { source: 'HEAD' }));
    expect(report.failures[0]).toMatchObject({ exitCode: EXIT.config });
    expect(report.failures[0]?.error).toContain(docs);
    expect(emulator.stats().total).toBe(0);
  });

  it('a docs folder that does not exist fails with exit 2 naming it', async () => {
    const { dir } = await exampleWorkspace();
    const report = await syncOnce(configFor(emulator, dir, { directory: 'nowhere' }));
    expect(report.failures[0]).toMatchObject({ exitCode: EXIT.config });
    expect(report.failures[0]?.error).toContain('nowhere');
  });
});
