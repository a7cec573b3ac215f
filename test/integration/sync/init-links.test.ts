import { readFile, readdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { initAction } from '../../../src/cli/commands/init-command.js';
import { EXIT } from '../../../src/failure/exit-codes.js';
import { git, makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t) } };
}

/** A repository with docs, and a folder outside it that must not change. */
async function repoBesideOutside(): Promise<{ dir: string; outside: string }> {
  const outside = await makeTempDir('docsync-init-outside-');
  await writeTree(outside, { 'ignore-list': 'mine\n' });
  const dir = await makeTempDir('docsync-init-links-');
  await writeTree(dir, { 'docs/SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n', 'docs/README.md': '# Home\n' });
  git(dir, 'init', '-q');
  return { dir, outside };
}

describe('docsync init never writes through a link leaving the repository', () => {
  it('a .gitignore linked to a file outside: exit 2, the link named, nothing written', async () => {
    const { dir, outside } = await repoBesideOutside();
    await symlink(join(outside, 'ignore-list'), join(dir, '.gitignore'));
    const run = capture();
    expect(await initAction({ dir }, run.io)).toBe(EXIT.config);
    expect(run.err.join('')).toContain(`${join(dir, '.gitignore')} is a symbolic link leading out of the repository`);
    expect(await readFile(join(outside, 'ignore-list'), 'utf8')).toBe('mine\n');
    expect(await readdir(dir)).not.toContain('docsync.yaml');
  });

  it('a docsync.yaml linked to a file outside that does not exist yet, with --force: nothing created there', async () => {
    const { dir, outside } = await repoBesideOutside();
    await symlink(join(outside, 'planted.yaml'), join(dir, 'docsync.yaml'));
    const run = capture();
    expect(await initAction({ dir, force: true }, run.io)).toBe(EXIT.config);
    expect(run.err.join('')).toContain(`${join(dir, 'docsync.yaml')} is a symbolic link leading out of the repository`);
    expect(await readdir(outside)).toEqual(['ignore-list']);
    expect(await readdir(dir)).not.toContain('.gitignore');
  });

  it('a link that stays inside the repository is written through as before', async () => {
    const { dir } = await repoBesideOutside();
    await writeTree(dir, { 'config/ignore': 'node_modules/\n' });
    await symlink(join(dir, 'config/ignore'), join(dir, '.gitignore'));
    expect(await initAction({ dir }, capture().io)).toBe(EXIT.ok);
    expect(await readFile(join(dir, 'config/ignore'), 'utf8')).toContain('.docsync/');
  });
});
