import SwaggerParser from '@apidevtools/swagger-parser';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSIONS, schemaValidatorSource } from '../../../scripts/spec-schema-validators.js';
import { SpecValidationError } from '../../../src/specs/errors/spec-validation-error.js';
import { loadSpec } from '../../../src/specs/load-spec.js';
import { makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

const info = { title: 't', version: '1' };
const ok = { '200': { description: 'ok' } };
const swagger = (rest: object): object => ({ swagger: '2.0', info, paths: {}, ...rest });
const oas30 = (rest: object): object => ({ openapi: '3.0.3', info, paths: {}, ...rest });
const oas31 = (rest: object): object => ({ openapi: '3.1.0', info, paths: {}, ...rest });

/** Valid and invalid documents of each version, for the schema check and swagger-parser's other rules. */
const corpus: Record<string, object> = {
  'swagger valid': swagger({ paths: { '/pets/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, type: 'string' }], responses: ok } } } }),
  'swagger no info': { swagger: '2.0', paths: {} },
  'swagger bad response code': swagger({ paths: { '/a': { get: { responses: { '2000': { description: 'x' } } } } } }),
  'swagger duplicate operationId': swagger({ paths: { '/a': { get: { operationId: 'x', responses: ok } }, '/b': { get: { operationId: 'x', responses: ok } } } }),
  'swagger undeclared path parameter': swagger({ paths: { '/a/{id}': { get: { responses: ok } } } }),
  'swagger duplicate parameters': swagger({
    paths: { '/a': { get: { parameters: [{ name: 'q', in: 'query', type: 'string' }, { name: 'q', in: 'query', type: 'string' }], responses: ok } } },
  }),
  'swagger two body parameters': swagger({
    paths: { '/a': { post: { parameters: [{ name: 'a', in: 'body', schema: {} }, { name: 'b', in: 'body', schema: {} }], responses: ok } } },
  }),
  'swagger required property missing, circular': swagger({
    definitions: { Node: { type: 'object', required: ['name'], properties: { child: { $ref: '#/definitions/Node' } } } },
  }),
  'swagger array without items': swagger({ paths: { '/a': { get: { parameters: [{ name: 'q', in: 'query', type: 'array' }], responses: ok } } } }),
  'openapi 3.0 valid, circular': oas30({
    components: { schemas: { Node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } } } },
  }),
  'openapi 3.0 no responses': oas30({ paths: { '/a': { get: {} } } }),
  'openapi 3.0 unknown top-level key': oas30({ extra: true }),
  'openapi 3.0 bad parameter': oas30({ paths: { '/a': { get: { parameters: [{ name: 'q', in: 'nowhere' }], responses: ok } } } }),
  'openapi 3.0 schema type array of types': oas30({ components: { schemas: { A: { type: ['string', 'null'] } } } }),
  'openapi 3.0 duplicate operationId (accepted)': oas30({ paths: { '/a': { get: { operationId: 'x', responses: ok } }, '/b': { get: { operationId: 'x', responses: ok } } } }),
  'openapi 3.1 valid, webhooks only': { openapi: '3.1.0', info, webhooks: { ping: { post: { responses: ok } } } },
  'openapi 3.1 type null': oas31({ components: { schemas: { A: { type: ['string', 'null'] } } } }),
  'openapi 3.1 bad server': oas31({ servers: [{ description: 'no url' }] }),
  'openapi 3.1 bad schema keyword value': oas31({ components: { schemas: { A: { type: 'object', required: 'name' } } } }),
  'openapi 3.1 license without name': oas31({ info: { ...info, license: { url: 'https://x' } } }),
  'unsupported version': { openapi: '3.2.0', info, paths: {} },
  // One object checked at every place a `$ref` put it (the validators remember passes, not failures).
  'openapi 3.0 one bad schema used in three places': oas30({
    paths: {
      '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Bad' } } } } } } },
      '/b': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Bad' } } } } } } } },
    },
    components: { schemas: { Bad: { type: 'strin' }, Good: { type: 'object', properties: { bad: { $ref: '#/components/schemas/Bad' } } } } },
  }),
  'openapi 3.0 one object valid as a schema, invalid as a parameter': oas30({
    paths: { '/a': { get: { parameters: [{ $ref: '#/components/schemas/Pet' }], responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } } } } },
    components: { schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } } } } },
  }),
  'openapi 3.0 shared parameters, one valid and one not': oas30({
    paths: {
      '/a': { get: { parameters: [{ $ref: '#/components/parameters/Q' }, { $ref: '#/components/parameters/Bad' }], responses: ok } },
      '/b': { get: { parameters: [{ $ref: '#/components/parameters/Q' }, { $ref: '#/components/parameters/Bad' }], responses: ok } },
    },
    components: { parameters: { Q: { name: 'q', in: 'query', schema: { type: 'string' } }, Bad: { name: 'b', in: 'nowhere', schema: { type: 'string' } } } },
  }),
  'swagger one bad definition used twice': swagger({
    paths: {
      '/a': { get: { responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/Bad' } } } } },
      '/b': { get: { responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/Bad' } } } } },
    },
    definitions: { Bad: { type: 'strin' } },
  }),
};

type Verdict = { ok: true } | { ok: false; message: string; details?: unknown };

function verdictOf(error: unknown): Verdict {
  const fields = error as { message: string; details?: unknown };
  return fields.details === undefined ? { ok: false, message: fields.message } : { ok: false, message: fields.message, details: fields.details };
}

describe('precompiled schema validators', () => {
  it.each(SCHEMA_VERSIONS)('the committed %s validator is what a fresh generation gives', async (version) => {
    const committed = await readFile(new URL(`../../../src/specs/schema-validators/validate-${version}.ts`, import.meta.url), 'utf8');
    expect(committed === schemaValidatorSource(version), 'regenerate with `npm run spec:validators`').toBe(true);
  });

  it.each(Object.entries(corpus))('gives swagger-parser’s verdict and message: %s', async (name, document) => {
    const dir = await makeTempDir('docsync-spec-parity-');
    const file = join(dir, 'openapi.json');
    await writeTree(dir, { 'openapi.json': JSON.stringify(document) });
    const expected = await SwaggerParser.validate(file).then(
      (): Verdict => ({ ok: true }),
      (error: unknown) => verdictOf(error),
    );
    const actual = await loadSpec(file).then(
      (): Verdict => ({ ok: true }),
      (error: unknown) => verdictOf(error instanceof SpecValidationError && error.cause !== undefined ? error.cause : error),
    );
    expect(actual, name).toEqual(expected);
  });

  it('accepts GitBook’s own OpenAPI document, as swagger-parser does', async () => {
    const require = createRequire(import.meta.url);
    const file = join(dirname(require.resolve('@gitbook/api/spec/openapi.json')), 'openapi.yaml');
    await expect(SwaggerParser.validate(file)).resolves.toBeDefined();
    await expect(loadSpec(file)).resolves.toMatchObject({ version: '3.0.3' });
  });
});
