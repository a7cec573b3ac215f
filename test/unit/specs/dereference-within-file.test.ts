import { $RefParser, type ParserOptions as RefParserOptions } from '@apidevtools/json-schema-ref-parser';
import ParserOptions from '@apidevtools/swagger-parser/lib/options.js';
import fc from 'fast-check';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { dereferenceWithinFile, hasExternalRef } from '../../../src/specs/dereference-within-file.js';

/** Options as docsync dereferences with: swagger-parser's, circular `$ref`s left in place. */
const options = (): RefParserOptions => new ParserOptions({ dereference: { circular: 'ignore' } });
const FILE = '/docs/api/openapi.json';

type Outcome = { ok: true; value: unknown; circular: boolean } | { ok: false; error: string };

/** json-schema-ref-parser itself: resolve (reads nothing here) and dereference. */
async function byLibrary(document: unknown): Promise<Outcome> {
  const parser = new $RefParser();
  try {
    await parser.dereference(FILE, document as object, options());
    return { ok: true, value: parser.schema, circular: parser.$refs.circular };
  } catch (error) {
    return { ok: false, error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

async function byOwnWalk(document: unknown): Promise<Outcome> {
  const parser = new $RefParser();
  await parser.parse(FILE, document as object, options());
  try {
    dereferenceWithinFile(parser, options());
    return { ok: true, value: parser.schema, circular: parser.$refs.circular };
  } catch (error) {
    return { ok: false, error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

/**
 * Throws unless both graphs are the same: equal values, keys in the same order, and the same
 * sharing (an object reached twice in one is reached at the same places in the other).
 */
function expectSameGraph(a: unknown, b: unknown): void {
  const ab = new Map<object, object>();
  const ba = new Map<object, object>();
  const visit = (x: unknown, y: unknown, at: string): void => {
    if (x === null || typeof x !== 'object' || y === null || typeof y !== 'object') {
      if (!Object.is(x, y)) throw new Error(`${at}: ${JSON.stringify(x)} ≠ ${JSON.stringify(y)}`);
      return;
    }
    if (ab.has(x) || ba.has(y)) {
      if (ab.get(x) !== y || ba.get(y) !== x) throw new Error(`${at}: shared differently`);
      return;
    }
    ab.set(x, y);
    ba.set(y, x);
    if (Array.isArray(x) !== Array.isArray(y)) throw new Error(`${at}: array and object`);
    const keys = Object.keys(x);
    expect(Object.keys(y), at).toEqual(keys);
    for (const key of keys) visit((x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key], `${at}/${key}`);
  };
  visit(a, b, '#');
}

async function expectSameOutcome(document: unknown): Promise<void> {
  const library = await byLibrary(structuredClone(document));
  const own = await byOwnWalk(structuredClone(document));
  if (!library.ok || !own.ok) {
    expect(own).toEqual(library);
    return;
  }
  expect(own.circular).toBe(library.circular);
  expectSameGraph(own.value, library.value);
}

/** Keys that need escaping in a JSON pointer or a URL fragment. */
const KEY = fc.constantFrom('a', 'b', 'items', 'x/y', 'm~n', 'sp ace', 'pct%20', 'ü', '0', '1');

/** A document: nested objects and arrays of a few keys, with strings, numbers, booleans and nulls. */
const TREE = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.boolean(), fc.constant(null)),
    fc.dictionary(KEY, tie('node'), { maxKeys: 4 }),
    fc.array(tie('node'), { maxLength: 3 }),
  ),
  root: fc.dictionary(KEY, tie('node'), { minKeys: 1, maxKeys: 5 }),
})).root;

/** How a pointer is written: escaped as RFC 6901 says, and then raw or percent-encoded. */
const pointerText = (tokens: readonly string[], percent: boolean): string =>
  `#${tokens.map((t) => `/${percent ? encodeURIComponent(t.replace(/~/g, '~0').replace(/\//g, '~1')) : t.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')}`;

/** Paths (as keys) of every object and array in the document, root first. */
function containers(document: unknown): string[][] {
  const found: string[][] = [];
  const visit = (value: unknown, at: string[]): void => {
    if (value === null || typeof value !== 'object') return;
    found.push(at);
    for (const [key, child] of Object.entries(value)) visit(child, [...at, key]);
  };
  visit(document, []);
  return found;
}

const get = (document: unknown, at: readonly string[]): unknown => at.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], document);

/**
 * Turns a tree into a document with `$ref`s: each edit replaces the node at one path by a `$ref`
 * to another path (an ancestor makes a cycle, itself a direct cycle, a missing token a broken
 * pointer), sometimes with sibling keys (an extended `$ref`), or makes two places share one object
 * (as a YAML alias does).
 */
function withRefs(tree: Record<string, unknown>, edits: readonly Edit[]): unknown {
  const document = structuredClone(tree);
  for (const edit of edits) {
    const places = containers(document).filter((at) => at.length > 0);
    const from = places[edit.from % Math.max(places.length, 1)];
    if (from === undefined) break;
    const parent = get(document, from.slice(0, -1)) as Record<string, unknown>;
    const key = from[from.length - 1] ?? '';
    const targets = containers(document);
    const target = targets[edit.to % targets.length] ?? [];
    if (edit.kind === 'alias') {
      const shared = get(document, target);
      // Only where it makes no cycle: YAML aliases cannot.
      if (!reaches(shared, parent)) parent[key] = shared;
      continue;
    }
    const tokens = edit.kind === 'missing' ? [...target, 'nowhere'] : target;
    const ref: Record<string, unknown> = edit.extra === undefined ? {} : { [edit.extra]: 'sibling' };
    ref.$ref = tokens.length === 0 && edit.percent ? '#' : pointerText(tokens, edit.percent);
    if (edit.extra !== undefined && edit.extraFirst) parent[key] = { [edit.extra]: 'sibling', $ref: ref.$ref };
    else parent[key] = ref;
  }
  return document;
}

/** Whether `object` is `from` or lies inside it. */
function reaches(from: unknown, object: object): boolean {
  if (from === object) return true;
  return from !== null && typeof from === 'object' && Object.values(from).some((child) => reaches(child, object));
}

interface Edit {
  kind: 'ref' | 'missing' | 'alias';
  from: number;
  to: number;
  percent: boolean;
  extra: string | undefined;
  extraFirst: boolean;
}

const EDIT: fc.Arbitrary<Edit> = fc.record({
  kind: fc.oneof(
    { arbitrary: fc.constant<Edit['kind']>('ref'), weight: 8 },
    { arbitrary: fc.constant<Edit['kind']>('alias'), weight: 2 },
    { arbitrary: fc.constant<Edit['kind']>('missing'), weight: 1 },
  ),
  from: fc.nat(),
  to: fc.nat(),
  percent: fc.boolean(),
  extra: fc.option(fc.constantFrom('description', 'a', 'items'), { nil: undefined }),
  extraFirst: fc.boolean(),
});

describe('dereferenceWithinFile', () => {
  it('gives json-schema-ref-parser’s graph, circular flag and errors on generated documents', async () => {
    await fc.assert(
      fc.asyncProperty(TREE, fc.array(EDIT, { minLength: 1, maxLength: 8 }), async (tree, edits) => {
        await expectSameOutcome(withRefs(tree, edits));
      }),
      { numRuns: 400 },
    );
  }, 60_000);

  it('gives json-schema-ref-parser’s graph for GitBook’s own OpenAPI document, YAML and JSON', async () => {
    const spec = createRequire(import.meta.url).resolve('@gitbook/api/spec/openapi.json');
    await expectSameOutcome(JSON.parse(await readFile(spec, 'utf8')));
    await expectSameOutcome(await $RefParser.parse(spec.replace(/\.json$/, '.yaml')));
  });

  it('handles the shapes the generator may miss: a $ref through a $ref, an extended $ref seen twice, a self-reference', async () => {
    await expectSameOutcome({
      components: {
        schemas: {
          Pet: { type: 'object', properties: { owner: { $ref: '#/components/schemas/Owner' }, self: { $ref: '#/components/schemas/Pet' } } },
          Owner: { $ref: '#/components/schemas/Person' },
          Person: { type: 'object', properties: { name: { type: 'string' } } },
          Loop: { $ref: '#/components/schemas/Loop' },
        },
      },
      paths: {
        '/pets': { get: { responses: { '200': { $ref: '#/components/schemas/Owner/properties/name' } } } },
        '/a': { get: { x: { $ref: '#/components/schemas/Person', description: 'extended' }, y: { $ref: '#/components/schemas/Person', description: 'again' } } },
        '/b': { get: { z: { $ref: '#/components/schemas/Loop' } } },
      },
    });
  });

  it('leaves documents that point outside themselves to the library', () => {
    expect(hasExternalRef({ a: [{ b: { $ref: '#/a' } }] })).toBe(false);
    expect(hasExternalRef({ a: [{ b: { $ref: 'schemas/pet.yaml' } }] })).toBe(true);
    expect(hasExternalRef({ a: { $ref: 'https://example.com/x.json#/y' } })).toBe(true);
    expect(hasExternalRef({ a: { $ref: '' }, b: { $ref: 7 } })).toBe(false);
  });
});
