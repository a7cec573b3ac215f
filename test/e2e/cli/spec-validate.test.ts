import { afterAll, describe, expect, it } from 'vitest';
import { runDocsync } from '../../support/run-docsync.js';
import { makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

const VALID = 'openapi: 3.0.3\ninfo: { title: Pets, version: "1" }\npaths:\n  /pets:\n    get:\n      responses:\n        "200": { description: ok }\n';
const INVALID = 'openapi: 3.0.3\ninfo: { title: Pets, version: "1" }\npaths:\n  /pets:\n    get:\n      responses:\n        "200": { description: 5 }\n';
/** As `docsync init` writes it: the token from a variable that a fork's pull request does not have. */
const CONFIG = (slugs: string[]): string =>
  `api:\n  token: \${GITBOOK_TOKEN}\nspecs:\n${slugs.map((slug) => `  - slug: ${slug}\n    organizationId: org-1\n    file: ./${slug}.yaml\n`).join('')}`;

async function repo(files: Record<string, string>): Promise<string> {
  const dir = await makeTempDir('docsync-spec-validate-');
  await writeTree(dir, { ...files, '.git/HEAD': 'ref: refs/heads/main\n' });
  return dir;
}

describe('validating specs offline, with no token', () => {
  it('docsync spec validate <file…> judges each file, naming the line of a problem (exit 2)', async () => {
    const dir = await repo({ 'good.yaml': VALID, 'bad.yaml': INVALID });
    const good = await runDocsync(['spec', 'validate', 'good.yaml'], dir);
    expect(good).toExitWith(0);
    expect(good.stdout).toBe('valid    good.yaml (3.0.3)\n');

    const both = await runDocsync(['spec', 'validate', 'good.yaml', 'bad.yaml', '--json'], dir);
    expect(both).toExitWith(2);
    const report = JSON.parse(both.stdout) as { valid: boolean; results: { error?: { message: string; line: number } }[] };
    expect(report.valid).toBe(false);
    expect(report.results[0]!.error).toBeUndefined();
    expect(report.results[1]!.error).toMatchObject({ message: expect.stringMatching(/^bad\.yaml:7: .*must be string/), line: 7 });
  });

  it('docsync spec validate reads the configured specs when the token variable is not set', async () => {
    const dir = await repo({ 'pets.yaml': VALID, 'broken.yaml': INVALID, 'docsync.yaml': CONFIG(['pets', 'broken']) });
    const run = await runDocsync(['spec', 'validate'], dir);
    expect(run).toExitWith(2);
    expect(run.stdout).toBe(
      'valid    pets.yaml (3.0.3)\ninvalid  broken.yaml:7: /paths/~1pets/get/responses/200/description: must be string (OpenAPI schema)\n',
    );
  });

  it('docsync spec publish --dry-run validates and plans when the token variable is not set', async () => {
    const dir = await repo({ 'pets.yaml': VALID, 'broken.yaml': INVALID, 'docsync.yaml': CONFIG(['pets']) });
    const run = await runDocsync(['spec', 'publish', '--dry-run'], dir);
    expect(run).toExitWith(0);
    expect(run.stdout).toContain('DRY-RUN: would publish spec pets to org-1 from');

    await writeTree(dir, { 'docsync.yaml': CONFIG(['pets', 'broken']) });
    const invalid = await runDocsync(['spec', 'publish', '--dry-run'], dir);
    expect(invalid).toExitWith(2);
    expect(invalid.stdout).toContain('broken.yaml:7:');

    // A real publish still needs the token, and says which variable to set.
    const publish = await runDocsync(['spec', 'publish'], dir);
    expect(publish).toExitWith(3);
    expect(publish.stderr).toContain('GITBOOK_TOKEN is not set');
  });
});
