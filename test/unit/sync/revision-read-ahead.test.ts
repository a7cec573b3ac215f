import { describe, expect, it } from 'vitest';
import type { ContentReadOptions, ContentTarget, RevisionTarget } from '../../../src/api/resources/content.js';
import type { Revision } from '../../../src/api/schemas/content.js';
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
  it('starts reads before they are asked for, all at once, and answers each once from the read in flight', async () => {
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

    // Asked again: read afresh, as content may have changed since.
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
});
