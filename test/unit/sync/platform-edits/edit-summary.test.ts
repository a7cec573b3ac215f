import { describe, expect, it } from 'vitest';
import { editSummary, relinked, withoutListedReadme } from '../../../../src/sync/platform-edits/edit-summary.js';

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

describe('editSummary: renamed', () => {
  // The platform gave B a new slug: B and its subpages removed at git's paths and added at their new ones.
  const TREE = '* [A](a.md)\n* [B](b/README.md)\n  * [B1](b/one.md)\n  * [New](new.md)\n    * [Deep](deep.md)\n  * [B2](b/two.md)\n';
  const add = [
    { title: 'B', path: 'bee/README.md', after: 'a.md' },
    { title: 'B1', path: 'bee/one.md', parent: 'bee/README.md', before: 'bee/two.md' },
    { title: 'B2', path: 'bee/two.md', parent: 'bee/README.md', after: 'bee/one.md' },
  ];
  const remove = ['b/README.md', 'b/one.md', 'b/two.md'];
  const renamed = new Map([
    ['b/README.md', 'bee/README.md'],
    ['b/one.md', 'bee/one.md'],
    ['b/two.md', 'bee/two.md'],
  ]);

  it('puts the pages git lists under a renamed page under its new path, in their place among its subpages', () => {
    expect(editSummary(TREE, 'SUMMARY.md', { add, remove, renamed })).toBe(
      '* [A](a.md)\n* [B](bee/README.md)\n  * [B1](bee/one.md)\n  * [New](new.md)\n    * [Deep](deep.md)\n  * [B2](bee/two.md)\n',
    );
  });

  it('puts a page git lists first under a renamed page first under its new path, and one under a renamed subpage under that', () => {
    const tree = '* [A](a.md)\n* [B](b/README.md)\n  * [New](new.md)\n  * [B1](b/one.md)\n    * [Deep](deep.md)\n';
    const edited = editSummary(tree, 'SUMMARY.md', {
      add: [
        { title: 'B', path: 'bee/README.md', after: 'a.md' },
        { title: 'B1', path: 'bee/one.md', parent: 'bee/README.md' },
      ],
      remove: ['b/README.md', 'b/one.md'],
      renamed,
    });
    expect(edited).toBe('* [A](a.md)\n* [B](bee/README.md)\n  * [New](new.md)\n  * [B1](bee/one.md)\n    * [Deep](deep.md)\n');
  });

  it("puts a page git lists under a subpage the platform removed under the renamed page, at that subpage's place", () => {
    const tree = '* [A](a.md)\n* [B](b/README.md)\n  * [B1](b/one.md)\n    * [New](new.md)\n  * [B2](b/two.md)\n';
    const edited = editSummary(tree, 'SUMMARY.md', {
      add: [
        { title: 'B', path: 'bee/README.md', parent: 'a.md' },
        { title: 'B2', path: 'bee/two.md', parent: 'bee/README.md' },
      ],
      remove: ['b/README.md', 'b/one.md', 'b/two.md'],
      renamed: new Map([
        ['b/README.md', 'bee/README.md'],
        ['b/two.md', 'bee/two.md'],
      ]),
    });
    expect(edited).toBe('* [A](a.md)\n  * [B](bee/README.md)\n    * [New](new.md)\n    * [B2](bee/two.md)\n');
  });
});

