import { describe, expect, it } from 'vitest';
import { parseSummary } from '../../../src/content/gitbook/parse-summary.js';
import { summaryStructure } from '../../../src/content/gitbook/summary-structure.js';
import { structureNotices } from '../../../src/sync/structure-notices.js';

const SUMMARY = [
  '# Table of contents',
  '* [Introduction](README.md)',
  '## Guide',
  '* [Setup](guide/setup.md)',
  '* Libraries',
  '  * [Python](libraries/python.md)',
  '  * [Status](https://status.example.com)',
  '## Reference',
  '* [API](reference/api.md)',
  '* [Forum](//forum.example.com "label")',
].join('\n');

describe('what SUMMARY.md holds beyond pages', () => {
  it('finds its groups, link entries and unlinked items, with their lines', () => {
    expect(summaryStructure(parseSummary(SUMMARY))).toEqual({
      groups: ['Guide', 'Reference'],
      linkEntries: [
        { title: 'Status', target: 'https://status.example.com', line: 7 },
        { title: 'Forum', target: '//forum.example.com', line: 10 },
      ],
      unlinkedItems: [{ title: 'Libraries', line: 5 }],
    });
  });

  it('names what content batches cannot deliver, and what becomes of it', () => {
    expect(structureNotices(summaryStructure(parseSummary(SUMMARY)), 'changes', 'SUMMARY.md')).toEqual([
      'SUMMARY.md: 2 link entries are not delivered ("Status" at line 7, "Forum" at line 10): content batches cannot create link pages; they stay in SUMMARY.md only',
      'SUMMARY.md: 1 item without a link of its own is not delivered as a page ("Libraries" at line 5): the pages under it move up a level',
    ]);
  });

  it('names them on a zip import too, and nothing for a SUMMARY.md of pages alone', () => {
    const [links] = structureNotices(summaryStructure(parseSummary('* [A](a.md)\n* [B](https://b.example)\n')), 'import', 'docs/SUMMARY.md');
    expect(links).toBe(
      'docs/SUMMARY.md: 1 link entry is not delivered ("B" at line 2): docsync\'s import delivers pages only; it stays in docs/SUMMARY.md only',
    );
    expect(structureNotices(summaryStructure(parseSummary('## G\n* [A](a.md)\n')), 'changes', 'SUMMARY.md')).toEqual([]);
  });
});
