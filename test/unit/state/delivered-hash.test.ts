import { describe, expect, it } from 'vitest';
import { PageRecordSchema } from '../../../src/state/page-record.js';

describe('a delivered hash as stored', () => {
  it('is kept when of blob-oid content (40 hex digits), and read as not known when sha256-based (64), as docsync recorded it before', () => {
    const oid = 'f'.repeat(40);
    const sha256 = 'a'.repeat(64);
    expect(PageRecordSchema.parse({ page: { id: 'p1', hash: oid, updatedAt: 't' }, file: { id: 'f1', hash: oid } })).toEqual({
      page: { id: 'p1', hash: oid, updatedAt: 't' },
      file: { id: 'f1', hash: oid },
    });
    // The ids stay: the page is still known as the one docsync wrote, only its content is compared again.
    expect(PageRecordSchema.parse({ page: { id: 'p1', hash: sha256, updatedAt: 't' }, file: { id: 'f1', hash: sha256 } })).toEqual({
      page: { id: 'p1', hash: undefined, updatedAt: 't' },
      file: { id: 'f1', hash: undefined },
    });
  });
});
