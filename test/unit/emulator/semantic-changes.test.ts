import { describe, expect, it } from 'vitest';
import { semanticChanges } from '../../../src/emulator/content/semantic-changes.js';
import type { FileRecord, PageRecord, RevisionRecord } from '../../../src/emulator/state/records.js';

const page = (id: string, path: string, fields: Partial<PageRecord> = {}): PageRecord => ({
  id,
  title: path,
  path,
  slug: path.split('/').pop() ?? path,
  type: 'document',
  markdown: `# ${path}\n`,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  pages: [],
  ...fields,
});
const file = (id: string, name: string, bytes: string): FileRecord => ({ id, name, contentType: 'image/png', size: bytes.length, data: Buffer.from(bytes) });
const revision = (id: string, pages: PageRecord[], files: FileRecord[]): RevisionRecord => ({
  id,
  space: 's',
  parents: [],
  pages,
  files,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('semanticChanges', () => {
  it('lists pages created, edited (only the fields that changed) and deleted, nested ones included, and files by id or name', () => {
    const base = revision(
      'r1',
      [page('p1', 'intro'), page('p2', 'guide', { pages: [page('p3', 'guide/old'), page('p4', 'guide/same')] })],
      [file('f1', 'a.png', 'aaaa'), file('f2', 'gone.png', 'gg')],
    );
    const head = revision(
      'r2',
      [
        page('p1b', 'intro', { documentId: 'p1', title: 'Introduction', markdown: '# Introduction\n' }),
        page('p2', 'guide', { pages: [page('p4', 'guide/same'), page('p5', 'guide/new')] }),
      ],
      [file('f9', 'a.png', 'abcd'), file('f3', 'new.png', 'n')],
    );
    const changes = semanticChanges(base, head);
    expect(changes).toEqual(
      expect.arrayContaining([
        {
          type: 'page_edited',
          page: { id: 'p1b', type: 'document', title: 'Introduction', path: 'intro' },
          attributes: { title: { before: 'intro', after: 'Introduction' }, document: { before: '# intro\n', after: '# Introduction\n' } },
        },
        { type: 'page_created', page: { id: 'p5', type: 'document', title: 'guide/new', path: 'guide/new' } },
        { type: 'page_deleted', page: { id: 'p3', type: 'document', title: 'guide/old', path: 'guide/old' } },
        expect.objectContaining({ type: 'file_edited', file: expect.objectContaining({ id: 'f9' }) }),
        expect.objectContaining({ type: 'file_created', file: expect.objectContaining({ id: 'f3' }) }),
        expect.objectContaining({ type: 'file_deleted', file: expect.objectContaining({ id: 'f2' }) }),
      ]),
    );
    expect(changes).toHaveLength(6);
  });

  it('lists a page moved to another parent, or to the top, with its parent on each side; a reorder among siblings is no change', () => {
    const base = revision('r1', [page('a', 'a', { pages: [page('b', 'a/b'), page('c', 'a/c')] }), page('d', 'd')], []);
    const head = revision('r2', [page('d', 'd', { pages: [page('b', 'd/b')] }), page('a', 'a', { pages: [page('c', 'a/c')] })], []);
    const moves = semanticChanges(base, head).filter((change) => change.type === 'page_moved');
    expect(moves).toEqual([
      {
        type: 'page_moved',
        page: { id: 'b', type: 'document', title: 'd/b', path: 'd/b' },
        parent: { before: { id: 'a', type: 'document', title: 'a', path: 'a' }, after: { id: 'd', type: 'document', title: 'd', path: 'd' } },
      },
    ]);
    const toTop = semanticChanges(base, revision('r3', [page('a', 'a', { pages: [page('c', 'a/c')] }), page('b', 'b'), page('d', 'd')], []));
    expect(toTop.filter((change) => change.type === 'page_moved')).toEqual([
      { type: 'page_moved', page: expect.objectContaining({ id: 'b' }), parent: { before: expect.objectContaining({ id: 'a' }) } },
    ]);
  });

  it('is empty between a revision and itself', () => {
    const same = revision('r', [page('p1', 'intro')], [file('f1', 'a.png', 'a')]);
    expect(semanticChanges(same, same)).toEqual([]);
  });
});
