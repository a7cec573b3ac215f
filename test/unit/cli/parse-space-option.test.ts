import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { parseSpaceOption } from '../../../src/cli/parse-space-option.js';

describe('docsync emulator --space <id[:title]>', () => {
  it('takes an id, the id and a title, and adds to the spaces before it', () => {
    const first = parseSpaceOption('space-docs');
    expect(first).toEqual([{ id: 'space-docs', title: 'space-docs' }]);
    expect(parseSpaceOption('space_api:API: the reference', first)).toEqual([
      { id: 'space-docs', title: 'space-docs' },
      { id: 'space_api', title: 'API: the reference' },
    ]);
  });

  it('refuses an id a URL path would change, and an empty title, saying what to write', () => {
    expect(() => parseSpaceOption('my space')).toThrow(InvalidArgumentError);
    expect(() => parseSpaceOption('a/b')).toThrow('is not a space id: use letters, digits, - and _');
    expect(() => parseSpaceOption(':Title')).toThrow('is not a space id');
    expect(() => parseSpaceOption('space-docs:')).toThrow('leave out the colon');
  });
});
