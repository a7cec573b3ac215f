import { describe, expect, it } from 'vitest';
import { linkedPath, rewriteFileLinks } from '../../../../src/sync/pages/rewrite-file-links.js';

const known = new Map([
  ['.gitbook/assets/My Image (1).png', './docsync-file-1'],
  ['.gitbook/assets/diagram.svg', '/files/f42'],
]);

describe('rewriteFileLinks', () => {
  it('points images, links and src attributes at what the API knows the files as', () => {
    const markdown = [
      '# Guide',
      '![A picture](<../.gitbook/assets/My Image (1).png> "Caption")',
      'See [the diagram](../.gitbook/assets/diagram.svg) and [another page](other.md).',
      '<img src="../.gitbook/assets/diagram.svg" alt="d">',
      '{% file src="/.gitbook/assets/My%20Image%20(1).png" %}',
      '[external](https://example.com/x.png)',
    ].join('\n');
    expect(rewriteFileLinks(markdown, 'guide/page.md', (path) => known.get(path))).toBe(
      [
        '# Guide',
        '![A picture](./docsync-file-1 "Caption")',
        'See [the diagram](/files/f42) and [another page](other.md).',
        '<img src="/files/f42" alt="d">',
        '{% file src="./docsync-file-1" %}',
        '[external](https://example.com/x.png)',
      ].join('\n'),
    );
  });

  it("points the frontmatter's cover at the file, quoted or not, and leaves the rest of the block as written", () => {
    const page = (cover: string): string =>
      `---\ndescription: A page.\ncover: ${cover}\ncoverY: -12\n---\n\n# Guide\n\ncover: ../.gitbook/assets/diagram.svg\n`;
    const rewritten = page('/files/f42');
    expect(rewriteFileLinks(page('../.gitbook/assets/diagram.svg'), 'guide/page.md', (path) => known.get(path))).toBe(
      rewritten.replace(/\ncover: [^\n]*\n$/, '\ncover: ../.gitbook/assets/diagram.svg\n'),
    );
    expect(rewriteFileLinks(page('"../.gitbook/assets/My Image (1).png"'), 'guide/page.md', (path) => known.get(path))).toContain(
      '\ncover: ./docsync-file-1\ncoverY: -12\n',
    );
    expect(rewriteFileLinks(page("'https://example.com/x.png'"), 'guide/page.md', (path) => known.get(path))).toContain("cover: 'https://example.com/x.png'");
  });

  it('resolves links relative to the page and rooted at the docs root, never out of it', () => {
    expect(linkedPath('a/b.md', '../img/x.png')).toBe('img/x.png');
    expect(linkedPath('a/b.md', '/img/x.png')).toBe('img/x.png');
    expect(linkedPath('a/b.md', '../../x.png')).toBeUndefined();
    expect(linkedPath('a/b.md', 'mailto:x@example.com')).toBeUndefined();
  });
});
