import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { ORG, TOKENS, call, json } from '../../support/emulator-harness.js';
import { runDocsync } from '../../support/run-docsync.js';
import { emptySite, startSiteEmulator } from '../../support/site-test-support.js';

let emulator: RunningEmulator;
let dir: string;
beforeAll(async () => {
  ({ emulator, dir } = await startSiteEmulator(8, { contract: 'seed' }));
});
afterAll(() => emulator.close());

/** A manifest of one section holding one space, for site `siteId`. */
async function manifest(siteId: string): Promise<string> {
  const file = join(dir, `small-${siteId}.yaml`);
  await writeFile(
    file,
    `site:\n  organization: ${ORG}\n  id: ${siteId}\n  title: Small site\n  structure:\n` +
      `    - type: section\n      key: guides\n      title: Guides\n      path: guides\n      children:\n` +
      `        - { type: space, key: guides-v1, path: v1, spaceId: space-1 }\n`,
  );
  return file;
}

const env = (): Record<string, string> => ({ DOCSYNC_ENDPOINT: emulator.url, DOCSYNC_TOKEN: TOKENS.admin });

describe('docsync site apply --json', () => {
  it('prints the plan and why it stopped when it refuses deletions without --yes, and deletes nothing', async () => {
    const siteId = await emptySite(emulator);
    const file = await manifest(siteId);
    const created = await runDocsync(['site', 'apply', '--manifest', file, '--json'], dir, env());
    expect(created.code).toBe(0);
    const foreign = json(
      (await call(emulator, 'POST', `/v1/orgs/${ORG}/sites/${siteId}/sections`, { body: { spaceId: 'space-2', title: 'Made in the app' } })).body,
    );

    const writes = emulator.stats().writes;
    const refused = await runDocsync(['site', 'apply', '--manifest', file, '--prune', '--json'], dir, env());
    expect(refused.code).toBe(1);
    const document = JSON.parse(refused.stdout) as Record<string, unknown>;
    expect(document).toMatchObject({
      siteId,
      deletes: 1,
      error: { code: 'E_SITE_NOT_CONFIRMED', exitCode: 1, file: null, line: null, message: expect.stringMatching(/deletes 1 object.*--yes/) },
    });
    expect(document).not.toHaveProperty('result');
    expect(refused.stderr).toContain('nothing applied');
    expect(emulator.stats().writes).toBe(writes);
    const sections = json((await call(emulator, 'GET', `/v1/orgs/${ORG}/sites/${siteId}/sections`)).body).items as { id: string }[];
    expect(sections.map((section) => section.id)).toContain(foreign.id);
  });

  it('prints one error document when apply fails', async () => {
    const file = await manifest('site-that-does-not-exist');
    const failed = await runDocsync(['site', 'apply', '--manifest', file, '--json'], dir, env());
    expect(failed.code).not.toBe(0);
    expect(JSON.parse(failed.stdout)).toEqual({
      error: expect.objectContaining({ exitCode: failed.code, message: expect.stringContaining('site-that-does-not-exist') }),
    });
  });
});
