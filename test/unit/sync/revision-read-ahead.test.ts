import { describe, expect, it, vi } from 'vitest';
import type { ContentReadOptions, ContentTarget, RevisionTarget } from '../../../src/api/resources/content.js';
import type { Revision } from '../../../src/api/schemas/content.js';
import { KnownRevisions } from '../../../src/sync/known-revisions.js';
import { RevisionReadAhead } from '../../../src/sync/revision-read-ahead.js';

/** A content API whose reads stay open until the test settles them. */
function heldReads() {
  const reads: { target: ContentTarget | RevisionTarget; settle: (revision: Revision) => void; fail: (error: Error) => void }[] = [];
  const api = {
    getRevision: (target: ContentTarget | RevisionTarget, _options?: ContentReadOptions): Promise<Revision> =>
      new Promise<Revision>((settle, fail) => reads.push({ target, settle, fail })),
  };
  return { api, reads };
}

const revision = (id: string): Revision => ({ id, pages: [], files: [] }) as unknown as Revision;

describe('RevisionReadAhead', () => {
  it('starts reads before they are asked for, all at once, and answers each from the read in flight until dropped', async () => {
    const { api, reads } = heldReads();
    const ahead = new RevisionReadAhead(api);
    ahead.start({ spaceId: 's', changeRequest: 'cr' }, undefined);
    ahead.start({ spaceId: 's' }, undefined);
    expect(reads.map((read) => read.target)).toEqual([{ spaceId: 's', changeRequest: 'cr' }, { spaceId: 's' }]);

    const ofChangeRequest = ahead.getRevision({ spaceId: 's', changeRequest: 'cr' });
    const ofMain = ahead.getRevision({ spaceId: 's' });
    expect(reads).toHaveLength(2); // no new read: both taken from those in flight
    reads[1]?.settle(revision('main'));
    reads[0]?.settle(revision('cr'));
    expect((await ofChangeRequest).id).toBe('cr');
    expect((await ofMain).id).toBe('main');

    // Asked again before anything is written (the platform-edits check after the plan): the same read.
    expect((await ahead.getRevision({ spaceId: 's' })).id).toBe('main');
    expect(reads).toHaveLength(2);
    // Dropped before a write: read afresh, as content changes.
    ahead.drop();
    void ahead.getRevision({ spaceId: 's' });
    expect(reads).toHaveLength(3);
  });

  it('reads afresh what it did not start, a past revision, and everything once dropped', () => {
    const { api, reads } = heldReads();
    const ahead = new RevisionReadAhead(api);
    ahead.start({ spaceId: 's' }, undefined);
    void ahead.getRevision({ spaceId: 's', changeRequest: 'other' });
    void ahead.getRevision({ spaceId: 's', revision: 'r1' });
    expect(reads).toHaveLength(3);
    ahead.drop();
    void ahead.getRevision({ spaceId: 's' });
    expect(reads).toHaveLength(4);
  });

  it('a read nobody asks for may fail without an unhandled rejection; one asked for passes its failure on', async () => {
    const { api, reads } = heldReads();
    const ahead = new RevisionReadAhead(api);
    ahead.start({ spaceId: 'never-asked' }, undefined);
    ahead.start({ spaceId: 'asked' }, undefined);
    reads[0]?.fail(new Error('gone'));
    const asked = ahead.getRevision({ spaceId: 'asked' });
    reads[1]?.fail(new Error('refused'));
    await expect(asked).rejects.toThrow('refused');
  });

  it('with kept revisions: answers the kept one while the small read names it, reads afresh once it names another', async () => {
    const { api, reads } = heldReads();
    const known = new KnownRevisions();
    const first = new RevisionReadAhead(api, known);
    const cr = { spaceId: 's', changeRequest: 'cr' };
    // Nothing kept yet: read at once, without waiting for the id; the read is kept.
    first.start(cr, undefined, () => Promise.reject(new Error('not asked while nothing is kept')));
    expect(reads).toHaveLength(1);
    reads[0]?.settle(revision('r1'));
    expect((await first.getRevision(cr)).id).toBe('r1');
    expect(known.get(cr)?.id).toBe('r1');

    // The next sync: the change request still names r1, so its pages are not read again.
    const second = new RevisionReadAhead(api, known);
    second.start(cr, undefined, () => Promise.resolve('r1'));
    expect((await second.getRevision(cr)).id).toBe('r1');
    expect(reads).toHaveLength(1);

    // Someone wrote in between: the id differs and the content is read, then kept in place of r1.
    const third = new RevisionReadAhead(api, known);
    third.start(cr, undefined, () => Promise.resolve('r2'));
    const fresh = third.getRevision(cr);
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    reads[1]?.settle(revision('r2'));
    expect((await fresh).id).toBe('r2');
    expect(known.get(cr)?.id).toBe('r2');
    expect(known.get({ spaceId: 's', changeRequest: 'other' })).toBeUndefined();
  });

  it('keeps only whole revisions without git metadata, which the API may still change', async () => {
    const { api, reads } = heldReads();
    const known = new KnownRevisions();
    const ahead = new RevisionReadAhead(api, known);
    const partial = ahead.getRevision({ spaceId: 'a' }, { metadata: false });
    reads[0]?.settle(revision('partial'));
    await partial;
    expect(known.get({ spaceId: 'a' })).toBeUndefined();

    const synced = ahead.getRevision({ spaceId: 'b' });
    reads[1]?.settle({
      ...revision('git'),
      pages: [{ id: 'p', type: 'document', pages: [{ id: 'q', type: 'document', git: { oid: 'o', path: 'q.md' } }] }],
    } as unknown as Revision);
    await synced;
    expect(known.get({ spaceId: 'b' })).toBeUndefined();
  });
});

describe('KnownRevisions.syncedBase', () => {
  it('finds a base once per main revision, again once main moved, and keeps no failure', async () => {
    const known = new KnownRevisions();
    let finds = 0;
    const find = (): Promise<undefined> => {
      finds += 1;
      return Promise.resolve(undefined);
    };
    await known.syncedBase('docs', 'm1', find);
    await known.syncedBase('docs', 'm1', find);
    expect(finds).toBe(1);
    await known.syncedBase('docs', 'm2', find);
    expect(finds).toBe(2);
    await known.syncedBase('other', 'm2', find);
    expect(finds).toBe(3);

    await expect(known.syncedBase('docs', 'm3', () => Promise.reject(new Error('list failed')))).rejects.toThrow('list failed');
    await known.syncedBase('docs', 'm3', find);
    expect(finds).toBe(4);
  });
});
