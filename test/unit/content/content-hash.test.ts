import { describe, expect, it } from 'vitest';
import { contentHash, contentHashWith } from '../../../src/content/content-hash.js';

describe('contentHash', () => {
  const files = [
    { path: 'b.md', size: 2, oid: '02' },
    { path: 'a.md', size: 1, oid: '01' },
  ];

  it('does not depend on the order files are given in', () => {
    expect(contentHash(files)).toBe(contentHash([...files].reverse()));
    expect(contentHash(files)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with any path or blob oid', () => {
    const base = contentHash(files);
    expect(contentHash([{ path: 'b.md', size: 2, oid: '03' }, files[1]!])).not.toBe(base);
    expect(contentHash([{ path: 'c.md', size: 2, oid: '02' }, files[1]!])).not.toBe(base);
    expect(contentHash(files.slice(1))).not.toBe(base);
    // A path holding what would otherwise separate fields or lines is escaped, not read as two.
    expect(contentHash([{ path: 'a.md\t1\t01\nb.md', size: 2, oid: '02' }])).not.toBe(base);
  });

  it('is updated from a change alone as it is hashed from the files changed', () => {
    const before = [
      { path: '.gitbook/assets/x.png', size: 3, oid: '0a' },
      { path: 'guide/a.md', size: 4, oid: '0b' },
      { path: 'guide/tab\there.md', size: 5, oid: '0c' },
    ];
    const edited = { path: 'guide/a.md', size: 9, oid: '0e' };
    const after = [before[0]!, edited, before[2]!];
    expect(contentHashWith(contentHash(before), [before[1]!], [edited])).toBe(contentHash(after));
    expect(contentHashWith(contentHash(after), [edited], [before[1]!])).toBe(contentHash(before));
    expect(contentHashWith(contentHash(before), before, [])).toBe(contentHash([]));
    expect(contentHashWith(contentHash([]), [], before)).toBe(contentHash(before));
  });
});
