import { describe, expect, it } from 'vitest';
import { SpaceTargetSchema } from '../../../src/config/config-schema.js';
import { planSpaceSync } from '../../../src/sync/space-sync-plan.js';
import type { ChangeRequest } from '../../../src/api/schemas/change-request.js';

const target = (extra: Record<string, unknown> = {}) => SpaceTargetSchema.parse({ name: 'docs', directory: 'docs', spaceId: 'space-1', ...extra });

const liveCr = (extra: Partial<ChangeRequest> = {}) =>
  ({ object: 'change-request', id: 'cr-1', number: 4, status: 'open', subject: 'S [docsync:docs]', outdated: false, ...extra }) as ChangeRequest;

describe('planSpaceSync', () => {
  it('plans nothing when the hash matches the last sync', () => {
    const plan = planSpaceSync({
      target: target(),
      contentHash: 'h1',
      subject: 'S',
      state: { lastHash: 'h1', reviewersRequested: [] },
      liveChangeRequest: undefined,
    });
    expect(plan.actions).toEqual([]);
    expect(plan.skipReason).toContain('unchanged');
  });

  it('creates a change request and imports when there is none', () => {
    const plan = planSpaceSync({ target: target(), contentHash: 'h2', subject: 'S', state: undefined, liveChangeRequest: undefined });
    expect(plan.actions.map((a) => a.kind)).toEqual(['create-change-request', 'import']);
  });

  it('reuses a live change request, updating it from main first when outdated', () => {
    const plan = planSpaceSync({
      target: target(),
      contentHash: 'h2',
      subject: 'S [docsync:docs]',
      state: { lastHash: 'h1', reviewersRequested: [] },
      liveChangeRequest: liveCr({ outdated: true }),
    });
    expect(plan.actions.map((a) => a.kind)).toEqual(['update-from-main', 'import']);
    expect(plan.changeRequest).toEqual({ id: 'cr-1', number: 4 });
  });

  it('asks only reviewers not yet asked on this change request, and merges with autoMerge', () => {
    const plan = planSpaceSync({
      target: target({ changeRequest: { reviewers: ['u1', 'u2'], autoMerge: true } }),
      contentHash: 'h2',
      subject: 'S [docsync:docs]',
      state: { lastHash: 'h1', changeRequest: { id: 'cr-1', number: 4 }, reviewersRequested: ['u1'] },
      liveChangeRequest: liveCr(),
    });
    expect(plan.actions).toEqual([
      { kind: 'import', into: 'change-request', contentHash: 'h2' },
      { kind: 'request-reviewers', users: ['u2'] },
      { kind: 'merge' },
    ]);
  });

  it('imports straight into the space in direct mode', () => {
    const plan = planSpaceSync({ target: target({ mode: 'direct' }), contentHash: 'h2', subject: 'S', state: undefined, liveChangeRequest: undefined });
    expect(plan.actions).toEqual([{ kind: 'import', into: 'space', contentHash: 'h2' }]);
  });

  it('renames the change request when the subject changed', () => {
    const plan = planSpaceSync({ target: target(), contentHash: 'h3', subject: 'New [docsync:docs]', state: undefined, liveChangeRequest: liveCr() });
    expect(plan.actions[0]).toEqual({ kind: 'set-subject', changeRequest: 4, subject: 'New [docsync:docs]' });
  });

  it('keeps the subject when only the sync token of the last delivery differs: the delivery records its own', () => {
    const live = liveCr({ subject: 'S ~0123456789ab [docsync:docs]' });
    const plan = planSpaceSync({
      target: target(),
      contentHash: 'h3',
      subject: 'S [docsync:docs]',
      state: undefined,
      liveChangeRequest: live,
      delivery: { changes: 1, summary: '1 updated' },
    });
    expect(plan.actions.map((action) => action.kind)).toEqual(['deliver']);
    expect(plan.subject).toBe('S [docsync:docs]');
  });
});

describe('planSpaceSync when the live content already holds the bundle', () => {
  it('writes nothing when the space holds it, in either mode, whatever the state says', () => {
    for (const mode of ['change-request', 'direct']) {
      const plan = planSpaceSync({
        target: target({ mode }),
        contentHash: 'h2',
        subject: 'S',
        state: undefined,
        liveChangeRequest: undefined,
        liveMatches: true,
      });
      expect(plan).toMatchObject({ actions: [], skipReason: 'the space already holds this content' });
    }
  });

  it('leaves a change request that holds it alone, and only merges it with autoMerge', () => {
    const open = planSpaceSync({
      target: target(),
      contentHash: 'h2',
      subject: 'S',
      state: undefined,
      liveChangeRequest: liveCr({ outdated: true }),
      liveMatches: true,
    });
    expect(open).toMatchObject({ actions: [], changeRequest: { number: 4 }, skipReason: 'change request #4 already holds this content' });
    const merging = planSpaceSync({
      target: target({ changeRequest: { autoMerge: true, reviewers: ['u1'] } }),
      contentHash: 'h2',
      subject: 'S',
      state: undefined,
      liveChangeRequest: liveCr(),
      liveMatches: true,
    });
    expect(merging.actions).toEqual([{ kind: 'merge' }]);
  });

  it('brings a change request that holds it but is behind main up to date, and delivers again, before merging it', () => {
    for (const mode of ['change-request', 'direct'] as const) {
      const plan = planSpaceSync({
        target: target({ mode, changeRequest: { autoMerge: mode === 'change-request', reviewers: [] } }),
        contentHash: 'h2',
        subject: 'S',
        state: undefined,
        liveChangeRequest: liveCr({ outdated: true }),
        liveMatches: true,
        delivery: { changes: 0, summary: '' },
      });
      const kinds = plan.actions.map((action) => action.kind);
      expect([kinds[0], kinds.at(-1)]).toEqual(['update-from-main', 'merge']);
      expect(kinds).toContain('deliver');
    }
  });
});
