import { describe, expect, it } from 'vitest';
import { contentHash, contentHashOf, contentLine } from '../../../src/content/content-hash.js';

describe('contentHash', () => {
  const files = [
    { path: 'b.md', size: 2, hash: '02' },
    { path: 'a.md', size: 1, hash: '01' },
  ];

  it('does not depend on the order files are given in', () => {
    expect(contentHash(files)).toBe(contentHash([...files].reverse()));
    expect(contentHash(files)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with any path or file hash', () => {
    const base = contentHash(files);
    expect(contentHash([{ path: 'b.md', size: 2, hash: '03' }, files[1]!])).not.toBe(base);
    expect(contentHash([{ path: 'c.md', size: 2, hash: '02' }, files[1]!])).not.toBe(base);
    expect(contentHash(files.slice(1))).not.toBe(base);
    // A path holding what would otherwise separate fields or lines is escaped, not read as two.
    expect(contentHash([{ path: 'a.md\t1\t01\nb.md', size: 2, hash: '02' }])).not.toBe(base);
  });

  it('hashes a table of lines merged with other files as it hashes the files', () => {
    const table = [
      { path: '.gitbook/assets/x.png', size: 3, hash: '0a' },
      { path: 'guide/a.md', size: 4, hash: '0b' },
      { path: 'guide/tab\there.md', size: 5, hash: '0c' },
      { path: 'z.md', size: 6, hash: '0d' },
    ];
    const text = table.map(contentLine).join('\n');
    for (const others of [
      [],
      [{ path: '.gitbook.yaml', size: 1, hash: '01' }],
      [
        { path: 'SUMMARY.md', size: 2, hash: '02' },
        { path: 'zz.md', size: 7, hash: '03' },
      ],
      [{ path: 'guide/b.md', size: 8, hash: '04' }],
    ]) {
      expect(contentHashOf(text, others)).toBe(contentHash([...table, ...others]));
    }
    expect(contentHashOf('', files)).toBe(contentHash(files));
  });
});
