import { describe, expect, it } from 'vitest';
import { editSummary, withoutListedReadme } from '../../../../src/sync/platform-edits/edit-summary.js';

const SUMMARY = '# Table of contents\n\n* [Intro](README.md)\n\n## Guides\n\n* [Setup](guides/setup.md "Set it up")\n  * [Deep \\[dive\\]](guides/deep.md)\n';

describe('editSummary: retitle', () => {
  it('replaces the link text of retitled pages and nothing else on their lines', () => {
    const edited = editSummary(SUMMARY, 'SUMMARY.md', {
      add: [],
      remove: [],
      retitle: [
        { path: 'guides/setup.md', title: 'Getting [set] up' },
        { path: 'guides/deep.md', title: 'Deeper' },
      ],
    });
    expect(edited).toBe(SUMMARY.replace('[Setup]', '[Getting \\[set\\] up]').replace('[Deep \\[dive\\]]', '[Deeper]'));
  });

  it('leaves a page it does not list, and a title it already has, as they are', () => {
    expect(
      editSummary(SUMMARY, 'SUMMARY.md', {
        add: [],
        remove: [],
        retitle: [
          { path: 'other.md', title: 'Other' },
          { path: 'README.md', title: 'Intro' },
        ],
      }),
    ).toBe(SUMMARY);
  });
});

describe('withoutListedReadme', () => {
  it('takes out the readme bullet a bundle put first, with the blank line it put before a heading', () => {
    const repo = '# Table of contents\n\n## Guides\n\n* [Setup](guides/setup.md)\n';
    const bundled = '# Table of contents\n\n* [Intro](README.md)\n\n## Guides\n\n* [Setup](guides/setup.md)\n';
    expect(withoutListedReadme(bundled, 'SUMMARY.md', 'README.md')).toBe(repo);
    expect(withoutListedReadme('* [Intro](README.md)\n* [Setup](setup.md)\n', 'SUMMARY.md', 'README.md')).toBe('* [Setup](setup.md)\n');
  });
});
