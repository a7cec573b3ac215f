import { describe, expect, it } from 'vitest';
import { branchNameProblem } from '../../../src/config/branch-name-problem.js';
import { INVALID_BRANCHES, VALID_BRANCHES } from './branch-names.js';

describe('branchNameProblem', () => {
  it.each(VALID_BRANCHES)('accepts %j', (name) => {
    expect(branchNameProblem(name)).toBeUndefined();
  });

  it.each(INVALID_BRANCHES)('refuses %j', (name) => {
    expect(branchNameProblem(name)).toBeTypeOf('string');
  });

  it('refuses what git would take as an option, a whole ref or HEAD, and names longer than a file name can be', () => {
    expect(branchNameProblem('-f')).toContain('option');
    expect(branchNameProblem('--receive-pack=x')).toContain('option');
    expect(branchNameProblem('refs/heads/x')).toContain('full ref');
    expect(branchNameProblem('@')).toContain('HEAD');
    expect(branchNameProblem('b'.repeat(300))).toContain('255 bytes');
  });
});
