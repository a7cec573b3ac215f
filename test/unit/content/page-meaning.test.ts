import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Document, Scalar, type ToStringOptions } from 'yaml';
import { fileFingerprint, pageFingerprint, pageMeaning } from '../../../src/content/page-meaning.js';
import { pageText } from '../../../src/sync/pull/pull-space.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const meaning = (text: string, path = 'guide/page.md') => pageMeaning(path, bytes(text));
const LONG = 'A description long enough that a YAML writer set to eighty columns folds it over two lines: "quoted" words, colons and all.';
const BODY = '# Page\n\nBody, kept verbatim.\r\n';

describe('pageMeaning', () => {
  it('is the same whatever the YAML style of the frontmatter', () => {
    const written = (type: Scalar.Type, options: ToStringOptions = { lineWidth: 0 }, extra: Record<string, unknown> = {}): string => {
      const doc = new Document({ description: LONG, ...extra });
      const node = doc.get('description', true) as Scalar;
      node.type = type;
      return `---\n${doc.toString(options)}---\n${BODY}`;
    };
    const styles = [
      written(Scalar.QUOTE_DOUBLE),
      written(Scalar.QUOTE_SINGLE),
      written(Scalar.QUOTE_DOUBLE, { lineWidth: 40 }),
      written(Scalar.BLOCK_FOLDED, { lineWidth: 80 }),
      written(Scalar.PLAIN, { lineWidth: 80 }, { hidden: false }),
      // CRLF in the frontmatter only: the body is compared byte for byte.
      written(Scalar.QUOTE_SINGLE).replace(/^---\n[\s\S]*?---\n/, (block) => block.replace(/\n/g, '\r\n')),
    ];
    expect(styles[3]).toMatch(/^description: >-\n {2}\S.*\n {2}\S/m);
    const first = meaning(styles[0] ?? '');
    expect(first).toMatchObject({ description: LONG, hidden: false, body: BODY });
    for (const text of styles) expect(meaning(text)).toEqual(first);
  });

  it('is the same for a plain and a quoted short value, and for no frontmatter and an empty one', () => {
    expect(meaning(`---\ndescription: Short one\nicon: rocket\n---\n${BODY}`)).toEqual(meaning(`---\nicon: "rocket"\ndescription: 'Short one'\n---\n${BODY}`));
    expect(meaning(BODY)).toEqual(meaning(`---\ndescription: ''\n---\n${BODY}`));
  });

  it('names a cover by its path in the docs root, however it is written', () => {
    const a = meaning(`---\ncover: ../.gitbook/assets/My%20cover.png\ncoverY: 0\n---\n${BODY}`);
    const b = meaning(`---\ncover: '../.gitbook/assets/My cover.png'\n---\n${BODY}`);
    expect(a?.cover).toEqual({ image: '.gitbook/assets/My cover.png', yPos: 0 });
    expect(b).toEqual(a);
  });

  it('differs when what is said differs', () => {
    const base = meaning(`---\ndescription: One\n---\n${BODY}`);
    for (const other of [`---\ndescription: Two\n---\n${BODY}`, `---\ndescription: One\nhidden: true\n---\n${BODY}`, `---\ndescription: One\n---\n${BODY} `]) {
      expect(isDeepStrictEqual(meaning(other), base)).toBe(false);
    }
  });

  it('cannot tell from frontmatter with keys beyond those it compares, or that is not valid YAML', () => {
    expect(meaning(`---\nlayout:\n  title:\n    visible: false\n---\n${BODY}`)).toBeUndefined();
    expect(meaning(`---\ndescription: [unclosed\n---\n${BODY}`)).toBeUndefined();
  });
});

describe('pageFingerprint', () => {
  it('compares frontmatter by meaning, not YAML style or key order', () => {
    const a = fileFingerprint('---\ndescription: "Set up"\nhidden: true\n---\n# Page\n');
    expect(fileFingerprint("---\nhidden: 'true'\ndescription: Set up\n---\n# Page\n")).toBe(a);
    expect(fileFingerprint('---\ndescription: >-\n  Set\n  up\nhidden: true\n---\n# Page\n')).toBe(a);
    expect(fileFingerprint('---\ndescription: Set up\n---\n# Page\n')).not.toBe(a);
  });

  it('evens out line endings, trailing spaces and trailing blank lines, and nothing else', () => {
    const a = fileFingerprint('# Page\n\nText.\n');
    expect(fileFingerprint('# Page  \r\n\r\nText.\r\n\r\n')).toBe(a);
    expect(fileFingerprint('# Page\n\nText!\n')).not.toBe(a);
    expect(fileFingerprint('# Page\nText.\n')).not.toBe(a);
  });

  it('gives a page written from the platform the fingerprint of what the platform holds', () => {
    const live = { description: 'A long description that the writer folds because it runs well past eighty columns wide', icon: 'rocket', hidden: true };
    const markdown = '# Quickstart\n\n{% hint style="info" %}\nHi\n{% endhint %}\n';
    expect(fileFingerprint(pageText(live, markdown))).toBe(pageFingerprint({ body: markdown, ...live }));
  });

  it('treats an empty description or a false hidden as unset', () => {
    expect(pageFingerprint({ body: 'x', description: '', hidden: false })).toBe(pageFingerprint({ body: 'x' }));
  });
});
