import { describe, expect, it } from 'vitest';
import { keptInRemoved, removedConflict } from '../../../../src/sync/platform-edits/removed-conflict.js';

describe('keptInRemoved', () => {
  it("gives back the platform's version a conflict of a page git removed holds", () => {
    const kept = '# Topic\n\nChanged in the platform.\n';
    expect(keptInRemoved(removedConflict(kept, 'git'))).toBe(kept);
  });

  it('reads nothing from the conflict of a page the platform removed, from a merge conflict, or from plain text', () => {
    expect(keptInRemoved(removedConflict('# Topic\n', 'platform'))).toBeUndefined();
    expect(keptInRemoved('<<<<<<< git\nours\n=======\ntheirs\n>>>>>>> platform\n')).toBeUndefined();
    expect(keptInRemoved('# Topic\n')).toBeUndefined();
  });
});
