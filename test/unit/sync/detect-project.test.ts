import { afterAll, describe, expect, it } from 'vitest';
import { detectProject, specVersion } from '../../../src/sync/init/detect-project.js';
import { removeTempDirs, tempTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

const OPENAPI = 'openapi: 3.0.3\ninfo:\n  title: Pets\n  version: 1.0.0\npaths: {}\n';

describe('detectProject', () => {
  it('finds docs folders by .gitbook.yaml (root honoured) or SUMMARY.md, and OpenAPI files', async () => {
    const dir = await tempTree({
      'docs/.gitbook.yaml': 'root: ./content/\n',
      'docs/content/SUMMARY.md': '* [Home](README.md)\n',
      'docs/content/README.md': '# Home\n',
      'docs/content/guides/SUMMARY.md': 'a page folder that happens to hold a SUMMARY.md\n',
      'handbook/SUMMARY.md': '* [Intro](README.md)\n',
      'handbook/README.md': '# Intro\n',
      'api/openapi.yaml': OPENAPI,
      'api/v2/swagger.json': '{\n  "info": {"title": "x", "openapi": "3.0.0"},\n  "swagger": "2.0"\n}\n',
      'api/nested.json': '{"info": {"openapi": "3.1.0"}, "paths": {}}',
      'docker-compose.yml': 'services:\n  web:\n    image: nginx\n',
      'old.yaml': 'openapi: 2.5\n',
    });
    const project = await detectProject(dir);
    expect(project.docs).toEqual([
      { directory: 'docs', root: 'docs/content', gitbookYaml: true, summary: true },
      { directory: 'handbook', root: 'handbook', gitbookYaml: false, summary: true },
    ]);
    expect(project.specs).toEqual([
      { file: 'api/openapi.yaml', version: '3.0.3' },
      { file: 'api/v2/swagger.json', version: '2.0' },
    ]);
    expect(project.git).toBe(false);
    expect(project.warnings).toEqual([]);
  });

  it('skips .git, node_modules, dist, build and folders deeper than 4 levels', async () => {
    const dir = await tempTree({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'node_modules/pkg/openapi.yaml': OPENAPI,
      'dist/openapi.yaml': OPENAPI,
      'build/docs/SUMMARY.md': '* [A](a.md)\n',
      'a/b/c/d/openapi.yaml': OPENAPI,
      'a/b/c/d/e/openapi.yaml': OPENAPI,
    });
    const project = await detectProject(dir);
    expect(project.git).toBe(true);
    expect(project.docs).toEqual([]);
    expect(project.specs.map((s) => s.file)).toEqual(['a/b/c/d/openapi.yaml']);
  });

  it('warns about a .gitbook.yaml whose root does not exist, and takes a top-level one', async () => {
    const dir = await tempTree({
      '.gitbook.yaml': 'root: ./\nstructure:\n  summary: toc.md\n',
      'README.md': '# Home\n',
      'site/.gitbook.yaml': 'root: ./missing/\n',
    });
    const project = await detectProject(dir);
    expect(project.docs).toEqual([{ directory: '', root: '', gitbookYaml: true, summary: false }]);
    expect(project.warnings).toEqual(['site/.gitbook.yaml: root "./missing" does not exist; skipped']);
  });
});

describe('specVersion', () => {
  it('reads the top-level version of YAML and JSON', () => {
    expect(specVersion('openapi: "3.1.0"\n', 'a.yaml')).toBe('3.1.0');
    expect(specVersion("# comment\nswagger: '2.0'\n", 'a.yml')).toBe('2.0');
    expect(specVersion('{"openapi":"3.0.1","info":{}}', 'a.json')).toBe('3.0.1');
    expect(specVersion('\uFEFF{ "swagger" : "2.0" }', 'a.json')).toBe('2.0');
  });

  it('rejects nested keys, other versions and cut-off heads', () => {
    expect(specVersion('info:\n  openapi: 3.0.0\n', 'a.yaml')).toBeUndefined();
    expect(specVersion('swagger: "1.2"\n', 'a.yaml')).toBeUndefined();
    expect(specVersion('openapi: 4.0.0\n', 'a.yaml')).toBeUndefined();
    expect(specVersion('{"paths": {"openapi": "3.0.0"}}', 'a.json')).toBeUndefined();
    expect(specVersion('{"description": "a \\"quoted\\" text that goes on', 'a.json')).toBeUndefined();
  });
});
