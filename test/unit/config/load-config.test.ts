import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MissingTokenError } from '../../../src/config/missing-token-error.js';
import { EXIT, exitCodeFor } from '../../../src/failure/exit-codes.js';
import { ConfigError } from '../../../src/config/config-error.js';
import { loadConfig } from '../../../src/config/load-config.js';

async function configFile(text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'docsync-config-'));
  const file = join(dir, 'docsync.yaml');
  await writeFile(file, text);
  return file;
}

describe('loadConfig', () => {
  it('applies defaults and interpolates the environment', async () => {
    const file = await configFile('api:\n  token: ${MY_TOKEN}\nspaces:\n  - name: docs\n    directory: ./docs\n    spaceId: sp1\n');
    const { config, baseDir } = await loadConfig(file, { MY_TOKEN: 'tok' });
    expect(config.api.token).toBe('tok');
    expect(config.spaces[0]).toMatchObject({ source: 'worktree', mode: 'change-request', changeRequest: { autoMerge: false, reviewers: [] } });
    expect(config.api.timeout).toBe(30_000);
    expect(baseDir).toBe(join(file, '..'));
  });

  it('names file, line and field for a bad value', async () => {
    const file = await configFile('spaces:\n  - name: docs\n    directory: ./docs\n    spaceId: sp1\n    mode: sideways\n');
    const error = await loadConfig(file, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).line).toBe(5);
    expect((error as ConfigError).field).toBe('spaces.0.mode');
    expect((error as Error).message).toContain(`${file}:5: spaces.0.mode:`);
  });

  it('names the variable and the field when the environment lacks it, and honours defaults', async () => {
    const file = await configFile('api:\n  token: ${NOPE_TOKEN}\n');
    const error = (await loadConfig(file, {}).catch((e: unknown) => e)) as MissingTokenError;
    // The file is right; the token is what is missing (exit 3, as for a token the API refuses).
    expect(error).toBeInstanceOf(MissingTokenError);
    expect(exitCodeFor(error)).toBe(EXIT.auth);
    expect(error.message).toContain('NOPE_TOKEN');
    // Every way to give the token: the variable the file names, the override, and the file's field.
    for (const name of ['DOCSYNC_TOKEN', 'GITBOOK_TOKEN', 'api.token']) expect(error.message).toContain(name);
    expect(error.line).toBe(2);
    expect(error.field).toBe('api.token');
    const usual = await configFile('api:\n  token: ${GITBOOK_TOKEN}\n');
    const unset = (await loadConfig(usual, {}).catch((e: unknown) => e)) as MissingTokenError;
    expect(unset.message).toBe(
      `${usual}:2: api.token: environment variable GITBOOK_TOKEN is not set; export it, or set DOCSYNC_TOKEN, which overrides api.token`,
    );
    expect((await loadConfig(usual, { DOCSYNC_TOKEN: 'from-env' })).config.api.token).toBe('from-env');
    const withDefault = await configFile('api:\n  token: ${NOPE_TOKEN:-fallback}\n');
    expect((await loadConfig(withDefault, {})).config.api.token).toBe('fallback');
  });

  it('reports YAML syntax errors with their line, and a missing file', async () => {
    const file = await configFile('spaces:\n  - name: docs\n   bad: [\n');
    const error = (await loadConfig(file, {}).catch((e: unknown) => e)) as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.line).toBeGreaterThan(0);
    const missing = (await loadConfig(join(tmpdir(), 'does-not-exist.yaml'), {}).catch((e: unknown) => e)) as ConfigError;
    expect(missing.message).toContain('docsync.example.yaml');
  });

  it('refuses two targets with one name', async () => {
    const file = await configFile('spaces:\n  - name: docs\n    directory: a\n    spaceId: s\n  - name: docs\n    directory: b\n    spaceId: t\n');
    const error = (await loadConfig(file, {}).catch((e: unknown) => e)) as ConfigError;
    expect(error.field).toBe('spaces.1.name');
    expect(error.line).toBe(5);
  });
});

describe('environment overrides', () => {
  const SPACES = 'spaces:\n  - name: docs\n    directory: ./docs\n    spaceId: sp1\n';

  it('REDIS_URL sets redis.url with no interpolation in the file, and overrides the file', async () => {
    const bare = await configFile(SPACES);
    expect((await loadConfig(bare, { REDIS_URL: 'redis://redis:6379/2' })).config.redis.url).toBe('redis://redis:6379/2');
    expect((await loadConfig(bare, {})).config.redis.url).toBe('redis://127.0.0.1:6379');
    const literal = await configFile(`${SPACES}redis:\n  url: redis://127.0.0.1:6380\n  prefix: mine\n`);
    const { config } = await loadConfig(literal, { REDIS_URL: 'redis://redis:6379' });
    expect(config.redis).toMatchObject({ url: 'redis://redis:6379', prefix: 'mine' });
  });

  it('DOCSYNC_TOKEN overrides token: ${GITBOOK_TOKEN}, set or not', async () => {
    const file = await configFile(`api:\n  token: \${GITBOOK_TOKEN}\n${SPACES}`);
    expect((await loadConfig(file, { GITBOOK_TOKEN: 'from-gitbook', DOCSYNC_TOKEN: 'from-docsync' })).config.api.token).toBe('from-docsync');
    expect((await loadConfig(file, { DOCSYNC_TOKEN: 'from-docsync' })).config.api.token).toBe('from-docsync');
  });

  it('DOCSYNC_ARTIFACTS_LISTEN and DOCSYNC_ARTIFACTS_PUBLIC_URL set the bundle server, as the image does', async () => {
    const file = await configFile(`${SPACES}artifacts:\n  ttl: 5m\n`);
    const { config } = await loadConfig(file, { DOCSYNC_ARTIFACTS_LISTEN: '0.0.0.0:8787', DOCSYNC_ARTIFACTS_PUBLIC_URL: 'https://bundles.example.com' });
    expect(config.artifacts).toMatchObject({ listen: '0.0.0.0:8787', publicUrl: 'https://bundles.example.com', ttl: 300_000 });
  });

  it('a bad value from the environment is exit 2 naming the variable', async () => {
    const file = await configFile(SPACES);
    for (const [variable, value, field] of [
      ['REDIS_URL', 'localhost:6379', 'redis.url'],
      ['DOCSYNC_ARTIFACTS_LISTEN', 'everywhere', 'artifacts.listen'],
      ['DOCSYNC_ENDPOINT', 'not-a-url', 'api.endpoint'],
    ] as const) {
      const error = (await loadConfig(file, { [variable]: value }).catch((e: unknown) => e)) as ConfigError;
      expect(error).toBeInstanceOf(ConfigError);
      expect(exitCodeFor(error)).toBe(EXIT.config);
      expect(error.field).toBe(field);
      // The value is not in the file: the message names the variable, not the file.
      expect(error.message).toMatch(new RegExp(`^${variable}: .*\\(set in the environment, it overrides ${field}\\)`));
      expect(error.message).not.toContain(file);
    }
  });
});

describe('config/docsync.example.yaml', () => {
  it('loads as it is shipped, given the token variable', async () => {
    const file = new URL('../../../config/docsync.example.yaml', import.meta.url).pathname;
    const { config } = await loadConfig(file, { GITBOOK_TOKEN: 'token-from-env' });
    expect(config.spaces[0]?.name).toBe('product-docs');
    expect(config.api.token).toBe('token-from-env');
  });
});
