import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ReadScope } from '../../../src/config/read-scope.js';
import { SpecValidationError } from '../../../src/specs/errors/spec-validation-error.js';
import { listSpecFiles } from '../../../src/specs/list-spec-files.js';
import { loadSpec } from '../../../src/specs/load-spec.js';
import { makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

const HEAD = "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n";

/** A repository (a `.git` folder is all it takes) holding `files`, beside a folder `outside/` with a marker schema. */
async function layout(files: Record<string, string>): Promise<{ repo: string; outside: string }> {
  const dir = await makeTempDir('docsync-scope-');
  await mkdir(join(dir, 'repo', '.git'), { recursive: true });
  await writeTree(join(dir, 'repo'), files);
  await writeTree(join(dir, 'outside'), { 'x.yaml': 'type: object\nproperties:\n  MARKER: {type: string}\n' });
  return { repo: join(dir, 'repo'), outside: join(dir, 'outside') };
}

async function refusal(file: string, scope?: ReadScope): Promise<SpecValidationError> {
  const error = await loadSpec(file, scope).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SpecValidationError);
  return error as SpecValidationError;
}

describe('a spec reads nothing outside its repository', () => {
  it('refuses a relative $ref that climbs out, naming the spec, line and path', async () => {
    const { repo, outside } = await layout({ 'api/openapi.yaml': `${HEAD}    A:\n      $ref: '../../outside/x.yaml'\n` });
    const error = await refusal(join(repo, 'api/openapi.yaml'));
    expect(error.file).toBe(join(repo, 'api/openapi.yaml'));
    expect(error.line).toBe(7);
    expect(error.message).toContain(join(outside, 'x.yaml'));
    expect(error.message).toContain('allowPaths');
  });

  it('refuses an absolute $ref, and /etc/passwd is never read', async () => {
    const { repo, outside } = await layout({});
    await writeTree(repo, { 'openapi.yaml': `${HEAD}    A:\n      $ref: '${join(outside, 'x.yaml')}'\n` });
    expect((await refusal(join(repo, 'openapi.yaml'))).line).toBe(7);
    const { repo: second } = await layout({ 'openapi.yaml': `${HEAD}    B:\n      $ref: '/etc/passwd'\n` });
    const error = await refusal(join(second, 'openapi.yaml'));
    expect(error.message).toMatch(/\/etc\/passwd.* is outside the repository/);
  });

  it('refuses a file:// URL $ref, naming the spec and the line of the $ref', async () => {
    const { repo, outside } = await layout({});
    await writeTree(repo, { 'openapi.yaml': `${HEAD}    A:\n      type: object\n    B:\n      $ref: '${pathToFileURL(join(outside, 'x.yaml')).href}'\n` });
    const error = await refusal(join(repo, 'openapi.yaml'));
    expect(error.file).toBe(join(repo, 'openapi.yaml'));
    expect(error.line).toBe(9);
    expect(error.message).toContain(`$ref to ${join(outside, 'x.yaml')} is outside the repository`);
    expect(error.message).not.toContain('the spec file');
  });

  it('follows symlinks: a link inside the repository to a file outside is refused', async () => {
    const { repo, outside } = await layout({ 'openapi.yaml': `${HEAD}    A:\n      $ref: 'linked.yaml'\n` });
    await symlink(join(outside, 'x.yaml'), join(repo, 'linked.yaml'));
    const error = await refusal(join(repo, 'openapi.yaml'));
    expect(error.message).toContain(`really ${join(outside, 'x.yaml')}`);
    expect(await listSpecFiles(join(repo, 'openapi.yaml'))).toEqual([join(repo, 'openapi.yaml')]);
  });

  it('reads an allow-listed folder, and bundles it', async () => {
    const { repo } = await layout({ 'openapi.yaml': `${HEAD}    A:\n      $ref: '../outside/x.yaml'\n` });
    const spec = await loadSpec(join(repo, 'openapi.yaml'), ReadScope.of(repo, ['../outside']));
    expect(spec.text).toContain('MARKER');
  });

  it('refuses a $ref cycle across files that names no schema', async () => {
    const { repo } = await layout({
      'openapi.yaml': `${HEAD}    A:\n      $ref: 'b.yaml'\n`,
      'b.yaml': "$ref: 'c.yaml'\n",
      'c.yaml': "$ref: 'b.yaml'\n",
    });
    const error = await refusal(join(repo, 'openapi.yaml'));
    expect(error.message).toContain('$ref cycle with no schema');
    expect(error.line).toBe(6);
  });

  it('refuses a cycle inside one file, and keeps recursive schemas', async () => {
    const { repo } = await layout({
      'cycle.yaml': `${HEAD}    A:\n      $ref: '#/components/schemas/B'\n    B:\n      $ref: '#/components/schemas/A'\n`,
      'tree.yaml': `${HEAD}    Node:\n      type: object\n      properties:\n        children:\n          type: array\n          items:\n            $ref: '#/components/schemas/Node'\n`,
    });
    expect((await refusal(join(repo, 'cycle.yaml'))).pointer).toBe('/components/schemas/A');
    expect((await loadSpec(join(repo, 'tree.yaml'))).bundled).toBe(false);
  });
});
