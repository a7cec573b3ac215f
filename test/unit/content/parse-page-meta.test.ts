import { describe, expect, it } from 'vitest';
import { parsePageMeta } from '../../../src/content/gitbook/parse-page-meta.js';

describe('parsePageMeta', () => {
  it('reads a page with no frontmatter at all', () => {
    expect(parsePageMeta('# Hello\n\nBody text.\n')).toEqual({ heading: 'Hello', refs: [], notes: [] });
  });

  it('reads frontmatter that has only a description', () => {
    expect(parsePageMeta('---\ndescription: What this page is about.\n---\n\nNo heading here.\n')).toEqual({
      description: 'What this page is about.',
      refs: [],
      notes: [],
    });
  });

  it('reads icon, hidden and layout.*, and ignores other keys', () => {
    const meta = parsePageMeta(
      [
        '---',
        'description: >-',
        '  Folded text',
        'icon: rocket',
        'hidden: true',
        'layout:',
        '  title:',
        '    visible: false',
        '  outline:',
        '    visible: true',
        'something_else: 1',
        '---',
        '# Launch',
      ].join('\n'),
    );
    expect(meta).toEqual({
      heading: 'Launch',
      description: 'Folded text',
      icon: 'rocket',
      hidden: true,
      layout: { title: { visible: false }, outline: { visible: true } },
      refs: [],
      notes: [],
    });
  });

  it('takes CRLF and a BOM in stride', () => {
    expect(parsePageMeta('\uFEFF---\r\ndescription: d\r\nhidden: "false"\r\n---\r\n# T\r\n')).toEqual({
      heading: 'T',
      description: 'd',
      hidden: false,
      refs: [],
      notes: [],
    });
  });

  it('turns broken frontmatter into a note naming the line, and still finds the heading', () => {
    const meta = parsePageMeta('---\ndescription: ok\nicon: a: b\n---\n# Still here\n');
    expect(meta.heading).toBe('Still here');
    expect(meta.description).toBeUndefined();
    expect(meta.notes).toEqual([{ line: 3, message: expect.stringMatching(/^frontmatter is not valid YAML \(.+\); ignored$/) }]);
  });

  it('notes frontmatter fields of the wrong type', () => {
    expect(parsePageMeta('---\ndescription: [a]\nhidden: maybe\n---\n').notes).toEqual([
      { line: 1, message: 'frontmatter "description" should be text; ignored' },
      { line: 1, message: 'frontmatter "hidden" should be true or false; ignored' },
    ]);
  });

  it('takes the leading # heading only: the first block, after frontmatter and blank lines', () => {
    expect(parsePageMeta('---\ndescription: d\n---\n\n\n# Real title #\n\nText.\n').heading).toBe('Real title');
    expect(parsePageMeta('\r\n# Lead\r\n# Second\r\n').heading).toBe('Lead');
  });

  it('takes no title from a heading further down the page (mid-page, after a paragraph, a block tag or code)', () => {
    expect(parsePageMeta('Intro paragraph.\n\n# Choose Your Node Type\n').heading).toBeUndefined();
    expect(parsePageMeta(['{% hint style="info" %}', 'Note', '{% endhint %}', '# Later'].join('\n')).heading).toBeUndefined();
    expect(parsePageMeta(['```bash', '# not a heading', '```', '# Later'].join('\n')).heading).toBeUndefined();
    expect(parsePageMeta('## Sub\n\n# Later\n').heading).toBeUndefined();
  });

  it('finds images and file links it references, with their lines', () => {
    const text = [
      '---',
      'description: x',
      '---',
      '![](../.gitbook/assets/My%20Image%20(1).png)',
      '![alt](<../.gitbook/assets/My Image (2).png> "title")',
      '<figure><img src="../.gitbook/assets/fig.png" alt=""><figcaption></figcaption></figure>',
      '[Download](files/guide.pdf) and [next page](next.md) and [site](https://example.com/x.png) and [anchor](#top)',
      '{% file src="../.gitbook/assets/sample.zip" %}',
      '![escaped](img/a\\(1\\).png)',
      '```',
      '![in code](ignored.png)',
      '```',
    ].join('\n');
    expect(parsePageMeta(text).refs).toEqual([
      { target: '../.gitbook/assets/My%20Image%20(1).png', line: 4, image: true },
      { target: '../.gitbook/assets/My Image (2).png', line: 5, image: true },
      { target: '../.gitbook/assets/fig.png', line: 6, image: true },
      { target: 'files/guide.pdf', line: 7, image: false },
      { target: '../.gitbook/assets/sample.zip', line: 8, image: true },
      { target: 'img/a(1).png', line: 9, image: true },
    ]);
  });

  it('is JSON-safe, so a cache can keep it', () => {
    const meta = parsePageMeta('---\nlayout:\n  title:\n    visible: true\n---\n# T\n![](a.png)\n');
    expect(JSON.parse(JSON.stringify(meta))).toEqual(meta);
  });
});
