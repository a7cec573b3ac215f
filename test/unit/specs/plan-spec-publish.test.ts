import { describe, expect, it } from 'vitest';
import { planSpecPublish } from '../../../src/specs/plan-spec-publish.js';

const live = { lastVersion: 'v1', processingState: 'complete' as const };

describe('planSpecPublish', () => {
  it('skips when the hash equals the last published one and the platform still has that version', () => {
    expect(planSpecPublish({ hash: 'h1', state: { lastHash: 'h1', lastVersion: 'v1' }, live })).toEqual({
      action: 'skip',
      reason: 'unchanged since the last publish',
    });
  });

  it('skips on the hash alone when the live spec was not read', () => {
    expect(planSpecPublish({ hash: 'h1', state: { lastHash: 'h1', lastVersion: 'v1' } }).action).toBe('skip');
  });

  it.each([
    ['changed content', { hash: 'h2', state: { lastHash: 'h1', lastVersion: 'v1' }, live }, /changed/],
    ['no state', { hash: 'h1', state: undefined, live }, /no record/],
    ['missing on the platform', { hash: 'h1', state: { lastHash: 'h1', lastVersion: 'v1' }, live: null }, /not on the platform/],
    ['replaced on the platform', { hash: 'h1', state: { lastHash: 'h1', lastVersion: 'v1' }, live: { ...live, lastVersion: 'v9' } }, /v9.*v1/],
    [
      'failed fetch',
      { hash: 'h1', state: { lastHash: 'h1', lastVersion: 'v1' }, live: { ...live, lastProcessErrorCode: 'FETCH_ERROR' as const } },
      /FETCH_ERROR/,
    ],
    ['forced', { hash: 'h1', state: { lastHash: 'h1', lastVersion: 'v1' }, live, force: true }, /forced/],
  ])('publishes: %s', (_name, input, reason) => {
    const plan = planSpecPublish(input);
    expect(plan.action).toBe('publish');
    expect(plan.reason).toMatch(reason);
  });

  it("skips without state when the platform's latest version was made from this very source", () => {
    expect(planSpecPublish({ hash: 'h1', state: undefined, live, liveSourceHash: 'h1' })).toEqual({
      action: 'skip',
      reason: 'the platform already holds this spec',
    });
    // Someone else's version that happens to hold the same source is as good as docsync's own.
    expect(
      planSpecPublish({ hash: 'h1', state: { lastHash: 'h1', lastVersion: 'v1' }, live: { ...live, lastVersion: 'v9' }, liveSourceHash: 'h1' }).action,
    ).toBe('skip');
  });

  it.each([
    ['a different live source', { hash: 'h2', state: { lastHash: 'h2', lastVersion: 'v1' }, live, liveSourceHash: 'h1' }, /different version/],
    [
      'the same live source whose fetch failed',
      { hash: 'h1', state: undefined, live: { ...live, lastProcessErrorCode: 'FETCH_TIMEOUT' as const }, liveSourceHash: 'h1' },
      /FETCH_TIMEOUT/,
    ],
    ['forced over the same live source', { hash: 'h1', state: undefined, live, liveSourceHash: 'h1', force: true }, /forced/],
  ])('publishes: %s', (_name, input, reason) => {
    const plan = planSpecPublish(input);
    expect(plan.action).toBe('publish');
    expect(plan.reason).toMatch(reason);
  });

  it('does not retry a PARSE_ERROR of unchanged content (it would fail the same way)', () => {
    expect(planSpecPublish({ hash: 'h1', state: { lastHash: 'h1', lastVersion: 'v1' }, live: { ...live, lastProcessErrorCode: 'PARSE_ERROR' } }).action).toBe(
      'skip',
    );
  });
});
