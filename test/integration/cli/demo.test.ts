import { afterAll, describe, expect, it } from 'vitest';
import { runDocsync } from '../../support/run-docsync.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

describe('docsync demo', () => {
  it('syncs the bundled example into the built-in emulator, shows the pages, and a second sync writes nothing', async () => {
    // As the README's first command runs it: no account, no Redis, no configuration.
    const run = await runDocsync(['demo'], await makeTempDir('docsync-demo-'));
    expect(run.stderr).toBe('');
    expect(run).toExitWith(0);
    expect(run.stdout).toMatch(/^merged\s+example-docs\s+27 pages/m);
    expect(run.stdout).toMatch(/What the space now holds: 27 pages in \d+ groups?/);
    expect(run.stdout).toContain('Quickstart');
    expect(run.stdout).toMatch(/^skipped\s+example-docs\s+27 pages/m);
    expect(run.stdout).toContain('write calls made by the second sync: 0');
  });
});
