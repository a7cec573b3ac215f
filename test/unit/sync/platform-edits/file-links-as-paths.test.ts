import { describe, expect, it } from 'vitest';
import { filePathsById, relativeLink, withFileLinksAsPaths } from '../../../../src/sync/platform-edits/file-links-as-paths.js';

describe('file links as paths', () => {
  const paths = new Map([
    ['f1', '.gitbook/assets/Skizze (1).png'],
    ['f2', 'guides/diagram.svg'],
  ]);

  it('writes /files/<id> links, images, src attributes and covers as paths from the page', () => {
    const text = '---\ncover: /files/f1\ncoverY: 0\n---\n# Page\n\n![A sketch](/files/f1 "sketch")\n\n[diagram](/files/f2)\n\n<img src="/files/f2">\n';
    expect(withFileLinksAsPaths(text, 'über uns/page.md', paths)).toBe(
      '---\ncover: ../.gitbook/assets/Skizze%20%281%29.png\ncoverY: 0\n---\n# Page\n\n![A sketch](../.gitbook/assets/Skizze%20%281%29.png "sketch")\n\n[diagram](../guides/diagram.svg)\n\n<img src="../guides/diagram.svg">\n',
    );
  });

  it('leaves links to unknown files, pages and other sites as they are', () => {
    const text = '[gone](/files/f9) [page](other.md) [site](https://example.com/files/f1)\n';
    expect(withFileLinksAsPaths(text, 'README.md', paths)).toBe(text);
  });

  it('links from the top and from a folder', () => {
    expect(relativeLink('README.md', '.gitbook/assets/a b.png')).toBe('.gitbook/assets/a%20b.png');
    expect(relativeLink('guides/install.md', 'guides/x.png')).toBe('x.png');
  });

  it('knows files by what was delivered, their git source, else the one asset of that name', () => {
    const found = filePathsById(
      [
        { id: 'a', name: 'x.png', git: { path: 'img/x.png', oid: '1' } },
        { id: 'b', name: 'y.png' },
        { id: 'c', name: 'twice.png' },
        { id: 'd', name: 'z.png' },
      ],
      new Map([['assets/z.png', { id: 'd' }]]),
      ['assets/y.png', 'one/twice.png', 'two/twice.png'],
    );
    expect(Object.fromEntries(found)).toEqual({ a: 'img/x.png', b: 'assets/y.png', d: 'assets/z.png' });
  });
});
