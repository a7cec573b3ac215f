import { describe, expect, it } from 'vitest';
import { CatFileParser } from '../../../src/content/git/cat-file-parser.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const C = 'c'.repeat(40);
const output = Buffer.concat([
  Buffer.from(`${A} blob 5\nhello\n`),
  Buffer.from(`${B} blob 4\n`),
  Buffer.from([0, 10, 255, 13]), // binary, with a newline inside
  Buffer.from(`\n${C} missing\n`),
]);

describe('CatFileParser', () => {
  it.each([1, 2, 3, 7, 64])('parses `git cat-file --batch` output split into %i-byte chunks', (size) => {
    const parser = new CatFileParser();
    const records = [];
    for (let at = 0; at < output.length; at += size) records.push(...parser.push(output.subarray(at, at + size)));
    expect(records).toEqual([
      { oid: A, bytes: new Uint8Array(Buffer.from('hello')) },
      { oid: B, bytes: new Uint8Array([0, 10, 255, 13]) },
      { oid: C, bytes: undefined },
    ]);
    expect(parser.idle).toBe(true);
  });

  it('is not idle while an object is incomplete', () => {
    const parser = new CatFileParser();
    expect(parser.push(Buffer.from(`${A} blob 5\nhel`))).toEqual([]);
    expect(parser.idle).toBe(false);
  });
});
