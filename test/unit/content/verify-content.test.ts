import { describe, expect, it } from 'vitest';
import type { Page } from '../../../src/api/schemas/content.js';
import { contentFingerprint } from '../../../src/content/bundle/content-expectation.js';
import { gitBlobOid } from '../../../src/content/git/git-blob-oid.js';
import { livePages, verifyContent } from '../../../src/content/bundle/verify-content.js';

const page = (title: string, gitPath: string | undefined, oid = 'o', pages: Page[] = [], type = 'document'): Page => ({
  id: title,
  title,
  type,
  path: title.toLowerCase(),
  ...(gitPath ? { git: { path: gitPath, oid } } : {}),
  pages,
});

describe('verifyContent', () => {
  const expected = [
    { path: 'README.md', oid: 'a' },
    { path: 'guide/setup.md', oid: 'b' },
  ];

  it('matches the live document pages (groups are structure) by path and blob id, in any order', () => {
    const live = [page('Group', undefined, '-', [page('Setup', 'guide/setup.md', 'b')], 'group'), page('Home', 'README.md', 'a')];
    expect(livePages(live)).toEqual([
      { path: 'README.md', oid: 'a' },
      { path: 'guide/setup.md', oid: 'b' },
    ]);
    const result = verifyContent({ kind: 'exact', pages: expected }, live);
    expect(result).toEqual({
      ok: true,
      basis: 'exact',
      expected: { pages: 2, fingerprint: contentFingerprint(expected) },
      actual: { pages: 2, fingerprint: contentFingerprint(expected) },
    });
  });

  it('names what is missing, changed and unexpected', () => {
    const live = [page('Home', 'README.md', 'changed'), page('Extra', 'extra.md'), page('Loose', undefined)];
    const result = verifyContent({ kind: 'exact', pages: expected }, live);
    expect(result.ok).toBe(false);
    expect(result.diff).toEqual({
      missing: ['guide/setup.md'],
      changed: ['README.md'],
      unexpected: ['(no source file) loose', 'extra.md'],
      summary: 'expected 2 pages, found 3; missing guide/setup.md; different content in README.md; unexpected (no source file) loose, extra.md',
    });
  });

  it('cuts long lists, and compares only the count for sources the platform converts', () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ path: `p${i}.md`, oid: 'x' }));
    expect(verifyContent({ kind: 'exact', pages: many }, []).diff?.summary).toBe(
      'expected 8 pages, found 0; missing p0.md, p1.md, p2.md, p3.md, p4.md and 3 more',
    );
    expect(verifyContent({ kind: 'page-count', pages: 1, reason: 'a website import makes one page' }, [page('Site', undefined)]).ok).toBe(true);
    expect(verifyContent({ kind: 'page-count', pages: 1, reason: 'a website import makes one page' }, []).diff?.summary).toBe(
      'expected 1 page (a website import makes one page), found 0',
    );
    const crawled = [page('A', undefined), page('B', undefined)];
    expect(verifyContent({ kind: 'page-count', pages: 1, atLeast: true, reason: 'a website' }, crawled).ok).toBe(true);
    expect(verifyContent({ kind: 'page-count', pages: 1, atLeast: true, reason: 'a website' }, []).diff?.summary).toBe(
      'expected at least 1 page (a website), found 0',
    );
  });

  it('compares files by path and blob id when both sides are given, naming the difference', () => {
    const live = [page('Home', 'README.md', 'a'), page('Setup', 'guide/setup.md', 'b')];
    const files = [{ path: '.gitbook/assets/a.png', oid: 'f1' }];
    const asset = (oid: string) => ({ id: 'f', name: 'a.png', git: { path: '.gitbook/assets/a.png', oid } });
    expect(verifyContent({ kind: 'exact', pages: expected, files }, live, [asset('f1')]).ok).toBe(true);
    // Without live files (a page-tree read), files are not compared.
    expect(verifyContent({ kind: 'exact', pages: expected, files }, live).ok).toBe(true);
    const result = verifyContent({ kind: 'exact', pages: expected, files }, live, [asset('f2'), { id: 'g', name: 'upload.png' }]);
    expect(result.ok).toBe(false);
    expect(result.diff?.files).toEqual({ missing: [], changed: ['.gitbook/assets/a.png'], unexpected: ['(no source file) upload.png'] });
    expect(result.diff?.summary).toBe(
      'expected 2 pages, found 2; expected 1 file, found 2; different content in files .gitbook/assets/a.png; unexpected files (no source file) upload.png',
    );
  });

  it('takes blob ids the way git does', () => {
    expect(gitBlobOid(new TextEncoder().encode('hello\n'))).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
  });
});
