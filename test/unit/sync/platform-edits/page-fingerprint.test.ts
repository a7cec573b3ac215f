import { describe, expect, it } from 'vitest';
import { fileContent, pageFingerprint } from '../../../../src/sync/platform-edits/page-fingerprint.js';
import { pageText } from '../../../../src/sync/pull/pull-space.js';

const fingerprintOf = (text: string): string => pageFingerprint(fileContent(text));

describe('pageFingerprint', () => {
  it('compares frontmatter by meaning, not YAML style or key order', () => {
    const a = fingerprintOf('---\ndescription: "Set up"\nhidden: true\n---\n# Page\n');
    expect(fingerprintOf("---\nhidden: 'true'\ndescription: Set up\n---\n# Page\n")).toBe(a);
    expect(fingerprintOf('---\ndescription: >-\n  Set\n  up\nhidden: true\n---\n# Page\n')).toBe(a);
    expect(fingerprintOf('---\ndescription: Set up\n---\n# Page\n')).not.toBe(a);
  });

  it('evens out line endings, trailing spaces and trailing blank lines, and nothing else', () => {
    const a = fingerprintOf('# Page\n\nText.\n');
    expect(fingerprintOf('# Page  \r\n\r\nText.\r\n\r\n')).toBe(a);
    expect(fingerprintOf('# Page\n\nText!\n')).not.toBe(a);
    expect(fingerprintOf('# Page\nText.\n')).not.toBe(a);
  });

  it('gives a page written from the platform the fingerprint of what the platform holds', () => {
    const live = { description: 'A long description that the writer folds because it runs well past eighty columns wide', icon: 'rocket', hidden: true };
    const markdown = '# Quickstart\n\n{% hint style="info" %}\nHi\n{% endhint %}\n';
    expect(fingerprintOf(pageText(live, markdown))).toBe(pageFingerprint({ body: markdown, ...live }));
  });

  it('treats an empty description or a false hidden as unset', () => {
    expect(pageFingerprint({ body: 'x', description: '', hidden: false })).toBe(pageFingerprint({ body: 'x' }));
  });
});
