import { describe, expect, it } from 'vitest';
import { rewritePulledLinks, type PulledLinks } from '../../../../src/sync/pull/pulled-links.js';

const links: PulledLinks = {
  pageFiles: new Map([
    ['p1', 'guide/setup.md'],
    ['p2', 'reference/api.md'],
  ]),
  assetFiles: new Map([['f1', '.gitbook/assets/a diagram.png']]),
  byOrigin: new Map([
    ['guide/setup.md', 'guide/setup.md'],
    ['reference/api.md', 'reference/api.md'],
    ['.gitbook/assets/a diagram.png', '.gitbook/assets/a diagram.png'],
    ['old/api.md', 'reference/api.md'],
  ]),
};

describe('rewritePulledLinks', () => {
  it('makes /files/<id> and /pages/<id> links relative paths from the page, anchors kept', () => {
    const text = 'See [errors](/pages/p2#errors).\n\n![d](/files/f1)\n\n<img src="/files/f1">\n';
    expect(rewritePulledLinks(text, 'guide/setup.md', 'guide/setup.md', links)).toBe(
      'See [errors](../reference/api.md#errors).\n\n![d](../.gitbook/assets/a%20diagram.png)\n\n<img src="../.gitbook/assets/a%20diagram.png">\n',
    );
  });

  it("moves a link written for the page's old place, and leaves links that resolve, external links and unknown ones as written", () => {
    const text = '[a](api.md#x) [b](../reference/api.md) [c](https://example.com/x.md) [d](missing.md) ![e](<../.gitbook/assets/a diagram.png>)';
    expect(rewritePulledLinks(text, 'guide/setup.md', 'old/setup.md', links)).toBe(
      '[a](../reference/api.md#x) [b](../reference/api.md) [c](https://example.com/x.md) [d](missing.md) ![e](<../.gitbook/assets/a diagram.png>)',
    );
  });
});
