import { describe, expect, it } from 'vitest';
import { parseSummary, type SummaryItem } from '../../../src/content/gitbook/parse-summary.js';

/** Titles as a nested array, for compact assertions. */
const shape = (items: readonly SummaryItem[]): unknown[] => items.map((item) => (item.children.length === 0 ? item.title : [item.title, shape(item.children)]));

describe('parseSummary', () => {
  it.each([['# Table of Contents'], ['# Summary'], ['#   Table of contents  ']])('takes %j as the title, not a group', (heading) => {
    const parsed = parseSummary(`${heading}\n\n* [Intro](README.md)\n`);
    expect(parsed.title).toBe(heading.replace(/^#\s+/, '').trim());
    expect(parsed.groups).toEqual([{ title: undefined, line: undefined, items: [expect.objectContaining({ title: 'Intro' })] }]);
  });

  it('reads a summary with no title at all', () => {
    const parsed = parseSummary('* [Intro](README.md)\n* [Next](next.md)\n');
    expect(parsed.title).toBeUndefined();
    expect(shape(parsed.groups[0]!.items)).toEqual(['Intro', 'Next']);
  });

  it('makes ## and ### headings groups, keeping bullets before the first heading in an untitled group', () => {
    const parsed = parseSummary(['# Summary', '* [Intro](README.md)', '', '## Basics', '* [A](a.md)', '', '### Deep dives', '- [B](b.md)'].join('\n'));
    expect(parsed.groups.map((group) => [group.title, group.line, shape(group.items)])).toEqual([
      [undefined, undefined, ['Intro']],
      ['Basics', 4, ['A']],
      ['Deep dives', 7, ['B']],
    ]);
  });

  it.each([
    ['2 spaces, *', '* [A](a.md)\n  * [B](b.md)\n    * [C](c.md)\n  * [D](d.md)\n* [E](e.md)'],
    ['4 spaces, -', '- [A](a.md)\n    - [B](b.md)\n        - [C](c.md)\n    - [D](d.md)\n- [E](e.md)'],
    ['a leading space', ' * [A](a.md)\n   * [B](b.md)\n     * [C](c.md)\n   * [D](d.md)\n * [E](e.md)'],
    ['tabs', '* [A](a.md)\n\t* [B](b.md)\n\t\t* [C](c.md)\n\t* [D](d.md)\n* [E](e.md)'],
    ['mixed markers and steps', '* [A](a.md)\n  - [B](b.md)\n      + [C](c.md)\n  - [D](d.md)\n* [E](e.md)'],
  ])('nests by indentation with %s', (_dialect, text) => {
    expect(shape(parseSummary(text).groups[0]!.items)).toEqual([['A', [['B', ['C']], 'D']], 'E']);
  });

  it('nests five levels and more', () => {
    const lines = Array.from({ length: 7 }, (_, depth) => `${'  '.repeat(depth)}* [L${depth}](l${depth}.md)`);
    expect(shape(parseSummary(lines.join('\n')).groups[0]!.items)).toEqual([['L0', [['L1', [['L2', [['L3', [['L4', [['L5', ['L6']]]]]]]]]]]]]);
  });

  it('keeps targets as written and reads the "label" after them', () => {
    const [a, b, c, d] = parseSummary(
      [
        '* [Getting started](guide/README.md "Start here")',
        '* [My page](my%20page.md)',
        '* [Rooted](/contents/9/Page.md)',
        "* [Brackets \\[beta\\]](<docs/with space.md> 'Beta')",
      ].join('\n'),
    ).groups[0]!.items;
    expect([a!.title, a!.target, a!.label]).toEqual(['Getting started', 'guide/README.md', 'Start here']);
    expect([b!.target, b!.label]).toEqual(['my%20page.md', undefined]);
    expect(c!.target).toBe('/contents/9/Page.md');
    expect([d!.title, d!.target, d!.label]).toEqual(['Brackets [beta]', 'docs/with space.md', 'Beta']);
  });

  it('tolerates CRLF, zero-width spaces, a BOM and trailing spaces', () => {
    const parsed = parseSummary('\uFEFF# Summary  \r\n\r\n## Guides\u200B \r\n* [A](a.md)   \r\n  * [B\u200B](b.md)\r\n');
    expect(parsed.groups.map((group) => group.title)).toEqual(['Guides']);
    expect(shape(parsed.groups[0]!.items)).toEqual([['A', ['B']]]);
    expect(parsed.notes).toEqual([]);
  });

  it('skips bullets without a link, moving their children up, and notes stray lines', () => {
    const parsed = parseSummary(['* [A](a.md)', '* Just a label', '  * [B](b.md)', 'Some prose', '<!-- a comment', 'still -->', '---'].join('\n'));
    expect(shape(parsed.groups[0]!.items)).toEqual(['A', 'B']);
    expect(parsed.notes).toEqual([
      { line: 2, message: 'list item has no [title](page.md) link; skipped' },
      { line: 4, message: 'not a list item or heading; ignored' },
    ]);
  });

  it('records the line of every entry', () => {
    const items = parseSummary('# Summary\n\n* [A](a.md)\n  * [B](b.md)\n').groups[0]!.items;
    expect([items[0]!.line, items[0]!.children[0]!.line]).toEqual([3, 4]);
  });

  it('names the items without a link each entry is listed under, between it and its parent', () => {
    const text = ['* [A](a.md)', '  * Section', '    * Inner', '      * [B](b.md)', '    * [C](c.md)', '  * [D](d.md)', '* Top', '  * [E](e.md)'].join('\n');
    const [a, e] = parseSummary(text).groups[0]!.items;
    const under = (item: SummaryItem | undefined) => (item?.under ?? []).map((unlinked) => `${unlinked.title}@${unlinked.line}`);
    expect(a!.children.map((child) => [child.title, under(child)])).toEqual([
      ['B', ['Section@2', 'Inner@3']],
      ['C', ['Section@2']],
      ['D', []],
    ]);
    expect([e!.title, under(e)]).toEqual(['E', ['Top@7']]);
  });
});
