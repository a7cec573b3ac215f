import { describe, expect, it } from 'vitest';
import { gitBlobOid } from '../../../../src/content/git/git-blob-oid.js';
import { fileFingerprint } from '../../../../src/content/gitbook/page-meaning.js';
import { withLivePages } from '../../../../src/sync/platform-edits/next-base.js';

const titlings = (path: string) => ({ source: 'document', summaryTitle: undefined, fileTitle: path }) as const;

describe('withLivePages', () => {
  const base = {
    commit: 'c1',
    pages: new Map(
      Object.entries({
        'a.md': { oid: 'a1', fingerprint: 'fa' },
        'b.md': { oid: 'b1', fingerprint: 'fb', live: { oid: 'old', fingerprint: 'fold' } },
      }),
    ),
  };

  it('marks the pages left live with the blob id and fingerprint of what went live, and no other', () => {
    const text = '# A\n\nKept from the platform.\n';
    expect(withLivePages(base, new Map([['a.md', text]]), titlings)).toEqual({
      commit: 'c1',
      pages: new Map(
        Object.entries({
          'a.md': {
            oid: 'a1',
            fingerprint: 'fa',
            live: { oid: gitBlobOid(new TextEncoder().encode(text)), fingerprint: fileFingerprint(text, titlings('a.md')) },
          },
          'b.md': { oid: 'b1', fingerprint: 'fb' },
        }),
      ),
    });
  });

  it('leaves out pages git does not have', () => {
    expect(withLivePages(base, new Map([['new.md', '# New\n']]), titlings).pages.get('new.md')).toBeUndefined();
  });

  it('gives the base itself when no page was left live and none is marked (a first sync): no copy of every page', () => {
    const unmarked = { commit: 'c1', pages: new Map([['a.md', { oid: 'a1', fingerprint: 'fa' }]]) };
    expect(withLivePages(unmarked, new Map(), titlings)).toBe(unmarked);
    expect(withLivePages(base, new Map(), titlings).pages.get('b.md')).toEqual({ oid: 'b1', fingerprint: 'fb' });
  });
});
