import { describe, expect, it } from 'vitest';
import { splitJsonArray } from '../../../src/api/json-array-items.js';

const split = (text: string, maxDepth = 512) => splitJsonArray(Buffer.from(text, 'utf8'), 'pages', maxDepth);
const itemsOf = (text: string): unknown[] => {
  const found = split(text);
  if (found === undefined) throw new Error('not split');
  return Array.from({ length: found.items.length }, (_, index) => found.items.item(index));
};

describe('splitJsonArray', () => {
  it('parses the object without the array, and each item as JSON.parse of the whole does', () => {
    const body = {
      object: 'revision',
      id: 'rev_1',
      pages: [
        { id: 'p1', title: 'A "quoted" [title], with {braces}', pages: [{ id: 'p2', title: 'Ünïcödé ✓ 😀', pages: [] }] },
        { id: 'p3', title: 'back\\slash \\" and ]', tags: [[1, 2], []] },
      ],
      files: [{ id: 'f1', name: 'pages' }],
    };
    const text = JSON.stringify(body, null, 2);
    expect(split(text)?.rest).toEqual({ ...body, pages: [] });
    expect(itemsOf(text)).toEqual(body.pages);
  });

  it('reads an empty array, one item, and the key wherever it is', () => {
    expect(itemsOf('{"pages":[]}')).toEqual([]);
    expect(itemsOf('{"pages": [ \n ] }')).toEqual([]);
    expect(itemsOf('  {"pages":[{"id":"only"}]}')).toEqual([{ id: 'only' }]);
    expect(itemsOf('{"a":{"pages":[1]},"b":"pages","pages":[2,3],"c":[4]}')).toEqual([2, 3]);
    expect(split('{"a":{"pages":[1]},"b":"pages","pages":[2,3],"c":[4]}')?.rest).toEqual({ a: { pages: [1] }, b: 'pages', pages: [], c: [4] });
    expect(itemsOf('{"pa\\u0067es":["escaped key"]}')).toEqual(['escaped key']);
  });

  it('leaves to the whole parse what it cannot split', () => {
    expect(split('[{"pages":[]}]')).toBeUndefined(); // not an object
    expect(split('{"files":[]}')).toBeUndefined(); // no such array
    expect(split('{"pages":null}')).toBeUndefined();
    expect(split('{"pages":[1],"pages":[2]}')).toBeUndefined(); // the whole parse keeps the last
    expect(split('{"pages":[{"title":"unterminated}]}')).toBeUndefined();
    expect(split('{"pages":[[[1]]]')).toBeUndefined(); // never closed
    expect(split('{"pages":[[[1]]]}', 3)).toBeUndefined(); // deeper than allowed
    expect(split('{"pages":[[1]]}', 3)?.items.length).toBe(1);
  });

  it('fails on an item that is not JSON when that item is parsed', () => {
    const found = split('{"pages":[{"id":"good"}, {"id": tru}]}');
    expect(found?.items.item(0)).toEqual({ id: 'good' });
    expect(() => found?.items.item(1)).toThrow(SyntaxError);
  });
});
