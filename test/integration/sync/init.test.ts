import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { initAction } from '../../../src/cli/commands/init-command.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { EXIT, exitCodeFor } from '../../../src/failure/exit-codes.js';
import { WorktreeSource } from '../../../src/content/git/worktree-source.js';
import { readDocsRepo } from '../../../src/content/read-docs-repo.js';
import { removeTempDirs, tempTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t) } };
}

describe('docsync init', () => {
  it('writes a loadable config with the docs folder and the OpenAPI file, then refuses to overwrite it', async () => {
    const dir = await tempTree({
      'docs/.gitbook.yaml': 'root: ./\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n',
      'docs/SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n',
      'docs/README.md': '# Home\n',
      'api/openapi.yaml': 'openapi: 3.0.3\ninfo:\n  title: Pets\n  version: 1.0.0\npaths: {}\n',
      'package.json': '{"name": "x"}\n',
    });
    const first = capture();
    expect(await initAction({ dir }, first.io)).toBe(0);
    expect(first.out.join('')).toContain('./docs  → space "docs"');
    expect(first.out.join('')).toContain('./api/openapi.yaml (3.0.3)  → spec "openapi"');
    expect(first.out.join('')).toContain('Next steps:');

    const file = join(dir, 'docsync.yaml');
    // As written, its placeholders are refused before any request (exit 2), each named by line.
    const unfilled = await loadConfig(file, { GITBOOK_TOKEN: 'secret-token' }).catch((e: unknown) => e);
    expect(exitCodeFor(unfilled)).toBe(EXIT.config);
    expect((unfilled as Error).message).toMatch(new RegExp(`^${file}:\\d+: spaces\\.0\\.spaceId: REPLACE_WITH_SPACE_ID is a placeholder`, 'm'));
    expect((unfilled as Error).message).toMatch(new RegExp(`^${file}:\\d+: specs\\.0\\.organizationId: REPLACE_WITH_ORGANIZATION_ID is a placeholder`, 'm'));
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('REPLACE_WITH_SPACE_ID', 'space-docs').replace('REPLACE_WITH_ORGANIZATION_ID', 'org-emulator'));
    const loaded = await loadConfig(file, { GITBOOK_TOKEN: 'secret-token' });
    expect(loaded.config.api.token).toBe('secret-token');
    expect(loaded.config.spaces).toMatchObject([{ name: 'docs', directory: './docs', spaceId: 'space-docs', source: 'worktree' }]);
    expect(loaded.config.specs).toEqual([{ slug: 'openapi', file: './api/openapi.yaml', organizationId: 'org-emulator' }]);
    // The directory it names is one the sync reader takes as is.
    const snapshot = await readDocsRepo(new WorktreeSource(join(dir, loaded.config.spaces[0]!.directory)));
    expect(snapshot.warnings).toEqual([]);
    // Outside the package's own folder, the schema line names where a local install puts it.
    expect(await readFile(file, 'utf8')).toContain('# yaml-language-server: $schema=./node_modules/docsync/config/docsync.schema.json\n');

    const written = await readFile(file, 'utf8');
    const second = capture();
    expect(await initAction({ dir }, second.io)).toBe(2);
    expect(second.err.join('')).toContain(`${file} already exists; edit it, or pass --force to overwrite it`);
    expect(await readFile(file, 'utf8')).toBe(written);

    expect(await initAction({ dir, force: true }, capture().io)).toBe(0);
  });

  it('adds .docsync/ to .gitignore: creates the file, appends once, leaves a line that ignores it already', async () => {
    const fresh = await tempTree({ 'docs/README.md': '# Home\n' });
    const first = capture();
    expect(await initAction({ dir: fresh }, first.io)).toBe(0);
    expect(first.out.join('')).toContain(`Created ${join(fresh, '.gitignore')}`);
    expect(await readFile(join(fresh, '.gitignore'), 'utf8')).toBe('# docsync state, caches and bundles\n.docsync/\n');
    expect(await initAction({ dir: fresh, force: true }, capture().io)).toBe(0);
    expect(await readFile(join(fresh, '.gitignore'), 'utf8')).toBe('# docsync state, caches and bundles\n.docsync/\n');

    const existing = await tempTree({ 'docs/README.md': '# Home\n', '.gitignore': 'node_modules' });
    expect(await initAction({ dir: existing }, capture().io)).toBe(0);
    expect(await readFile(join(existing, '.gitignore'), 'utf8')).toBe('node_modules\n\n# docsync state, caches and bundles\n.docsync/\n');

    const covered = await tempTree({ 'docs/README.md': '# Home\n', '.gitignore': 'dist/\n/.docsync\n' });
    const quiet = capture();
    expect(await initAction({ dir: covered }, quiet.io)).toBe(0);
    expect(quiet.out.join('')).not.toContain('.gitignore');
    expect(await readFile(join(covered, '.gitignore'), 'utf8')).toBe('dist/\n/.docsync\n');
  });

  it('refuses a folder that does not exist', async () => {
    const dir = await tempTree({});
    const run = capture();
    expect(await initAction({ dir: join(dir, 'nope') }, run.io)).toBe(2);
    expect(run.err.join('')).toContain('does not exist');
  });

  it('refuses a --dir that is a file: exit 2 naming --dir, nothing written', async () => {
    const dir = await tempTree({ 'notes.txt': 'x\n' });
    const run = capture();
    expect(await initAction({ dir: join(dir, 'notes.txt') }, run.io)).toBe(2);
    expect(run.err.join('')).toContain(`--dir ${join(dir, 'notes.txt')} is not a folder`);
    expect(await readFile(join(dir, 'notes.txt'), 'utf8')).toBe('x\n');
  });
});
