import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Document, Scalar, type ToStringOptions } from 'yaml';
import { fileFingerprint, pageFingerprint, pageMeaning } from '../../../src/content/gitbook/page-meaning.js';
import type { PageTitling } from '../../../src/content/gitbook/page-titling.js';
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

const BATCHES: PageTitling = { source: 'document', summaryTitle: undefined, fileTitle: 'page' };
const IMPORT: PageTitling = { source: 'summary', summaryTitle: 'Start here', fileTitle: 'page' };

describe('pageFingerprint', () => {
  it('compares frontmatter by meaning, not YAML style or key order', () => {
    const a = fileFingerprint('---\ndescription: "Set up"\nhidden: true\n---\n# Page\n', BATCHES);
    expect(fileFingerprint("---\nhidden: 'true'\ndescription: Set up\n---\n# Page\n", BATCHES)).toBe(a);
    expect(fileFingerprint('---\ndescription: >-\n  Set\n  up\nhidden: true\n---\n# Page\n', BATCHES)).toBe(a);
    expect(fileFingerprint('---\ndescription: Set up\n---\n# Page\n', BATCHES)).not.toBe(a);
  });

  it('evens out line endings, trailing spaces and trailing blank lines, and nothing else', () => {
    const a = fileFingerprint('# Page\n\nText.\n', BATCHES);
    expect(fileFingerprint('# Page  \r\n\r\nText.\r\n\r\n', BATCHES)).toBe(a);
    expect(fileFingerprint('# Page\n\nText!\n', BATCHES)).not.toBe(a);
    expect(fileFingerprint('# Page\nText.\n\nMore.\n', BATCHES)).not.toBe(a);
  });

  it('gives a page written from the platform the fingerprint of what the platform holds', () => {
    const live = {
      description: 'A long description that the writer folds because it runs well past eighty columns wide',
      icon: 'rocket',
      hidden: true,
      layout: { outline: false, title: true },
    };
    const markdown = '# Quickstart\n\n{% hint style="info" %}\nHi\n{% endhint %}\n';
    const text = pageText(live, markdown);
    expect(text).toContain(
      'layout:\n  title:\n    visible: true\n  description:\n    visible: true\n  tableOfContents:\n    visible: true\n  outline:\n    visible: false\n',
    );
    expect(fileFingerprint(text, BATCHES)).toBe(pageFingerprint({ ...live, title: 'Quickstart', body: markdown.slice('# Quickstart\n'.length) }));
    expect(fileFingerprint(text, BATCHES, 'Quickstart')).toBe(fileFingerprint(text, BATCHES));
  });

  it('covers the title the page goes live with: its heading, or its SUMMARY.md link text where an import titles it so', () => {
    const a = fileFingerprint('# Quickstart\n\nText.\n', BATCHES);
    // The title changed in the platform, its document as it was: the fingerprint of the file that writes that title.
    expect(fileFingerprint('# Quickstart\n\nText.\n', BATCHES, 'Begin')).toBe(fileFingerprint('# Begin\n\nText.\n', BATCHES));
    expect(fileFingerprint('# Begin\n\nText.\n', BATCHES)).not.toBe(a);
    expect(fileFingerprint('---\ntitle: Begin\n---\n# Quickstart\n\nText.\n', BATCHES)).not.toBe(a);
    // A zip import titles the page by its link text: the heading is the body's.
    const imported = fileFingerprint('# Quickstart\n\nText.\n', IMPORT);
    expect(fileFingerprint('# Quickstart\n\nText.\n', IMPORT, 'Start here')).toBe(imported);
    expect(fileFingerprint('# Quickstart\n\nText.\n', IMPORT, 'Begin')).not.toBe(imported);
    expect(fileFingerprint('# Begin\n\nText.\n', IMPORT)).not.toBe(imported);
  });

  it('covers the layout by what it hides, however it is written', () => {
    const shown = fileFingerprint('# Page\n', BATCHES);
    expect(fileFingerprint('---\nlayout:\n  outline:\n    visible: true\n---\n# Page\n', BATCHES)).toBe(shown);
    const hidden = fileFingerprint('---\nlayout:\n  outline:\n    visible: false\n---\n# Page\n', BATCHES);
    expect(hidden).not.toBe(shown);
    expect(pageFingerprint({ body: '', title: 'Page', layout: { outline: false, tableOfContents: true } })).toBe(hidden);
  });

  it('treats an empty description or a false hidden as unset', () => {
    expect(pageFingerprint({ body: 'x', description: '', hidden: false })).toBe(pageFingerprint({ body: 'x' }));
  });
});
