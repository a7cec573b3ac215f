import { describe, expect, it } from 'vitest';
import { findRefCycle } from '../../../src/specs/find-ref-cycle.js';

const schemas = (s: Record<string, unknown>): object => ({ openapi: '3.0.3', components: { schemas: s } });
const ref = (name: string): object => ({ $ref: `#/components/schemas/${name}` });

describe('findRefCycle', () => {
  it('finds a schema that is a $ref to itself', () => {
    expect(findRefCycle(schemas({ A: ref('A') }))).toEqual({ pointer: '/components/schemas/A', chain: ['/components/schemas/A', '/components/schemas/A'] });
  });

  it('finds a chain of bare $refs that comes back, from where it is first met', () => {
    const found = findRefCycle({ paths: { '/x': { get: { schema: ref('A') } } }, ...schemas({ A: ref('B'), B: ref('A') }) });
    expect(found?.pointer).toBe('/paths/~1x/get/schema');
    expect(found?.chain).toEqual(['/components/schemas/A', '/components/schemas/B', '/components/schemas/A']);
  });

  it('accepts chains that end at a concrete object, and recursive schemas', () => {
    const node = { type: 'object', properties: { children: { type: 'array', items: ref('Node') } } };
    expect(findRefCycle(schemas({ A: ref('B'), B: ref('C'), C: { type: 'string' }, Node: node }))).toBeUndefined();
  });
});
