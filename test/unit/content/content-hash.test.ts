import { describe, expect, it } from 'vitest';
import { contentHash } from '../../../src/content/index.js';

describe('contentHash', () => {
  const files = [
    { path: 'b.md', hash: '02' },
    { path: 'a.md', hash: '01' },
  ];

  it('does not depend on the order files are given in', () => {
    expect(contentHash(files)).toBe(contentHash([...files].reverse()));
    expect(contentHash(files)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with any path or file hash', () => {
    const base = contentHash(files);
    expect(contentHash([{ path: 'b.md', hash: '03' }, files[1]!])).not.toBe(base);
    expect(contentHash([{ path: 'c.md', hash: '02' }, files[1]!])).not.toBe(base);
    expect(contentHash(files.slice(1))).not.toBe(base);
  });
});