describe('editSummary: renamed under a page listed under it', () => {
  it('gives the page it is placed under its place, and the other pages listed under it follow it', () => {
    // git moved C under B; the platform moved B (a new path) under C.
    const tree = '* [A](a.md)\n* [B](b.md)\n  * [B1](b1.md)\n  * [C](moved/c.md)\n    * [C1](c1.md)\n* [D](d.md)\n';
    const edited = editSummary(tree, 'SUMMARY.md', {
      add: [{ title: 'B', path: 'c/b.md', parent: 'moved/c.md' }],
      remove: ['b.md'],
      renamed: new Map([['b.md', 'c/b.md']]),
    });
    expect(edited).toBe('* [A](a.md)\n* [C](moved/c.md)\n  * [B](c/b.md)\n    * [B1](b1.md)\n  * [C1](c1.md)\n* [D](d.md)\n');
  });

  it("keeps git's nesting when asked: the renamed page at its place, its pages under it, other pages at theirs", () => {
    const tree = '* [A](a.md)\n* [B](b.md)\n  * [B1](b1.md)\n  * [C](moved/c.md)\n    * [C1](c1.md)\n* [D](d.md)\n';
    const edited = editSummary(tree, 'SUMMARY.md', {
      add: [
        { title: 'B', path: 'c/b.md', parent: 'moved/c.md' },
        { title: 'E', path: 'e.md', after: 'd.md' },
      ],
      remove: ['b.md'],
      renamed: new Map([['b.md', 'c/b.md']]),
      nesting: 'git',
    });
    expect(edited).toBe('* [A](a.md)\n* [B](c/b.md)\n  * [B1](b1.md)\n  * [C](moved/c.md)\n    * [C1](c1.md)\n* [D](d.md)\n* [E](e.md)\n');
  });

  it('does so first under its parent when it had no sibling before it', () => {
    const tree = '* [P](p/README.md)\n  * [B](b.md)\n    * [C](c.md)\n  * [E](e.md)\n';
    const edited = editSummary(tree, 'SUMMARY.md', {
      add: [{ title: 'B', path: 'c/b.md', parent: 'c.md' }],
      remove: ['b.md'],
      renamed: new Map([['b.md', 'c/b.md']]),
    });
    expect(edited).toBe('* [P](p/README.md)\n  * [C](c.md)\n    * [B](c/b.md)\n  * [E](e.md)\n');
  });
});

describe('editSummary: a page whose place is not listed', () => {
  it('goes at the end, and the pages placed under or beside it follow it there', () => {
    const edited = editSummary('* [A](a.md)\n* [B](b.md)\n', 'SUMMARY.md', {
      add: [
        { title: 'C', path: 'c/README.md', after: 'gone.md' },
        { title: 'C1', path: 'c/one.md', parent: 'c/README.md' },
        { title: 'C2', path: 'c/two.md', parent: 'c/README.md', after: 'c/one.md' },
        { title: 'D', path: 'd.md', after: 'c/README.md' },
      ],
      remove: ['b.md'],
    });
    expect(edited).toBe('* [A](a.md)\n* [C](c/README.md)\n  * [C1](c/one.md)\n  * [C2](c/two.md)\n* [D](d.md)\n');
  });
});

describe('editSummary: remove', () => {
  it('lifts the bullets listed under a removed page to its place, a level up, those under an item without a link too', () => {
    const text =
      '* [S](s/README.md)\n  * [One](s/one.md)\n  * [Two](s/two.md)\n    * [Moved](moved.md)\n      * [Deep](deep.md)\n    * Libraries\n      * [Lib](lib.md)\n* [T](t.md)\n';
    expect(editSummary(text, 'SUMMARY.md', { add: [], remove: ['s/two.md'] })).toBe(
      '* [S](s/README.md)\n  * [One](s/one.md)\n  * [Moved](moved.md)\n    * [Deep](deep.md)\n  * Libraries\n    * [Lib](lib.md)\n* [T](t.md)\n',
    );
    expect(editSummary(text, 'SUMMARY.md', { add: [], remove: ['s/README.md', 's/two.md'] })).toBe(
      '* [One](s/one.md)\n* [Moved](moved.md)\n  * [Deep](deep.md)\n* Libraries\n  * [Lib](lib.md)\n* [T](t.md)\n',
    );
  });
});

describe('relinked', () => {
  it('links the new path of each renamed page, its title, label and place as written', () => {
    const relinkedText = relinked(
      SUMMARY,
      'SUMMARY.md',
      new Map([
        ['guides/setup.md', 'guides/set up.md'],
        ['guides/deep.md', 'dive.md'],
      ]),
    );
    expect(relinkedText).toBe(SUMMARY.replace('(guides/setup.md "Set it up")', '(guides/set%20up.md "Set it up")').replace('(guides/deep.md)', '(dive.md)'));
  });

  it('writes links relative to a table of contents in a folder, and leaves a page it does not list as it is', () => {
    const text = '* [A](a.md)\n* [B](b.md)\n';
    expect(
      relinked(
        text,
        'docs/SUMMARY.md',
        new Map([
          ['docs/a.md', 'docs/x/a2.md'],
          ['docs/c.md', 'docs/d.md'],
        ]),
      ),
    ).toBe('* [A](x/a2.md)\n* [B](b.md)\n');
  });
});
