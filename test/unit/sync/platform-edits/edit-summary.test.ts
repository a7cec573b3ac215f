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

describe('editSummary: add', () => {
  const TREE = '# Table of contents\n\n* [Intro](README.md)\n\n## Guides\n\n- [Setup](guides/setup.md)\n    - [Deep](guides/deep.md)\n- [Run](guides/run.md)\n';

  it('puts each added page at its place: after its previous sibling and its children, before its next, or first under its parent', () => {
    const edited = editSummary(TREE, 'SUMMARY.md', {
      add: [
        // Placed after another added page: placed in turn.
        { title: 'Tips', path: 'guides/tips.md', after: 'guides/faq.md' },
        { title: 'FAQ', path: 'guides/faq.md', after: 'guides/setup.md', before: 'guides/run.md' },
        { title: 'First', path: 'guides/first.md', before: 'guides/setup.md' },
        { title: 'Deeper', path: 'guides/deeper.md', parent: 'guides/deep.md' },
        { title: 'Notes', path: 'guides/notes.md', parent: 'guides/setup.md', after: 'guides/gone.md' },
        // Nothing around it listed: at the end.
        { title: 'Lost', path: 'lost.md', parent: 'nowhere.md' },
      ],
      remove: [],
    });
    expect(edited).toBe(
      [
        '# Table of contents',
        '',
        '* [Intro](README.md)',
        '',
        '## Guides',
        '',
        '- [First](guides/first.md)',
        '- [Setup](guides/setup.md)',
        '    - [Notes](guides/notes.md)',
        '    - [Deep](guides/deep.md)',
        '      - [Deeper](guides/deeper.md)',
        '- [FAQ](guides/faq.md)',
        '- [Tips](guides/tips.md)',
        '- [Run](guides/run.md)',
        '* [Lost](lost.md)',
        '',
      ].join('\n'),
    );
  });
});

describe('editSummary: move', () => {
  const TREE = '* [A](a.md)\n* [B](b.md "Bee")\n  * [B1](b/one.md)\n* [C](c.md)\n  * [C1](c/one.md)\n';

  it('moves a bullet with its subpages under another page, as written and indented there', () => {
    const edited = editSummary(TREE, 'SUMMARY.md', { add: [], remove: [], move: [{ path: 'b.md', parent: 'c.md', after: 'c/one.md' }] });
    expect(edited).toBe('* [A](a.md)\n* [C](c.md)\n  * [C1](c/one.md)\n  * [B](b.md "Bee")\n    * [B1](b/one.md)\n');
  });

  it('reorders a bullet among its siblings, before its next sibling', () => {
    expect(editSummary(TREE, 'SUMMARY.md', { add: [], remove: [], move: [{ path: 'c.md', before: 'a.md' }] })).toBe(
      '* [C](c.md)\n  * [C1](c/one.md)\n* [A](a.md)\n* [B](b.md "Bee")\n  * [B1](b/one.md)\n',
    );
  });

  it('moves a subpage to the top, and pages placed beside one another in turn', () => {
    const edited = editSummary(TREE, 'SUMMARY.md', {
      add: [],
      remove: [],
      move: [
        { path: 'c/one.md', after: 'b/one.md', parent: 'b.md' },
        { path: 'b/one.md', parent: 'b.md', before: 'c/one.md' },
      ],
    });
    expect(edited).toBe('* [A](a.md)\n* [B](b.md "Bee")\n  * [B1](b/one.md)\n  * [C1](c/one.md)\n* [C](c.md)\n');
  });
});
