import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPackageVersion } from '../../../src/config/package-version.js';
import { cachedSpecLoader } from '../../../src/specs/cached-spec-loader.js';
import { SpecValidationError } from '../../../src/specs/errors/spec-validation-error.js';
import { loadSpec, type SpecLoader } from '../../../src/specs/load-spec.js';
import { SpecVerdictCache } from '../../../src/specs/spec-verdict-cache.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

const FIXTURES = new URL('../../fixtures/specs', import.meta.url).pathname;

afterAll(removeTempDirs);

/** loadSpec behind a fresh verdict cache in `dir`, counting the loads that reached it. */
function counted(dir: string): { load: SpecLoader; loads: () => number } {
  let loads = 0;
  const load = cachedSpecLoader(new SpecVerdictCache(join(dir, 'verdicts')), (file, scope) => {
    loads++;
    return loadSpec(file, scope);
  });
  return { load, loads: () => loads };
}

async function copyFixtures(): Promise<string> {
  const dir = await makeTempDir('docsync-verdicts-');
  await cp(FIXTURES, join(dir, 'specs'), { recursive: true });
  return dir;
}

describe('the spec verdict cache', () => {
  it('does not validate a single-file spec again while its content is the same, and gives what loadSpec gave', async () => {
    const dir = await copyFixtures();
    const file = join(dir, 'specs/petstore.yaml');
    const { load, loads } = counted(dir);
    const first = await load(file);
    const again = await load(file);
    expect(loads()).toBe(1);
    expect(again).toEqual(first);
  });

  it('keeps a bundled spec with its bundle, and validates again once any of its files changes', async () => {
    const dir = await copyFixtures();
    const root = join(dir, 'specs/multi/openapi.yaml');
    const { load, loads } = counted(dir);
    const first = await load(root);
    expect(first.bundled).toBe(true);
    expect(await load(root)).toEqual(first);
    expect(loads()).toBe(1);

    const owner = join(dir, 'specs/multi/schemas/owner.yaml');
    await writeFile(owner, `description: an owner\n${await readFile(owner, 'utf8')}`);
    const edited = await load(root);
    expect(loads()).toBe(2);
    expect(edited.hash).not.toBe(first.hash);
    expect(edited).toEqual(await loadSpec(root));
  });

  it('knows a content seen before again, after an edit and its undo', async () => {
    const dir = await copyFixtures();
    const file = join(dir, 'specs/petstore.yaml');
    const original = await readFile(file, 'utf8');
    const { load, loads } = counted(dir);
    await load(file);
    await writeFile(file, original.replace('3.0.3', '3.0.2'));
    await load(file);
    await writeFile(file, original);
    await load(file);
    expect(loads()).toBe(2);
  });

  it('keeps no verdict of an invalid spec: each run reports its error', async () => {
    const dir = await copyFixtures();
    const file = join(dir, 'specs/invalid.yaml');
    const { load, loads } = counted(dir);
    await expect(load(file)).rejects.toBeInstanceOf(SpecValidationError);
    await expect(load(file)).rejects.toBeInstanceOf(SpecValidationError);
    expect(loads()).toBe(2);
  });

  it('validates again when an entry is unreadable or was written by another validator', async () => {
    const dir = await copyFixtures();
    const file = join(dir, 'specs/petstore.yaml');
    const { load, loads } = counted(dir);
    await load(file);
    const [entry] = await readdir(join(dir, 'verdicts'));
    const path = join(dir, 'verdicts', entry!);
    const kept = JSON.parse(await readFile(path, 'utf8')) as { validator: string };
    // The release's own generated schema check judges too: an entry kept by another docsync is stale.
    expect(kept.validator).toContain(`docsync@${readPackageVersion()} `);
    await writeFile(path, JSON.stringify({ ...kept, validator: kept.validator.replace(/docsync@\S+/, 'docsync@0.0.1') }));
    await load(file);
    await writeFile(path, JSON.stringify({ ...kept, validator: 'docsync-spec-verdict/0 swagger-parser@1.0.0' }));
    await load(file);
    await writeFile(path, '{"validator": ');
    await load(file);
    expect(loads()).toBe(4);
  });
});
