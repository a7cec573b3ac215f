import { describe, expect, it } from 'vitest';
import { parseSummary, type SummaryItem } from '../../../src/emulator/content/parse-summary.js';

const outline = (items: SummaryItem[]): unknown[] =>
  items.map((item) => [item.kind === 'group' ? `## ${item.title}` : `${item.title} → ${item.target}`, outline(item.items)]);

describe('parseSummary', () => {
  it('reads groups, nesting at 2 or 4 spaces or tabs, every bullet style, labels and junk', () => {
    const text = [
      '\uFEFF# Table of contents',
      ' * [Intro](README.md)',
      '',
      '## Guides\u200B',
      '- [Guide](guide/README.md "The guide")',
      '    - [Step one](guide/one.md)',
      '\t\t+ [Deeper](guide/deep.md)',
      '  - [Step two](guide/two%20b.md)',
      'Some stray text',
      '* not a link',
      '### API',
      '* [Ref](</api/ref page.md>)',
    ].join('\r\n');
    expect(outline(parseSummary(text))).toEqual([
      ['Intro → README.md', []],
      [
        '## Guides',
        [['Guide → guide/README.md', [['Step one → guide/one.md', [['Deeper → guide/deep.md', []]]], ['Step two → guide/two%20b.md', []]]]],
      ],
      ['## API', [['Ref → /api/ref page.md', []]]],
    ]);
  });

  it('keeps a first-level heading that is not a table-of-contents title as a group', () => {
    expect(outline(parseSummary('# Basics\n* [A](a.md)\n'))).toEqual([['## Basics', [['A → a.md', []]]]]);
  });
});
