import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src/api/api-client.js';
import { ApiError } from '../../../../src/api/errors/api-error.js';
import type { SpaceTarget } from '../../../../src/config/config-schema.js';
import { silentLogger } from '../../../../src/logging/logger.js';
import { recordedToken } from '../../../../src/sync/change-request-subject.js';
import { dropAtOnceToken, recordSyncToken, type TokenRecord } from '../../../../src/sync/sync-token/record-sync-token.js';
import { atOnceToken, syncToken } from '../../../../src/sync/sync-token/sync-token.js';

type Target = Pick<SpaceTarget, 'name' | 'spaceId' | 'groups' | 'redirects' | 'mode' | 'changeRequest'>;
const target = (autoMerge: boolean): Target => ({
  name: 'docs',
  spaceId: 'space-docs',
  groups: 'pages',
  redirects: 'auto',
  mode: 'change-request',
  changeRequest: { autoMerge } as SpaceTarget['changeRequest'],
});

/** A client whose subject updates are recorded, or refused with `refusal`. */
function client(refusal?: ApiError) {
  const subjects: string[] = [];
  const api = {
    changeRequests: {
      update: (_space: string, _cr: string | number, body: { subject?: string }) => {
        if (refusal) return Promise.reject(refusal);
        subjects.push(body.subject ?? '');
        return Promise.resolve({});
      },
    },
  } as unknown as Pick<ApiClient, 'changeRequests'>;
  return { deps: { api, logger: silentLogger }, subjects };
}

const record = (extra: Partial<TokenRecord> = {}): TokenRecord => ({
  changeRequest: { id: 'cr-1', subject: 'Docs [docsync:docs]', subjectLive: true },
  mergedAtOnce: false,
  revision: 'rev-2',
  contentHash: 'h1',
  redirects: undefined,
  ...extra,
});
const noFence = (): Promise<void> => Promise.resolve();

describe('recordSyncToken', () => {
  it('records the token of the revision the last batch made, and what the redirects left', async () => {
    const { deps, subjects } = client();
    await recordSyncToken(
      deps,
      target(false),
      record({ redirects: { created: 0, updated: 0, deleted: 0, unchanged: 0, pending: ['a → b.md'], settled: true, warnings: [] } }),
      noFence,
    );
    expect(subjects.map((subject) => recordedToken(subject, 'docs'))).toEqual([syncToken(target(false), 'h1', 'rev-2', 'waiting')]);
  });

  it('writes nothing where docsync created the change request with the token of a merge at once and merged it', async () => {
    const { deps, subjects } = client();
    const created = `Docs ~${atOnceToken(target(true), 'h1')} [docsync:docs]`;
    await recordSyncToken(deps, target(true), record({ changeRequest: { id: 'cr-1', subject: created, subjectLive: true }, mergedAtOnce: true }), noFence);
    expect(subjects).toEqual([]);
    // Redirects refused after that merge: the token says so, by the revision.
    const refused = { created: 0, updated: 0, deleted: 0, unchanged: 0, pending: [], settled: false, warnings: [] };
    await recordSyncToken(
      deps,
      target(true),
      record({ changeRequest: { id: 'cr-1', subject: created, subjectLive: true }, mergedAtOnce: true, redirects: refused }),
      noFence,
    );
    expect(subjects.map((subject) => recordedToken(subject, 'docs'))).toEqual([syncToken(target(true), 'h1', 'rev-2', 'waiting')]);
  });

  it('logs a refusal and lets the sync stand: runners without state then compare the live content', async () => {
    const { deps, subjects } = client(new ApiError('Forbidden', { method: 'PATCH', path: '/x', status: 403 }));
    await expect(recordSyncToken(deps, target(false), record(), noFence)).resolves.toBeUndefined();
    expect(subjects).toEqual([]);
  });
});

describe('dropAtOnceToken', () => {
  it('takes the token out of a change request left open that docsync was to merge, and leaves others alone', async () => {
    const { deps, subjects } = client();
    await dropAtOnceToken(deps, target(true), { id: 'cr-1', subject: 'Docs ~aaaaaaaaaaaa [docsync:docs]' }, noFence);
    await dropAtOnceToken(deps, target(false), { id: 'cr-1', subject: 'Docs ~aaaaaaaaaaaa [docsync:docs]' }, noFence);
    expect(subjects).toEqual(['Docs [docsync:docs]']);
  });
});
