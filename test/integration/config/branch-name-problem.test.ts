import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { branchNameProblem } from '../../../src/config/branch-name-problem.js';
import { INVALID_BRANCHES, VALID_BRANCHES } from '../../unit/config/branch-names.js';

/** git's own verdict: the pure check at load must agree with it. */
function gitAccepts(name: string): boolean {
  try {
    execFileSync('git', ['check-ref-format', '--branch', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('branchNameProblem agrees with git check-ref-format --branch', () => {
  it.each([...VALID_BRANCHES, ...INVALID_BRANCHES])('%j', (name) => {
    expect(branchNameProblem(name) === undefined).toBe(gitAccepts(name));
  });
});
