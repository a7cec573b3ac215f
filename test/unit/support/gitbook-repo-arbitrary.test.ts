import { posix } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedPages, expectedTitle, gitbookRepoArbitrary } from '../../support/gitbook-repo-arbitrary.js';

describe('gitbookRepoArbitrary', () => {
  it('lists in SUMMARY.md every page it writes, and every file a page points at exists', () => {
    fc.assert(
      fc.property(gitbookRepoArbitrary(), (repo) => {
        const summary = repo.files['SUMMARY.md'];
        expect(typeof summary).toBe('string');
        const pages = expectedPages(repo.summary);
        expect(pages[0]?.path).toBe('README.md');
        for (const page of pages) {
          expect(summary).toContain(`](${page.path})`);
          const text = repo.files[page.path];
          expect(typeof text).toBe('string');
          for (const image of page.images) expect(repo.files[image]).toBeInstanceOf(Uint8Array);
          for (const target of page.linksTo) {
            const written = posix.relative(posix.dirname(page.path), target);
            expect(text).toContain(`](${written}#details)`);
            expect(repo.files[target]).toBeDefined();
          }
        }
        for (const to of Object.values(repo.redirects)) expect(repo.files[to]).toBeDefined();
      }),
      { numRuns: 50 },
    );
  });

  it('titles a page by contract: frontmatter, then leading heading, then link text on current; link text on seed', () => {
    const page = {
      kind: 'page',
      path: 'a.md',
      summaryTitle: 'Link',
      frontmatterTitle: undefined,
      description: undefined,
      leadingHeading: 'Lead',
      midHeading: undefined,
      images: [],
      linksTo: [],
      children: [],
    } as const;
    expect(expectedTitle(page, 'current')).toBe('Lead');
    expect(expectedTitle({ ...page, frontmatterTitle: 'Front' }, 'current')).toBe('Front');
    expect(expectedTitle({ ...page, leadingHeading: undefined, midHeading: 'Mid' }, 'current')).toBe('Link');
    expect(expectedTitle(page, 'seed')).toBe('Link');
  });
});
