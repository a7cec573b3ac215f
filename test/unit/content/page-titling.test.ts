import { describe, expect, it } from 'vitest';
import { liveTitle, titledBody, type PageTitling } from '../../../src/content/gitbook/page-titling.js';

const batches: PageTitling = { source: 'document', summaryTitle: 'Quick start', fileTitle: 'quickstart' };
const imported: PageTitling = { ...batches, source: 'summary' };

describe('liveTitle', () => {
  it('titles a page by its document first on content batches, by its SUMMARY.md link text first on a zip import', () => {
    expect(liveTitle(batches, 'Quickstart', 'Quickstart')).toBe('Quickstart');
    expect(liveTitle(imported, 'Quickstart', 'Quickstart')).toBe('Quick start');
    expect(liveTitle({ ...imported, summaryTitle: undefined }, 'Ignored', 'Quickstart')).toBe('Quickstart');
    expect(liveTitle({ ...batches, summaryTitle: undefined }, undefined, undefined)).toBe('quickstart');
  });
});

describe('titledBody', () => {
  it('sets apart a heading on the first line where it titles the page, with the blank lines around it', () => {
    expect(titledBody('\n# Quickstart  \r\n\r\nText.\n', batches)).toEqual({ heading: 'Quickstart', body: 'Text.\n' });
    expect(titledBody('Text.\n\n# Later\n', batches)).toEqual({ heading: undefined, body: 'Text.\n\n# Later\n' });
    // Where the link text titles the page, the heading is the body's.
    expect(titledBody('# Quickstart\n\nText.\n', imported)).toEqual({ heading: undefined, body: '# Quickstart\n\nText.\n' });
  });
});
