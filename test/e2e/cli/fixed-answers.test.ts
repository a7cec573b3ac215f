import { copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXED_ARGV, fixedAnswers } from '../../../src/cli/fixed-answers.js';
import { docsyncProgram } from '../../../src/cli/program.js';
import { CLI } from '../../support/daemon-harness.js';
import { runDocsync, type DocsyncRun } from '../../support/run-docsync.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

/** The full CLI as compiled, not through the bin. */
const FULL_CLI = new URL('../../../dist/src/cli/main.js', import.meta.url).pathname;

const output = (run: DocsyncRun) => ({ stdout: run.stdout, stderr: run.stderr, code: run.code });

describe('the bin’s own answers (top-level help, the version)', () => {
  it('are what commander renders from the current program definition, with no other file of the build (rebuild when they differ)', async () => {
    // The bin alone, as installed (an ES module by its package.json): only the text written in at build time can answer.
    const alone = await makeTempDir('docsync-bin-alone-');
    await writeFile(join(alone, 'package.json'), '{"type":"module"}\n');
    await copyFile(CLI, join(alone, 'docsync.js'));
    const { answers } = await fixedAnswers(docsyncProgram);
    for (const answer of answers) {
      const run = await runDocsync(answer.argv, alone, {}, join(alone, 'docsync.js'));
      expect(output(run), `docsync ${answer.argv.join(' ')}`).toEqual({ stdout: answer.stdout, stderr: answer.stderr, code: answer.exitCode });
      // No colour codes, so a terminal's colours would not change commander's text either.
      expect(`${answer.stdout}${answer.stderr}`).not.toContain('\u001b');
    }
  });

  it('equal the full CLI’s output and exit code, as do command lines it leaves to the full CLI', async () => {
    const dir = await makeTempDir('docsync-bin-');
    for (const argv of [...FIXED_ARGV, ['help', 'sync'], ['--help', 'extra'], ['spec', '--help'], ['--bogus']]) {
      const [bin, full] = await Promise.all([runDocsync(argv, dir), runDocsync(argv, dir, {}, FULL_CLI)]);
      expect(output(bin), `docsync ${argv.join(' ')}`).toEqual(output(full));
    }
  });
});
