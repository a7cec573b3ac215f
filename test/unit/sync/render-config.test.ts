import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OPENAPI_SLUG_PATTERN } from '../../../src/config/openapi-slug-pattern.js';
import { ConfigError } from '../../../src/config/config-error.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { EXIT, exitCodeFor } from '../../../src/failure/exit-codes.js';
import type { DetectedProject } from '../../../src/sync/init/detect-project.js';
import { renderConfig, specSlug, targetName } from '../../../src/sync/init/render-config.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

async function write(text: string): Promise<string> {
  const file = join(await makeTempDir('docsync-init-'), 'docsync.yaml');
  await writeFile(file, text);
  return file;
}

/** Loads a rendered config once its placeholders are filled in, as the user is told to. */
async function load(text: string) {
  const filled = text.replaceAll('REPLACE_WITH_SPACE_ID', 'space-1').replaceAll('REPLACE_WITH_ORGANIZATION_ID', 'org-1');
  return loadConfig(await write(filled), { GITBOOK_TOKEN: 'tok' });
}

const project = (overrides: Partial<DetectedProject> = {}): DetectedProject => ({
  dir: '/home/ada/My Repo',
  git: true,
  docs: [],
  specs: [],
  warnings: [],
  ...overrides,
});

describe('renderConfig', () => {
  it('renders one space per docs folder and one spec per file, and the result loads', async () => {
    const rendered = renderConfig(
      project({
        docs: [
          { directory: '', root: 'docs', gitbookYaml: true, summary: true },
          { directory: 'guides/Team Handbook', root: 'guides/Team Handbook', gitbookYaml: false, summary: true },
          { directory: 'more/docs', root: 'more/docs', gitbookYaml: false, summary: true },
        ],
        specs: [
          { file: 'api/Pet Store.v2.yaml', version: '3.0.3' },
          { file: 'api/openapi.json', version: '3.1.0' },
          { file: 'legacy/openapi.yaml', version: '2.0' },
          { file: 'x/__.yaml', version: '2.0' },
        ],
      }),
      { schema: './node_modules/docsync/config/docsync.schema.json' },
    );
    expect(rendered.text).toContain('# yaml-language-server: $schema=./node_modules/docsync/config/docsync.schema.json\n');
    expect(rendered.text).toContain('token: ${GITBOOK_TOKEN}');
    const { config } = await load(rendered.text);
    expect(config.api.token).toBe('tok');
    expect(config.spaces.map((s) => [s.name, s.directory, s.spaceId, s.source])).toEqual([
      ['my-repo', '.', 'space-1', 'HEAD'],
      ['team-handbook', './guides/Team Handbook', 'space-1', 'HEAD'],
      ['docs', './more/docs', 'space-1', 'HEAD'],
    ]);
    expect(config.specs.map((s) => [s.slug, s.file, s.organizationId])).toEqual([
      ['pet-store-v2', './api/Pet Store.v2.yaml', 'org-1'],
      ['openapi', './api/openapi.json', 'org-1'],
      ['openapi-2', './legacy/openapi.yaml', 'org-1'],
      ['api', './x/__.yaml', 'org-1'],
    ]);
  });

  it('writes placeholders that docsync refuses before any request, naming the file, line and field of each (exit 2)', async () => {
    const rendered = renderConfig(
      project({ docs: [{ directory: 'docs', root: 'docs', gitbookYaml: false, summary: true }], specs: [{ file: 'api/openapi.yaml', version: '3.0.3' }] }),
    );
    const file = await write(rendered.text);
    const error = await loadConfig(file, { GITBOOK_TOKEN: 'tok' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect(exitCodeFor(error)).toBe(EXIT.config);
    const lines = rendered.text.split('\n');
    const lineOf = (placeholder: string): number => lines.findIndex((line) => line.includes(`: ${placeholder}`)) + 1;
    expect((error as Error).message).toContain(
      `${file}:${lineOf('REPLACE_WITH_SPACE_ID')}: spaces.0.spaceId: REPLACE_WITH_SPACE_ID is a placeholder written by \`docsync init\`; put the real id here`,
    );
    expect((error as Error).message).toContain(
      `${file}:${lineOf('REPLACE_WITH_ORGANIZATION_ID')}: specs.0.organizationId: REPLACE_WITH_ORGANIZATION_ID is a placeholder`,
    );
  });

  it('renders a loadable config with empty lists and worktree source when nothing is found', async () => {
    const rendered = renderConfig(project({ git: false }));
    const { config } = await load(rendered.text);
    expect(config.spaces).toEqual([]);
    expect(config.specs).toEqual([]);
    expect(rendered.text).toContain('# No docs folder found');
    expect(rendered.text).toContain('$schema=./node_modules/docsync/config/docsync.schema.json');
  });

  it('makes unique, valid names when folders clash', async () => {
    const rendered = renderConfig(
      project({
        git: false,
        docs: [
          { directory: 'a/docs', root: 'a/docs', gitbookYaml: false, summary: true },
          { directory: 'b/docs', root: 'b/docs', gitbookYaml: false, summary: true },
        ],
      }),
    );
    const { config } = await load(rendered.text);
    expect(config.spaces.map((s) => [s.name, s.source])).toEqual([
      ['docs', 'worktree'],
      ['docs-2', 'worktree'],
    ]);
  });
});

describe('names', () => {
  it('targetName and specSlug always give valid values', () => {
    expect(targetName('Docs Site!')).toBe('docs-site');
    expect(targetName('___')).toBe('docs');
    expect(targetName('x'.repeat(80))).toHaveLength(63);
    for (const file of ['A B C.yaml', 'v1.2.json', '---.yml', 'ÜBER api.yaml', `${'a'.repeat(150)}.yaml`]) {
      const slug = specSlug(file);
      expect(slug).toMatch(OPENAPI_SLUG_PATTERN);
      expect(slug.length).toBeLessThanOrEqual(100);
    }
  });
});
