import { describe, expect, it } from 'vitest';
import { paged } from '../../../src/api/paged.js';
import type { ChangeRequest } from '../../../src/api/schemas/change-request.js';
import { listDocsyncChangeRequests } from '../../../src/sync/find-docsync-change-request.js';

type Status = 'draft' | 'open';

/** A space whose change requests move from draft to open right after the first list call, as another run's would. */
function racingSpace(crs: { id: string; number: number; subject: string }[]) {
  let status: Status = 'draft';
  const asked: Status[] = [];
  const api = {
    changeRequests: {
      list: (_space: string, options: { status?: Status }) =>
        paged(async function* () {
          asked.push(options.status ?? 'open');
          await Promise.resolve();
          const listed = crs.filter(() => status === options.status);
          status = 'open';
          for (const cr of listed) yield { ...cr, status: options.status } as unknown as ChangeRequest;
        }),
    },
  };
  return { api: api as never, asked };
}

describe('listDocsyncChangeRequests', () => {
  it('finds a change request that turns from draft to open between the two lists, once', async () => {
    const { api, asked } = racingSpace([{ id: 'cr1', number: 1, subject: 'Docs [docsync:docs]' }]);
    const found = await listDocsyncChangeRequests(api, 'space', 'docs');
    expect(found.map((cr) => cr.id)).toEqual(['cr1']);
    expect(asked).toEqual(['draft', 'open']);
  });

  it("keeps only the target's own, oldest first, each once", async () => {
    const crs = [
      { id: 'b', number: 7, subject: 'Later [docsync:docs]' },
      { id: 'x', number: 2, subject: 'Other [docsync:api]' },
      { id: 'a', number: 3, subject: 'Earlier [docsync:docs]' },
    ];
    const found = await listDocsyncChangeRequests(racingSpace(crs).api, 'space', 'docs');
    expect(found.map((cr) => cr.number)).toEqual([3, 7]);
  });
});
