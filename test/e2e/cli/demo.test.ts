import { afterAll, describe, expect, it } from 'vitest';
import { runDocsync } from '../../support/run-docsync.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

describe('docsync demo', () => {
  it('syncs the bundled example into the built-in emulator of today’s API, shows the pages, and a second sync writes nothing', async () => {
    // As the README's first command runs it: no account, no Redis, no configuration.
    const run = await runDocsync(['demo'], await makeTempDir('docsync-demo-'));
    expect(run).toExitWith(0);
    expect(run.stdout).toContain('(contract: current)');
    expect(run.stdout).toMatch(/^merged\s+example-docs\s+27 pages/m);
    // Today's API cannot create page groups: each of the example's three `##` groups is a page of its
    // title holding its pages (groups: pages), so the space holds the 27 pages and those 3, all named in one warning.
    expect(run.stdout).toMatch(/What the space now holds: 30 pages$/m);
    expect(run.stdout).toMatch(/^ {2}- Guides and reference {2}\(guides-and-reference\)$/m);
    const warnings = run.stderr.split('\n').filter((line) => line !== '');
    expect(warnings).toHaveLength(1);
    expect(run.stderr).toContain(
      'the groups \\"Getting started\\", \\"Guides and reference\\", \\"FAQ\\" are not in the space and the API cannot create groups',
    );
    expect(run.stdout).toContain('Quickstart');
    expect(run.stdout).toMatch(/^skipped\s+example-docs\s+27 pages/m);
    expect(run.stdout).toContain('write calls made by the second sync: 0');
  });

  it('--contract seed imports the example as a zip, groups included', async () => {
    const run = await runDocsync(['demo', '--contract', 'seed'], await makeTempDir('docsync-demo-'));
    expect(run.stderr).toBe('');
    expect(run).toExitWith(0);
    expect(run.stdout).toContain('(contract: seed)');
    expect(run.stdout).toMatch(/^merged\s+example-docs\s+27 pages/m);
    expect(run.stdout).toMatch(/What the space now holds: 27 pages in \d+ groups?/);
    expect(run.stdout).toContain('Quickstart');
    expect(run.stdout).toMatch(/^skipped\s+example-docs\s+27 pages/m);
    expect(run.stdout).toContain('write calls made by the second sync: 0');
  });
});
