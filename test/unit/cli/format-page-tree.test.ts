import { describe, expect, it } from 'vitest';
import { formatPageTree } from '../../../src/cli/format-page-tree.js';

describe('formatPageTree', () => {
  it('shows groups as headings and counts only pages, also when a group and a page share a slug', () => {
    const tree = formatPageTree([
      { title: 'Introduction', type: 'document', path: 'introduction' },
      {
        title: 'FAQ',
        type: 'group',
        path: 'faq',
        pages: [{ title: 'FAQ', type: 'document', path: 'faq', pages: [{ title: 'Duplicates', type: 'document', path: 'faq/duplicates' }] }],
      },
      { title: 'Elsewhere', type: 'link' },
    ]);
    expect(tree.lines).toEqual([
      '  - Introduction  (introduction)',
      '  ▸ FAQ  (group)',
      '    - FAQ  (faq)',
      '      - Duplicates  (faq/duplicates)',
      '  - Elsewhere',
    ]);
    expect({ pages: tree.pages, groups: tree.groups }).toEqual({ pages: 4, groups: 1 });
  });
});
