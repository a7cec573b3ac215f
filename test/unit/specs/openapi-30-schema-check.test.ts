import SwaggerParser from '@apidevtools/swagger-parser';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../../src/specs/load-spec.js';

/**
 * loadSpec checks an OpenAPI 3.0 document against the schema with Ajv's generated code, not through
 * swagger-parser's `validate`: the verdict and Ajv's errors (what the message is made from) must be
 * the library's own, for documents with and without `$ref` cycles.
 */
const HEAD = 'openapi: 3.0.3\ninfo: { title: t, version: "1" }\n';
const NODE = 'components:\n  schemas:\n    Node:\n      type: object\n      properties:\n        next: { $ref: "#/components/schemas/Node" }\n';
const DOCS: Record<string, string> = {
  valid: `${HEAD}paths:\n  /a:\n    get:\n      responses:\n        "200": { description: ok }\n`,
  'cyclic, valid': `${HEAD}paths:\n  /a:\n    get:\n      responses:\n        "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Node" } } } }\n${NODE}`,
  'wrong type': `${HEAD}paths:\n  /a:\n    get:\n      responses:\n        "200": { description: 5 }\n`,
  'unknown property': `${HEAD}paths:\n  /a:\n    get:\n      colour: red\n      responses:\n        "200": { description: ok }\n`,
  'wrong enum value': `${HEAD}paths:\n  /a/{id}:\n    get:\n      parameters: [{ name: id, in: body, required: true, schema: { type: string } }]\n      responses:\n        "200": { description: ok }\n`,
  'cyclic, invalid below the cycle': `${HEAD}paths:\n  /a:\n    get:\n      responses:\n        "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Node" } } } }\n${NODE}        size: { type: integer, minimum: low }\n`,
  'no paths': 'openapi: 3.0.3\ninfo: { title: t, version: "1" }\n',
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docsync-oas30-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `valid`, or the Ajv errors (or message) the failure carries. */
async function verdict(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
    return 'valid';
  } catch (error) {
    const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
    const details = (cause as { details?: unknown }).details;
    return details ?? (cause as Error).message;
  }
}

describe('the OpenAPI 3.0 schema check', () => {
  it.each(Object.keys(DOCS))('judges a document as swagger-parser does: %s', async (name) => {
    const file = join(dir, `${name.replace(/\W+/g, '-')}.yaml`);
    await writeFile(file, DOCS[name]!);
    const ours = await verdict(() => loadSpec(file));
    expect(ours).toEqual(await verdict(() => new SwaggerParser().validate(file)));
    expect(ours === 'valid').toBe(name === 'valid' || name === 'cyclic, valid');
  });
});
