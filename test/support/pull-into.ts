import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pullAction } from '../../src/cli/commands/pull-command.js';
import type { RunningEmulator } from '../../src/emulator/start-emulator.js';
import { silentLogger } from '../../src/logging/logger.js';

/**
 * `docsync pull <spaceId> <dir>/pulled` with a docsync.yaml in `dir` whose target `docs` (./docs)
 * syncs that space: its state is docsync's record of where each page came from. Returns the folder.
 */
export async function pullInto(emulator: RunningEmulator, dir: string, spaceId = 'space-docs'): Promise<string> {
  const config = join(dir, 'docsync.yaml');
  await writeFile(
    config,
    `api:\n  endpoint: ${emulator.url}\n  token: emulator-admin\nspaces:\n  - name: docs\n    directory: ./docs\n    spaceId: ${spaceId}\n`,
  );
  const out: string[] = [];
  const target = join(dir, 'pulled');
  const code = await pullAction(spaceId, target, { config }, { stdout: (t) => out.push(t), stderr: (t) => out.push(t), env: {}, logger: silentLogger });
  if (code !== 0) throw new Error(`docsync pull exited ${code}: ${out.join('')}`);
  return target;
}
