import { describe, expect, it } from 'vitest';
import { firstMarkerLine } from '../../../../src/sync/platform-edits/first-marker-line.js';
import { removedConflict } from '../../../../src/sync/platform-edits/removed-conflict.js';

describe('firstMarkerLine', () => {
  it('names the line of the first conflict marker, counted from 1', () => {
    expect(firstMarkerLine('# Title\n\n<<<<<<< git\nours\n=======\ntheirs\n>>>>>>> platform\n<<<<<<< git\n')).toBe(3);
    expect(firstMarkerLine(removedConflict('kept\n', 'platform'))).toBe(1);
  });

  it('finds none in a text without markers, nor in a marker-like line that is not one', () => {
    expect(firstMarkerLine('# Title\n\nBody.\n')).toBeUndefined();
    expect(firstMarkerLine('x <<<<<<< git\n<<<<<<<no space\n=======\n')).toBeUndefined();
  });
});
