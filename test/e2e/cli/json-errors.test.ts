import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/free-port.js';
import { runDocsync as docsync, type DocsyncRun } from '../../support/run-docsync.js';
import { git, makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

/** A committed docs repository with `docsync.yaml` holding `config`. */
async function repo(config: string, files: Record<string, string> = {}): Promise<string> {
  const dir = await makeTempDir('docsync-json-');
  await writeTree(dir, { 'docsync.yaml': config, 'docs/README.md': '# Home\n', 'docs/SUMMARY.md': '# Summary\n\n* [Home](README.md)\n', ...files });
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '.');
  git(dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'docs');
  return dir;
}

const SPACE = 'spaces:\n  - name: docs\n    directory: ./docs\n    spaceId: sp1\n';

/** Stdout must be exactly one JSON document. */
function onlyDocument(run: DocsyncRun): Record<string, any> {
  expect(run.stdout.trim(), run.stderr).not.toBe('');
  return JSON.parse(run.stdout) as Record<string, any>;
}

describe('--json on failure: stdout holds one JSON document', () => {
  it('for a bad configuration: the error, its exit code, file and line', async () => {
    const dir = await repo(`${SPACE}    bogus: 1\n`);
    const run = await docsync(['sync', '--once', '--json'], dir, { DOCSYNC_TOKEN: 'gb_api_some_token_1' });
    expect(run).toExitWith(2);
    expect(onlyDocument(run)).toEqual({
      error: { code: 'E_CONFIG', message: expect.stringContaining('spaces.0.bogus: unknown setting'), exitCode: 2, file: join(dir, 'docsync.yaml'), line: 5 },
    });
  });

  it('for a command line commander refuses', async () => {
    const dir = await repo(SPACE);
    const run = await docsync(['sync', '--once', '--json', '--bogus'], dir);
    expect(run).toExitWith(2);
    expect(onlyDocument(run)).toEqual({ error: { code: 'commander.unknownOption', message: "unknown option '--bogus'", exitCode: 2, file: null, line: null } });
  });

  it('for a bad migration plan, with the plan’s file and line', async () => {
    const dir = await repo(SPACE, { 'plan.yaml': 'items:\n  - source: ./docs\n    space: sp1\n  - source: ./docs\n' });
    const run = await docsync(['migrate', 'plan.yaml', '--json'], dir);
    expect(run).toExitWith(2);
    const { error } = onlyDocument(run);
    expect(error).toMatchObject({ code: 'E_CONFIG', exitCode: 2, file: join(dir, 'plan.yaml') });
    expect(error.line).toBeGreaterThanOrEqual(4);
  });

  it('for a token variable that is not set: exit 3, as for a token the API refuses', async () => {
    const dir = await repo(`${SPACE}api:\n  token: \${UNSET_DOCS_TOKEN}\n`);
    const run = await docsync(['sync', '--once', '--json'], dir);
    expect(run).toExitWith(3);
    expect(onlyDocument(run)).toEqual({
      error: {
        code: 'E_TOKEN_MISSING',
        message: expect.stringContaining('UNSET_DOCS_TOKEN is not set'),
        exitCode: 3,
        file: join(dir, 'docsync.yaml'),
        line: 6,
      },
    });
  });

  it('for an API that cannot be reached: the report carries the error too', async () => {
    const dir = await repo(SPACE);
    const endpoint = `http://127.0.0.1:${await freePort()}`;
    const env = { DOCSYNC_ENDPOINT: endpoint, DOCSYNC_TOKEN: 'gb_api_some_token_1' };
    const sync = await docsync(['sync', '--once', '--json'], dir, env);
    expect(sync).toExitWith(5);
    const report = onlyDocument(sync);
    expect(report.error).toMatchObject({ code: 'E_API_NETWORK', exitCode: 5, message: expect.stringContaining('could not reach') });
    expect(report.failures).toHaveLength(1);

    const pull = await docsync(['pull', 'sp1', 'out', '--json'], dir, env);
    expect(pull).toExitWith(5);
    expect(onlyDocument(pull).error).toMatchObject({ code: 'E_API_NETWORK', exitCode: 5, file: null, line: null });
  });
});
