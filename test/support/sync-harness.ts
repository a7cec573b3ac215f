import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocsyncConfigSchema, type DocsyncConfigInput } from '../../src/config/config-schema.js';
import type { LoadedConfig } from '../../src/config/load-config.js';
import type { RunningEmulator } from '../../src/emulator/start-emulator.js';
import { silentLogger } from '../../src/logging/logger.js';
import { runSyncOnce } from '../../src/runtime/run-sync-once.js';

export const EXAMPLE_DOCS = new URL('../../examples/docs/', import.meta.url).pathname;

/** A temp folder holding a copy of the example docs under `docs/`. */
export async function exampleWorkspace(): Promise<{ dir: string; docs: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'docsync-sync-'));
  const docs = join(dir, 'docs');
  await cp(EXAMPLE_DOCS, docs, { recursive: true });
  return { dir, docs };
}

/** A loaded configuration pointing one target at `docs` and the API at the emulator. */
export function configFor(
  emulator: RunningEmulator,
  dir: string,
  target: Record<string, unknown> = {},
  extra: Partial<DocsyncConfigInput> = {},
  token = 'emulator-admin',
): LoadedConfig {
  const config = DocsyncConfigSchema.parse({
    api: { endpoint: emulator.url, token },
    spaces: [{ name: 'docs', directory: 'docs', spaceId: 'space-docs', ...target }],
    ...extra,
  });
  return { config, file: join(dir, 'docsync.yaml'), baseDir: dir };
}

export function syncOnce(loaded: LoadedConfig, dryRun = false) {
  return runSyncOnce(loaded, { dryRun, logger: silentLogger });
}
