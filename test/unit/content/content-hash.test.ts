import { describe, expect, it } from 'vitest';
import { contentHash, contentHashOf, contentLine } from '../../../src/content/content-hash.js';

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

  it('hashes a table of lines merged with other files as it hashes the files', () => {
    const table = [
      { path: '.gitbook/assets/x.png', size: 3, oid: '0a' },
      { path: 'guide/a.md', size: 4, oid: '0b' },
      { path: 'guide/tab\there.md', size: 5, oid: '0c' },
      { path: 'z.md', size: 6, oid: '0d' },
    ];
    const text = table.map(contentLine).join('\n');
    for (const others of [
      [],
      [{ path: '.gitbook.yaml', size: 1, oid: '01' }],
      [
        { path: 'SUMMARY.md', size: 2, oid: '02' },
        { path: 'zz.md', size: 7, oid: '03' },
      ],
      [{ path: 'guide/b.md', size: 8, oid: '04' }],
    ]) {
      expect(contentHashOf(text, others)).toBe(contentHash([...table, ...others]));
    }
    expect(contentHashOf('', files)).toBe(contentHash(files));
  });
});
