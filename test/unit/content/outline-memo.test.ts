import { describe, expect, it } from 'vitest';
import { OutlineMemo, type OutlineInputs } from '../../../src/content/cache/outline-memo.js';
import { FileIndex } from '../../../src/content/file-index.js';
import { locateDocs } from '../../../src/content/gitbook/locate-docs.js';
import { outlineDocs, type DocsOutline } from '../../../src/content/gitbook/outline-docs.js';
import type { TreeEntry } from '../../../src/content/tree-source.js';

const entry = (path: string, token = 'old'): TreeEntry => ({ path, size: 1, token });
const LISTING = [entry('README.md'), entry('SUMMARY.md'), entry('guide.md')];
const SUMMARY = '* [Home](README.md)\n* [Guide](guide.md)\n';

/** The outline of `inputs`, built. */
function outlineOf(inputs: OutlineInputs): DocsOutline {
  const index = new FileIndex(inputs.listing);
  return outlineDocs(index, locateDocs(index, inputs.directory, inputs.configText), inputs.summaryText);
}

/** The outline of `inputs`, through the memo, and whether it was built anew. */
async function outlineThrough(memo: OutlineMemo, inputs: OutlineInputs): Promise<{ outline: DocsOutline; built: boolean }> {
  let built = false;
  const outline = await memo.outline(inputs, () => {
    built = true;
    return Promise.resolve(outlineOf(inputs));
  });
  return { outline, built };
}

describe('OutlineMemo', () => {
  it('gives the last outline again while its texts and listed paths are the same, and builds it anew when any of them changed', async () => {
    const memo = new OutlineMemo();
    const inputs: OutlineInputs = { directory: '', configText: undefined, summaryText: SUMMARY, listing: LISTING };
    const first = await outlineThrough(memo, inputs);
    expect(first.built).toBe(true);
    expect(first.outline.pages).toEqual(['README.md', 'guide.md']);

    // A page's content changed (its change token), not its path: the same outline, not built.
    const edited = await outlineThrough(memo, { ...inputs, listing: [LISTING[0]!, LISTING[1]!, entry('guide.md', 'new')] });
    expect(edited).toEqual({ outline: first.outline, built: false });

    // Each gives another outline (the previous one's paths and warnings would be wrong).
    const changes: [string, Partial<OutlineInputs>][] = [
      ['SUMMARY.md', { summaryText: `${SUMMARY}* [More](more.md)\n` }],
      ['a path added', { summaryText: `${SUMMARY}* [More](more.md)\n`, listing: [...LISTING, entry('more.md')] }],
      ['.gitbook.yaml', { configText: 'redirects:\n  old: gone.md\n' }],
      ['no SUMMARY.md', { summaryText: undefined }],
      ['the project directory', { directory: 'docs', listing: LISTING.map((file) => entry(`docs/${file.path}`)) }],
    ];
    for (const [what, change] of changes) {
      const changed = await outlineThrough(memo, { ...inputs, ...change });
      expect({ what, built: changed.built, outline: changed.outline }).toEqual({ what, built: true, outline: outlineOf({ ...inputs, ...change }) });
      expect(changed.outline).not.toEqual(first.outline);
    }
    // One entry: the first inputs again are built again.
    expect((await outlineThrough(memo, inputs)).built).toBe(true);
  });
});
