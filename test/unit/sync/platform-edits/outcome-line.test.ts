import { describe, expect, it } from 'vitest';
import { filesNamed, outcomeLine, readOutcome } from '../../../../src/sync/platform-edits/outcome-line.js';

const blob = 'ce3d2c84da76f24219485b478e0b295894f5e81f';

describe('outcomeLine and readOutcome', () => {
  it("read back git's blob, the platform's page id, or both, whichever the line names", () => {
    const cases = [
      { gitBlob: blob, pageId: undefined },
      { gitBlob: undefined, pageId: 'page_added1' },
      { gitBlob: blob, pageId: 'page_renamed1' },
    ];
    for (const { gitBlob, pageId } of cases) {
      const message = ['Platform edits of docs', '', outcomeLine('docs/a: b.md', 'removed', gitBlob, pageId), ''].join('\n');
      expect(readOutcome(message, 'docs/a: b.md')).toEqual({ outcome: 'removed', gitBlob, pageId });
      expect(filesNamed(message)).toEqual(['docs/a: b.md']);
    }
  });

  it('reads a line naming neither, and none that names something else after the outcome', () => {
    expect(readOutcome('- docs/a.md: edited in the platform', 'docs/a.md')).toEqual({ outcome: 'edited', gitBlob: undefined, pageId: undefined });
    expect(readOutcome("- docs/a.md: edited in the platform (the platform's page x) (git's blob " + blob + ')', 'docs/a.md')).toBeUndefined();
    expect(readOutcome('- docs/a.md: edited in the platform', 'docs/b.md')).toBeUndefined();
  });
});
