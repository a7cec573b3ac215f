import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config/config-error.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { loadPlan } from '../../../src/migrate/load-plan.js';
import { ReadScope } from '../../../src/config/read-scope.js';
import { makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

async function repoBeside(files: Record<string, string>): Promise<{ dir: string; repo: string }> {
  const dir = await makeTempDir('docsync-config-scope-');
  await mkdir(join(dir, 'repo', '.git'), { recursive: true });
  await writeTree(join(dir, 'repo'), files);
  await writeTree(join(dir, 'elsewhere'), { 'README.md': '# x\n', 'api.yaml': 'openapi: 3.0.3\n' });
  return { dir, repo: join(dir, 'repo') };
}

async function refusal(promise: Promise<unknown>): Promise<ConfigError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

describe('paths named by docsync.yaml stay in its repository', () => {
  it('refuses docs, specs and a manifest outside, naming line and field', async () => {
    const cases: [string, number, string][] = [
      ['spaces:\n  - name: d\n    directory: ../elsewhere\n    spaceId: s\n', 3, 'spaces.0.directory'],
      ['specs:\n  - organizationId: o\n    slug: api\n    file: /etc/passwd\n', 4, 'specs.0.file'],
      ['site:\n  manifest: ../../site.yaml\n', 2, 'site.manifest'],
    ];
    for (const [text, line, field] of cases) {
      const { repo } = await repoBeside({ 'docsync.yaml': text });
      const error = await refusal(loadConfig(join(repo, 'docsync.yaml'), {}));
      expect({ line: error.line, field: error.field }).toEqual({ line, field });
      expect(error.message).toContain('outside the repository');
    }
  });

  it('follows a symlinked docs folder, and accepts allowPaths', async () => {
    const { dir, repo } = await repoBeside({ 'docsync.yaml': 'spaces:\n  - name: d\n    directory: docs\n    spaceId: s\n' });
    await symlink(join(dir, 'elsewhere'), join(repo, 'docs'));
    expect((await refusal(loadConfig(join(repo, 'docsync.yaml'), {}))).line).toBe(3);
    await writeTree(repo, { 'docsync.yaml': 'allowPaths: [../elsewhere]\nspaces:\n  - name: d\n    directory: docs\n    spaceId: s\n' });
    const { config } = await loadConfig(join(repo, 'docsync.yaml'), {});
    expect(config.allowPaths).toEqual(['../elsewhere']);
  });

  it("refuses plan sources outside the plan's repository unless allowed", async () => {
    const { dir, repo } = await repoBeside({ 'plan.yaml': 'items:\n  - source: ./handbook\n    space: a\n  - source: ../elsewhere\n    space: b\n' });
    const error = await refusal(loadPlan(join(repo, 'plan.yaml')));
    expect({ line: error.line, field: error.field }).toEqual({ line: 4, field: 'items.1.source' });
    const plan = await loadPlan(join(repo, 'plan.yaml'), ReadScope.of(repo, [join(dir, 'elsewhere')]));
    expect(plan.items).toHaveLength(2);
  });
});
