import { describe, expect, it } from 'vitest';
import { renamedInPlatform } from '../../../../src/sync/platform-edits/renamed-pages.js';

// Fingerprints here are the blob's own text: a page holds a blob's content when its fingerprint is the blob id.
const fingerprintOf = (oid: string): Promise<string> => Promise.resolve(oid);

describe('renamedInPlatform', () => {
  it('pairs each page git keeps that is no longer live with the new path holding its base version, once', async () => {
    const renamed = await renamedInPlatform(
      {
        base: new Map([
          ['b/one.md', 'one'],
          ['b/two.md', 'two'],
          ['b/edited.md', 'edited'],
          ['git-moved.md', 'moved'],
        ]),
        git: new Map([
          ['b/one.md', 'one'],
          ['b/two.md', 'two'],
          ['b/edited.md', 'edited'],
          ['elsewhere.md', 'moved'],
        ]),
        platform: new Map([
          ['b/two.md', 'two'],
          ['bee/one.md', 'one'],
          ['bee/copy.md', 'one'],
          ['bee/edited.md', 'edited, and more'],
          ['bee/moved.md', 'moved'],
        ]),
      },
      new Set(['b/two.md', 'bee/one.md', 'bee/copy.md', 'bee/edited.md', 'bee/moved.md']),
      fingerprintOf,
    );
    // b/two.md is live still; b/edited.md was edited too, so nothing holds its base version; git moved the other itself.
    expect(renamed).toEqual(new Map([['b/one.md', 'bee/one.md']]));
  });
});
