import { describe, expect, it } from 'vitest';
import { splitFrontmatter } from '../../../src/content/gitbook/split-frontmatter.js';

describe('splitFrontmatter', () => {
  it('parses the block up to its closing line, CRLF and a BOM included, and keeps the body byte for byte', () => {
    expect(splitFrontmatter('\uFEFF---\r\ntitle: A\r\n---\r\nbody\r\n')).toEqual({
      data: { title: 'A' },
      block: '\uFEFF---\r\ntitle: A\r\n---\r\n',
      body: 'body\r\n',
      bodyLine: 4,
      notes: [],
    });
    expect(splitFrontmatter('---\ntitle: A\n...\nbody')).toMatchObject({ data: { title: 'A' }, body: 'body', bodyLine: 4 });
  });

  it('reads the YAML up to the first line starting with ---, as the repos were written against', () => {
    expect(splitFrontmatter('---\ntitle: A\n---x: 1\n---\nbody')).toMatchObject({ data: { title: 'A' }, body: 'body', bodyLine: 5, notes: [] });
  });

  it('gives no data and no note for an empty or comment-only block, or YAML that is not a mapping', () => {
    expect(splitFrontmatter('---\n---\nbody')).toMatchObject({ data: {}, body: 'body', notes: [] });
    expect(splitFrontmatter('---\n# only a comment\n---\nbody')).toMatchObject({ data: {}, body: 'body', notes: [] });
    expect(splitFrontmatter('---\n- a\n---\n')).toMatchObject({ data: {}, body: '', notes: [] });
  });

  it('notes bad YAML at its line in the file, and still cuts the block off', () => {
    const split = splitFrontmatter('---\ntitle: A\nbad: "x\n---\nbody');
    expect(split.data).toEqual({});
    expect(split.body).toBe('body');
    expect(split.notes).toEqual([{ line: 3, message: expect.stringMatching(/^frontmatter is not valid YAML \(.+\); ignored$/) }]);
  });
});
