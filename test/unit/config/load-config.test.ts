import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
    const error = (await loadConfig(file, {}).catch((e: unknown) => e)) as ConfigError;
    expect(error.message).toContain('NOPE_TOKEN');
    expect(error.line).toBe(2);
    expect(error.field).toBe('api.token');
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
    const file = await configFile(
      'spaces:\n  - name: docs\n    directory: a\n    spaceId: s\n  - name: docs\n    directory: b\n    spaceId: t\n',
    );
    const error = (await loadConfig(file, {}).catch((e: unknown) => e)) as ConfigError;
    expect(error.field).toBe('spaces.1.name');
    expect(error.line).toBe(5);
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
