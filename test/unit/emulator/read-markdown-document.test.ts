import { describe, expect, it } from 'vitest';
import { markdownPage } from '../../../src/emulator/content/markdown-page.js';
import { readMarkdownDocument } from '../../../src/emulator/content/read-markdown-document.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('the emulator titles a page as each contract says', () => {
  it('content batches (0.202.0): frontmatter title, else the leading heading; a mid-page heading titles nothing', () => {
    expect(readMarkdownDocument('---\ntitle: Front\n---\n# Lead\n').title).toBe('Front');
    expect(readMarkdownDocument('\n# Lead\n\nText.\n').title).toBe('Lead');
    expect(readMarkdownDocument('Intro.\n\n# Choose Your Node Type\n').title).toBeUndefined();
  });

  it('zip import (0.130.0): the SUMMARY.md title, else the leading heading, else the file name', () => {
    expect(markdownPage({ bytes: bytes('# Lead\n'), title: 'Listed', fallbackTitle: 'file' }).title).toBe('Listed');
    expect(markdownPage({ bytes: bytes('# Lead\n'), fallbackTitle: 'file' }).title).toBe('Lead');
    expect(markdownPage({ bytes: bytes('Intro.\n\n# Mid\n'), fallbackTitle: 'file' }).title).toBe('file');
  });
});
