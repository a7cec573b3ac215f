import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config/config-error.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { FileStateStore } from '../../../src/state/file-state-store.js';

async function configFile(text: string, name = 'docsync.yaml'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'docsync-strict-'));
  const file = join(dir, name);
  await writeFile(file, text);
  return file;
}

async function refusal(text: string, env: Record<string, string> = {}): Promise<ConfigError> {
  const error = await loadConfig(await configFile(text), env).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

const SPACE = 'spaces:\n  - name: docs\n    directory: ./docs\n    spaceId: sp1\n';

describe('a strict docsync.yaml', () => {
  it('refuses an unknown key, however deep, suggesting the setting meant', async () => {
    const error = await refusal(`${SPACE}    sourc: HEAD\n`);
    expect(error.issues).toEqual([{ line: 5, field: 'spaces.0.sourc', message: 'unknown setting; did you mean `source`?' }]);
    expect((await refusal(`${SPACE}daemon:\n  concurency: 4\n`)).message).toContain('did you mean `concurrency`?');
    expect((await refusal(`${SPACE}frobnicate: true\n`)).message).toContain('frobnicate: unknown setting; remove it');
  });

  it('reports every problem of the file at once, in line order', async () => {
    const error = await refusal(`api:\n  timeout: soon\n${SPACE}    mode: sideways\n    sourc: HEAD\n`);
    expect(error.issues.map((i) => [i.line, i.field])).toEqual([
      [2, 'api.timeout'],
      [7, 'spaces.0.mode'],
      [8, 'spaces.0.sourc'],
    ]);
    expect(error.message.split('\n')).toHaveLength(3);
  });

  it('refuses an empty file', async () => {
    for (const text of ['', '# only a comment\n', '{}\n']) {
      expect((await refusal(text)).message).toContain('the configuration is empty');
    }
  });

  it('checks listen addresses and the endpoint, from the file or DOCSYNC_ENDPOINT', async () => {
    expect((await refusal(`${SPACE}artifacts:\n  listen: localhost\n`)).field).toBe('artifacts.listen');
    expect((await refusal(`${SPACE}http:\n  listen: 0.0.0.0:99999\n`)).message).toContain('between 0 and 65535');
    expect((await refusal(`${SPACE}api:\n  endpoint: ftp://x\n`)).line).toBe(6);
    const fromEnv = await refusal(SPACE, { DOCSYNC_ENDPOINT: 'not-a-url' });
    expect(fromEnv.field).toBe('api.endpoint');
    expect(fromEnv.message).toBe('DOCSYNC_ENDPOINT: use an http(s) URL, like https://api.gitbook.com (set in the environment, it overrides api.endpoint)');
  });

  it('lets DOCSYNC_TOKEN and DOCSYNC_ENDPOINT override the file, as the README says', async () => {
    const file = await configFile(`api:\n  token: \${GITBOOK_TOKEN}\n  endpoint: https://file.example\n${SPACE}`);
    const { config } = await loadConfig(file, { GITBOOK_TOKEN: 'from-gitbook', DOCSYNC_TOKEN: 'from-docsync', DOCSYNC_ENDPOINT: 'http://127.0.0.1:9' });
    expect(config.api).toMatchObject({ token: 'from-docsync', endpoint: 'http://127.0.0.1:9' });
    // The file's variable need not be set when DOCSYNC_TOKEN replaces it.
    expect((await loadConfig(file, { DOCSYNC_TOKEN: 'only-docsync' })).config.api.token).toBe('only-docsync');
    expect((await loadConfig(file, { GITBOOK_TOKEN: 'from-gitbook' })).config.api.token).toBe('from-gitbook');
  });

  it('names a corrupt state file and says what to do', async () => {
    const file = await configFile('{"version": 1, "targets": {', 'state.json');
    const error = await new FileStateStore(file).get('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(new RegExp(`^${file}: the state file is not valid JSON .*; delete it`));
  });
});
