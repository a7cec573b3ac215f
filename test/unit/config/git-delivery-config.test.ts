import { describe, expect, it } from 'vitest';
import { SpaceTargetSchema } from '../../../src/config/config-schema.js';

const base = { name: 'docs', directory: 'docs', spaceId: 'space-docs', delivery: 'git' };

describe('delivery: git in docsync.yaml', () => {
  it('needs git.url and mode: direct, each named by its field', () => {
    const parsed = SpaceTargetSchema.safeParse(base);
    expect(parsed.success).toBe(false);
    const issues = parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
    expect(issues).toEqual([
      ['git', expect.stringContaining('needs `git.url`')],
      ['mode', expect.stringContaining('set `mode: direct`')],
    ]);
  });

  it('takes a full ref only, and defaults push and the wait', () => {
    expect(SpaceTargetSchema.safeParse({ ...base, mode: 'direct', git: { url: 'file:///r.git', ref: 'main' } }).error?.issues[0]?.message).toMatch(
      /refs\/heads\/main/,
    );
    expect(SpaceTargetSchema.parse({ ...base, mode: 'direct', git: { url: 'file:///r.git' } }).git).toEqual({
      url: 'file:///r.git',
      push: false,
      timeout: 300_000,
    });
  });
});
