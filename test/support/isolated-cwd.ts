import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { ENV_OVERRIDES } from '../../src/config/load-config.js';

// Every test file, and every test in it, runs in an empty temporary working directory of its own:
// nothing a test does reads or writes a docsync.yaml or .docsync/ that sits in the project root.
// (process.chdir needs the forks pool: worker threads cannot change directory.)
// Nor does the shell's environment reach into a test's configuration: the variables that override
// docsync.yaml settings (REDIS_URL, DOCSYNC_TOKEN, …) are cleared, here and in spawned CLIs.
for (const { variable } of ENV_OVERRIDES) Reflect.deleteProperty(process.env, variable);

const fileDir = await mkdtemp(join(tmpdir(), 'docsync-test-'));
process.chdir(fileDir);

beforeEach(async () => {
  process.chdir(await mkdtemp(join(fileDir, 'case-')));
});

afterEach(() => {
  process.chdir(fileDir);
});

afterAll(async () => {
  process.chdir(tmpdir());
  await rm(fileDir, { recursive: true, force: true });
});
