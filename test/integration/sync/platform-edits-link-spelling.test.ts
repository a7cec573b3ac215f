import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current', strict: false });
});
afterAll(() => emulator.close());

/**
 * A page docsync sent with a one-page edit (its `updatedAt` not read back) is read once main moves,
 * and its live links to files come back spelled as the platform spells them. Where the base's own
 * text is gone (a folder outside git, a work tree's text never committed), only the fingerprint
 * tells docsync's version from the platform's: it must not depend on how a link to a file is spelled.
 */
describe('a page with a link to a file, edited twice while the platform changed another page', () => {
  for (const spelling of [
    '../.gitbook/assets/Sync%20flow%20\\(1\\).png',
    '<../.gitbook/assets/Sync flow (1).png>',
    './../.gitbook/assets/Sync%20flow%20(1).png',
  ]) {
    it(`is not taken for a platform edit: ${spelling}`, async () => {
      emulator.reset();
      const { dir, docs } = await exampleWorkspace();
      const page = join(docs, 'guides/direct-mode.md');
      const withImage = `${await readFile(page, 'utf8')}\n![The flow](${spelling})\n`;
      await writeFile(page, withImage);
      const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true } });
      expect((await syncOnce(loaded)).failures).toEqual([]);
      await writeFile(page, `${withImage}\nOne more line.\n`);
      expect((await syncOnce(loaded)).results[0]).toMatchObject({ outcome: 'merged', delivered: { changes: 1, batches: 1 } });

      await editPageInPlatform(emulator, 'space-docs', { title: 'Watching a repository', markdown: '# Watching a repository\n\nEdited in the platform.\n' });
      await writeFile(page, `${withImage}\nTwo more lines.\n`);
      const next = await syncOnce(loaded);
      // The platform's edit is found (and, with no git remote to keep it on, nothing is overwritten); docsync's own is not.
      expect(next.failures).toHaveLength(1);
      expect(next.failures[0]?.error).toContain('(guides/watching-a-repo.md)');
    });
  }
});
