import { describe, expect, it } from 'vitest';
import { mergeRevisions } from '../../../src/emulator/content/merge-revisions.js';
import type { PageRecord } from '../../../src/emulator/state/records.js';

function page(path: string, title: string, pages: PageRecord[] = [], id = `id-${path}`): PageRecord {
  const slug = path.split('/').pop() ?? path;
  return { id, title, path, slug, type: 'document', markdown: `# ${title}\n`, createdAt: 't', updatedAt: 't', pages };
}

const content = (pages: PageRecord[]) => ({ pages, files: [] });
const titles = (pages: PageRecord[]): unknown[] => pages.map((p) => (p.pages.length > 0 ? [p.title, titles(p.pages)] : p.title));
let counter = 0;
const newId = () => `new-${++counter}`;

describe('mergeRevisions', () => {
  const base = content([page('a', 'A'), page('b', 'B', [page('b/c', 'C')]), page('d', 'D')]);

  it('applies the change request’s edits, additions and removals on top of main', () => {
    const main = content([page('a', 'A main'), page('b', 'B', [page('b/c', 'C')]), page('d', 'D'), page('m', 'Main only')]);
    const changes = content([page('a', 'A'), page('b', 'B', [page('b/c', 'C cr'), page('b/n', 'New')])]);
    const merged = mergeRevisions(base, main, changes, newId);
    expect(titles(merged.pages)).toEqual(['A main', ['B', ['C cr', 'New']], 'Main only']);
    expect(merged.conflicts).toEqual([]);
  });

  it('reports a page both sides changed differently as a conflict (the change request side in the content), and keeps ids unique', () => {
    const main = content([page('a', 'A main'), page('b', 'B', [page('b/c', 'C')]), page('d', 'D')]);
    // The change request moved page d (same id) under b while main kept it at the top.
    const changes = content([page('a', 'A cr'), page('b', 'B', [page('b/c', 'C'), page('b/d', 'D', [], 'id-d')])]);
    const result = mergeRevisions(base, main, changes, newId);
    expect(result.conflicts).toEqual(['a']);
    const merged = result.pages;
    expect(titles(merged)).toEqual(['A cr', ['B', ['C', 'D']]]);
    const ids = (list: PageRecord[]): string[] => list.flatMap((p) => [p.id, ...ids(p.pages)]);
    expect(new Set(ids(merged)).size).toBe(ids(merged).length);
  });

  it('keeps files by id when they have no repository path, so two of one name both survive', () => {
    const file = (id: string, size: number) => ({ id, name: 'logo.png', contentType: 'image/png', size, data: new Uint8Array(size) });
    const main = { pages: base.pages, files: [file('f1', 1)] };
    const changes = { pages: base.pages, files: [file('f1', 1), file('f2', 2), file('f3', 3)] };
    const merged = mergeRevisions({ pages: base.pages, files: [file('f1', 1)] }, main, changes, newId);
    expect(merged.files.map((f) => f.id)).toEqual(['f1', 'f2', 'f3']);
    expect(merged.conflicts).toEqual([]);
  });

  it('is no conflict when both sides made the same change', () => {
    const same = content([page('a', 'A both'), page('b', 'B', [page('b/c', 'C')]), page('d', 'D')]);
    expect(mergeRevisions(base, same, same, newId).conflicts).toEqual([]);
  });

  it('returns main when the change request changed nothing', () => {
    const main = content([page('x', 'X'), page('a', 'A')]);
    expect(titles(mergeRevisions(base, main, base, newId).pages)).toEqual(['X', 'A']);
  });
});
