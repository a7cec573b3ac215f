import { describe, expect, it } from 'vitest';
import { platformSide } from '../../../../src/sync/platform-edits/taken-in-left-live.js';

describe('platformSide', () => {
  it("is the text around the markers with the platform's side of each conflict", () => {
    const text = [
      '# Page',
      '',
      '<<<<<<< git',
      'Git line.',
      '=======',
      'Platform line.',
      '>>>>>>> platform',
      '',
      'Between.',
      '<<<<<<< git',
      '=======',
      'Added.',
      '>>>>>>> platform',
      'End.',
      '',
    ].join('\n');
    expect(platformSide(text)).toBe(['# Page', '', 'Platform line.', '', 'Between.', 'Added.', 'End.', ''].join('\n'));
  });

  it('is the text itself without markers', () => {
    expect(platformSide('# Page\n\nText.\n')).toBe('# Page\n\nText.\n');
  });

  it("is undefined for markers against the branch's version, for a removed page's, and for markers left open", () => {
    expect(platformSide('<<<<<<< branch\na\n=======\nb\n>>>>>>> platform\n')).toBeUndefined();
    expect(platformSide('<<<<<<< git removed this page; the platform changed it\n=======\nb\n>>>>>>> keep or delete the file\n')).toBeUndefined();
    expect(platformSide('<<<<<<< git\na\n=======\nb\n')).toBeUndefined();
  });
});
