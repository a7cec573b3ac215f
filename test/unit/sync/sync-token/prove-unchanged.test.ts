import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src/api/api-client.js';
import { ApiError } from '../../../../src/api/errors/api-error.js';
import type { ChangeRequest } from '../../../../src/api/schemas/change-request.js';
import type { SpaceTarget } from '../../../../src/config/config-schema.js';
import { silentLogger } from '../../../../src/logging/logger.js';
import { MemoryStateStore } from '../../../../src/state/memory-state-store.js';
import { withSyncToken } from '../../../../src/sync/change-request-subject.js';
import type { PreparedContent } from '../../../../src/sync/prepared-content.js';
import type { SyncSpaceDeps } from '../../../../src/sync/sync-space-deps.js';
import { proveUnchanged } from '../../../../src/sync/sync-token/prove-unchanged.js';
import { skipIfProven } from '../../../../src/sync/sync-token/skip-if-proven.js';
import { atOnceToken, syncToken } from '../../../../src/sync/sync-token/sync-token.js';

const target = { name: 'docs', spaceId: 'space-docs', groups: 'pages', redirects: 'auto' } as const;
const user = (id: string) => ({ object: 'user', id, displayName: id }) as ChangeRequest['createdBy'];
const cr = (extra: Partial<ChangeRequest>): ChangeRequest =>
  ({
    id: 'cr-1',
    number: 1,
    status: 'open',
    subject: 'Docs [docsync:docs]',
    revision: 'r-cr',
    revisionInitial: 'r-main',
    createdBy: user('bot'),
    ...extra,
  }) as ChangeRequest;
const tokened = (token: string) => withSyncToken('Docs [docsync:docs]', 'docs', token);

/** An API answering from a space, its change requests by status, and main's revision's parents; `refuse` fails reads of revisions. */
function api(world: { main: string; open?: ChangeRequest[]; merged?: ChangeRequest[]; parents?: string[]; refuse?: boolean }) {
  const lists: string[] = [];
  const client = {
    spaces: {
      get: () =>
        Promise.resolve({
          id: 'space-docs',
          title: 'Docs',
          visibility: 'public',
          revision: world.main,
          changeRequestsOpen: world.open?.length ?? 0,
          changeRequestsDraft: 0,
        }),
    },
    changeRequests: {
      list: (_space: string, options: { status?: string }) => {
        lists.push(options.status ?? 'open');
        const items = options.status === 'merged' ? (world.merged ?? []) : options.status === 'open' ? (world.open ?? []) : [];
        const iterator = items.values();
        return { [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve(iterator.next()) }), all: () => Promise.resolve(items) };
      },
    },
    content: {
      getRevision: () =>
        world.refuse === true
          ? Promise.reject(new ApiError('Not found', { method: 'GET', path: '/revisions', status: 404 }))
          : Promise.resolve({ id: world.main, parents: world.parents ?? [], pages: [], files: [] }),
    },
  };
  return { client: client as unknown as Pick<ApiClient, 'changeRequests' | 'content' | 'spaces'>, lists };
}

describe('proveUnchanged', () => {
  it("takes docsync's open change request whose token is its revision's and whose base is main; not once main moved or it was edited", async () => {
    const open = cr({ subject: tokened(syncToken(target, 'h1', 'r-cr', 'waiting')) });
    expect(await proveUnchanged(api({ main: 'r-main', open: [open] }).client, target, 'h1')).toMatchObject({ changeRequest: open, redirectsDue: false });
    expect(await proveUnchanged(api({ main: 'r-moved', open: [open] }).client, target, 'h1')).toBeUndefined();
    expect(await proveUnchanged(api({ main: 'r-main', open: [{ ...open, revision: 'r-edited' }] }).client, target, 'h1')).toBeUndefined();
    expect(await proveUnchanged(api({ main: 'r-main', open: [open] }).client, target, 'h2')).toBeUndefined();
    // The token of a merge at once stands for no open change request.
    expect(await proveUnchanged(api({ main: 'r-main', open: [cr({ subject: tokened(atOnceToken(target, 'h1')) })] }).client, target, 'h1')).toBeUndefined();
  });

  it('takes the merged change request that made main, merged onto its base; lists no open or draft one where the space counts none', async () => {
    const merged = cr({
      status: 'merged',
      revisionMerged: 'r-merge',
      subject: tokened(syncToken(target, 'h1', 'r-cr', 'waiting')),
      mergedBy: user('reviewer'),
    });
    const world = api({ main: 'r-merge', merged: [merged], parents: ['r-main', 'r-cr'] });
    expect(await proveUnchanged(world.client, target, 'h1')).toMatchObject({ tokenHolder: merged, redirectsDue: true });
    expect(world.lists).toEqual(['merged']);
    // Merged onto a main that had moved since its base: main holds more than docsync wrote.
    expect(await proveUnchanged(api({ main: 'r-merge', merged: [merged], parents: ['r-other', 'r-cr'] }).client, target, 'h1')).toBeUndefined();
  });

  it('takes the token of a merge at once only where its creator merged it', async () => {
    const atOnce = cr({ status: 'merged', revisionMerged: 'r-merge', subject: tokened(atOnceToken(target, 'h1')) });
    const parents = ['r-main', 'r-cr'];
    expect(await proveUnchanged(api({ main: 'r-merge', merged: [{ ...atOnce, mergedBy: user('bot') }], parents }).client, target, 'h1')).toMatchObject({
      redirectsDue: false,
    });
    expect(await proveUnchanged(api({ main: 'r-merge', merged: [{ ...atOnce, mergedBy: user('reviewer') }], parents }).client, target, 'h1')).toBeUndefined();
  });
});

describe('skipIfProven', () => {
  it('hands the sync its read of the docs when a read of the proof is refused', async () => {
    const merged = cr({ status: 'merged', revisionMerged: 'r-merge', subject: tokened(syncToken(target, 'h1', 'r-cr', 'settled')) });
    const { client } = api({ main: 'r-merge', merged: [merged], refuse: true });
    const content = { contentHash: 'h1' } as PreparedContent;
    const state = new MemoryStateStore();
    await state.set('api:delivery', { reviewersRequested: [], delivery: 'changes' });
    const deps = { api: client, state, logger: silentLogger, prepare: () => Promise.resolve(content) } as unknown as SyncSpaceDeps;
    const spaceTarget = { ...target, delivery: 'auto', mode: 'change-request', changeRequest: { autoMerge: false } } as unknown as SpaceTarget;
    const check = await skipIfProven(deps, spaceTarget, 'space:docs', {});
    // No skip: the sync goes on with this read, and adds what the check spent to its own timings.
    expect(check).toEqual({ content, timings: expect.objectContaining({ readMs: expect.any(Number), apiMs: expect.any(Number) }) });
  });
});
