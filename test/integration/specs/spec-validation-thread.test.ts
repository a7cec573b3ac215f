import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ReadScope } from '../../../src/config/read-scope.js';
import { loadSpec } from '../../../src/specs/load-spec.js';
import { SpecValidationThread } from '../../../src/specs/spec-validation-thread.js';
import { makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

const FIXTURES = new URL('../../fixtures/specs', import.meta.url).pathname;

afterAll(removeTempDirs);

/** What a load gives, or the error's class and message: the thread must answer as loadSpec does. */
function outcome(load: Promise<unknown>): Promise<unknown> {
  return load.then(
    (spec) => ({ spec }),
    (error: unknown) => ({ error: (error as Error).name, message: (error as Error).message, line: (error as { line?: number }).line }),
  );
}

describe('specs validated in a worker thread (the daemon)', () => {
  it('gives the same specs and the same errors as loadSpec in the process', async () => {
    const dir = await makeTempDir('docsync-spec-thread-');
    await cp(FIXTURES, join(dir, 'specs'), { recursive: true });
    await writeTree(dir, {
      'outside.yaml': 'openapi: 3.0.3\n',
      'specs/escape.yaml': 'openapi: 3.0.3\ninfo: { title: t, version: "1" }\npaths: {}\ncomponents:\n  schemas:\n    A: { $ref: "../outside.yaml" }\n',
    });
    const scope = ReadScope.of(join(dir, 'specs'));
    const thread = new SpecValidationThread();
    try {
      for (const name of ['petstore.yaml', 'multi/openapi.yaml', 'invalid.yaml', 'escape.yaml', 'missing.yaml']) {
        const file = join(dir, 'specs', name);
        expect(await outcome(thread.load(file, scope)), name).toEqual(await outcome(loadSpec(file, scope)));
      }
      const refused = await outcome(thread.load(join(dir, 'specs/escape.yaml'), scope));
      expect(refused).toMatchObject({ error: 'SpecValidationError', message: expect.stringContaining('outside') });
      expect(await outcome(thread.load(join(dir, 'specs/invalid.yaml'), scope))).toMatchObject({ error: 'SpecValidationError', line: expect.any(Number) });
    } finally {
      await thread.close();
    }
  });

  it('answers loads in flight at once, each with its own spec', async () => {
    const thread = new SpecValidationThread();
    try {
      const files = ['petstore.yaml', 'multi/openapi.yaml', 'petstore.yaml'].map((name) => join(FIXTURES, name));
      const specs = await Promise.all(files.map((file) => thread.load(file)));
      expect(specs.map((spec) => spec.file)).toEqual(files);
      expect(specs.map((spec) => spec.bundled)).toEqual([false, true, false]);
    } finally {
      await thread.close();
    }
  });
});
