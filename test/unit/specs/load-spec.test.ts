import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SpecValidationError } from '../../../src/specs/errors/spec-validation-error.js';
import { listSpecFiles } from '../../../src/specs/list-spec-files.js';
import { loadSpec } from '../../../src/specs/load-spec.js';
import { specHash } from '../../../src/specs/spec-hash.js';

const FIXTURES = new URL('../../fixtures/specs', import.meta.url).pathname;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docsync-spec-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function failure(file: string): Promise<SpecValidationError> {
  try {
    await loadSpec(file);
  } catch (error) {
    if (error instanceof SpecValidationError) return error;
    throw error;
  }
  throw new Error(`expected ${file} to be refused`);
}

async function write(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, text);
  return path;
}

describe('loadSpec', () => {
  it('sends a single-file spec as written, hashed', async () => {
    const file = join(FIXTURES, 'petstore.yaml');
    const spec = await loadSpec(file);
    const original = await readFile(file, 'utf8');
    expect(spec).toMatchObject({ file, format: 'yaml', text: original, hash: specHash(original), referencedFiles: [file], bundled: false, version: '3.0.3' });
  });

  it('bundles a multi-file spec into one YAML document and lists every file', async () => {
    const spec = await loadSpec(join(FIXTURES, 'multi/openapi.yaml'));
    expect(spec.bundled).toBe(true);
    expect(spec.referencedFiles).toEqual(['multi/openapi.yaml', 'multi/schemas/pet.yaml', 'multi/schemas/owner.yaml'].map((f) => join(FIXTURES, f)));
    expect(spec.text).not.toContain('./schemas/');
    expect(spec.text).not.toContain('owner.yaml');
    const document = parse(spec.text) as Record<string, any>;
    expect(document.components.schemas.Pet.properties.owner.properties.name.type).toBe('string');
    expect(document.paths['/pets'].get.responses['200'].content['application/json'].schema.items).toEqual({ $ref: '#/components/schemas/Pet' });
    expect(spec.hash).toBe(specHash(spec.text));
  });

  it('bundles a JSON root as JSON', async () => {
    await write('json/schemas/pet.json', JSON.stringify({ type: 'object', properties: { id: { type: 'integer' } } }));
    const root = await write(
      'json/api.json',
      JSON.stringify({ openapi: '3.0.3', info: { title: 'j', version: '1' }, paths: {}, components: { schemas: { Pet: { $ref: 'schemas/pet.json' } } } }),
    );
    const spec = await loadSpec(root);
    expect(spec.format).toBe('json');
    expect(JSON.parse(spec.text).components.schemas.Pet.properties.id.type).toBe('integer');
  });

  it('refuses a schema error, naming the file (relative to the working directory), the line and the JSON pointer', async () => {
    const file = join(process.cwd(), 'specs', 'invalid.yaml');
    await mkdir(join(process.cwd(), 'specs'));
    await cp(join(FIXTURES, 'invalid.yaml'), file);
    const error = await failure(file);
    expect(error).toMatchObject({ file, line: 7, pointer: '/paths/~1pets/get', code: 'E_SPEC_INVALID' });
    expect(error.message).toBe(`specs/invalid.yaml:7: /paths/~1pets/get: must have required property 'responses' (OpenAPI schema)`);
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('places an error inside a referenced file at its line there', async () => {
    await write('deep/schemas/pet.yaml', 'type: object\nproperties:\n  name:\n    type: strin\n');
    const root = await write(
      'deep/api.yaml',
      "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /pets:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                $ref: ./schemas/pet.yaml\n",
    );
    const error = await failure(root);
    expect(error.file).toBe(join(dir, 'deep/schemas/pet.yaml'));
    expect(error.line).toBe(4);
    expect(error.detail).toMatch(/must be equal to one of the allowed values: .*"string"/);
  });

  it('refuses YAML that does not parse, with its line', async () => {
    const file = await write('syntax.yaml', 'openapi: 3.0.3\ninfo:\n  title: x\n  version: "1\npaths: {}\n');
    const error = await failure(file);
    expect(error.file).toBe(file);
    expect(error.line).toBeGreaterThanOrEqual(4);
    expect(error.detail).toMatch(/^not valid YAML/);
  });

  it('blames the $ref line for a referenced file that does not exist', async () => {
    const root = await write(
      'missing.yaml',
      "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Pet:\n      $ref: ./nope.yaml\n",
    );
    const error = await failure(root);
    expect(error).toMatchObject({ file: root, line: 7 });
    expect(error.detail).toMatch(/nope\.yaml cannot be read \(ENOENT\)/);
  });

  it('blames the $ref line for a pointer that does not exist', async () => {
    const root = await write(
      'pointer.yaml',
      "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {type: string}\n    B:\n      $ref: '#/components/schemas/C'\n",
    );
    expect(await failure(root)).toMatchObject({ file: root, line: 8 });
  });

  it('refuses remote $refs instead of fetching them', async () => {
    const root = await write(
      'remote.yaml',
      "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Pet:\n      $ref: https://example.invalid/pet.yaml\n",
    );
    const error = await failure(root);
    expect(error).toMatchObject({ file: root, line: 7 });
    expect(error.detail).toMatch(/not local/);
  });

  it('refuses a missing root file and a document that is not OpenAPI', async () => {
    expect((await failure(join(dir, 'absent.yaml'))).detail).toMatch(/cannot read the spec file \(ENOENT\)/);
    const notApi = await write('not-api.yaml', 'title: hello\n');
    expect((await failure(notApi)).detail).toMatch(/not an OpenAPI document/);
  });
});

describe('listSpecFiles', () => {
  it('lists the root and every local file it references', async () => {
    expect(await listSpecFiles(join(FIXTURES, 'multi/openapi.yaml'))).toEqual(
      ['multi/openapi.yaml', 'multi/schemas/pet.yaml', 'multi/schemas/owner.yaml'].map((f) => join(FIXTURES, f)),
    );
  });

  it('still lists the root of a spec that does not resolve', async () => {
    expect(await listSpecFiles(join(dir, 'absent.yaml'))).toEqual([join(dir, 'absent.yaml')]);
  });
});
