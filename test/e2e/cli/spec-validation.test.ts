import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../../src/specs/load-spec.js';
import { runDocsync } from '../../support/run-docsync.js';
import { makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

/**
 * The CLI ships as a bundle that holds swagger-parser and what it loads (Ajv, the OpenAPI schemas):
 * each spec here fails at a different step of its `validate`, and the bundle must judge it as the
 * library loaded from node_modules (the compiled source) does.
 */
const SPECS: Record<string, string> = {
  'schema-error.yaml': 'openapi: 3.0.3\ninfo: { title: t, version: "1" }\npaths:\n  /a:\n    get:\n      responses:\n        "200": { description: 5 }\n',
  'missing-ref.yaml':
    'openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths:\n  /a:\n    get:\n      responses:\n        "200": { $ref: "#/components/responses/Gone" }\n',
  'duplicate-operation.yaml':
    'swagger: "2.0"\ninfo: { title: t, version: "1" }\npaths:\n  /a:\n    get: { operationId: same, responses: { "200": { description: ok } } }\n  /b:\n    get: { operationId: same, responses: { "200": { description: ok } } }\n',
  'circular-swagger.yaml':
    'swagger: "2.0"\ninfo: { title: t, version: "1" }\npaths:\n  /a:\n    get:\n      responses:\n        "200": { description: ok, schema: { $ref: "#/definitions/Node" } }\ndefinitions:\n  Node:\n    type: object\n    properties:\n      next: { $ref: "#/definitions/Node" }\n',
  'valid.yaml':
    'openapi: 3.0.3\ninfo: { title: t, version: "1" }\npaths:\n  /a:\n    get:\n      responses:\n        "200": { $ref: "#/components/responses/Ok" }\ncomponents:\n  responses:\n    Ok: { description: fine }\n',
};

describe('the bundled CLI validates specs as the library does', () => {
  it('fails and passes the same specs with the same messages', async () => {
    const dir = await makeTempDir('docsync-spec-bundle-');
    const slugs = Object.keys(SPECS).map((file) => file.replace('.yaml', ''));
    const config = `specs:\n${slugs.map((slug) => `  - slug: ${slug}\n    organizationId: org\n    file: ${slug}.yaml\n`).join('')}`;
    await writeTree(dir, { ...SPECS, 'docsync.yaml': config, '.git/HEAD': 'ref: refs/heads/main\n' });

    const run = await runDocsync(['spec', 'publish', '--dry-run', '--json'], dir);
    const report = JSON.parse(run.stdout) as { results: { slug: string }[]; failures: { target: string; error: string }[] };
    const fromCli = Object.fromEntries([
      ...report.results.map((r) => [r.slug, 'valid']),
      ...report.failures.map((f) => [f.target.replace('spec:', ''), f.error]),
    ]);
    const fromLibrary: Record<string, string> = {};
    for (const slug of slugs) {
      fromLibrary[slug] = await loadSpec(join(dir, `${slug}.yaml`)).then(
        () => 'valid',
        (error: unknown) => (error as Error).message.replace(`${dir}/`, ''), // the CLI names the failing file relative to where it runs
      );
    }
    expect(fromCli).toEqual(fromLibrary);
    expect(fromLibrary).toMatchObject({
      'schema-error': expect.stringMatching(/must be string/),
      'missing-ref': expect.stringMatching(/#\/components\/responses\/Gone does not exist/),
      'duplicate-operation': expect.stringMatching(/Duplicate operation id 'same'/),
      'circular-swagger': 'valid',
      valid: 'valid',
    });
    expect(run).toExitWith(2);
  });
});
