import { describe, expect, it } from 'vitest';
import { pageText } from '../../../src/sync/pull/pull-space.js';

describe('pageText: frontmatter as GitBook exports it', () => {
  it('folds a description longer than one 80-column line with >-, lines of at most 78 characters after the indent', () => {
    const description = 'Tidepool collects sensor readings from buoys along the coast and keeps them for as long as you ask.';
    expect(pageText({ description }, '# T\n')).toBe(
      '---\ndescription: >-\n  Tidepool collects sensor readings from buoys along the coast and keeps them\n  for as long as you ask.\n---\n# T\n',
    );
  });

  it('keeps a short value plain, and quotes with single quotes what YAML would misread', () => {
    expect(pageText({ description: 'Plain words' }, '')).toBe('---\ndescription: Plain words\n---\n');
    expect(pageText({ description: 'Setup: the short way' }, '')).toBe("---\ndescription: 'Setup: the short way'\n---\n");
    expect(pageText({ description: 'yes' }, '')).toBe("---\ndescription: 'yes'\n---\n");
  });

  it('writes description, icon, cover, coverY, hidden in that order, and nothing when nothing is set', () => {
    const cover = { image: '../.gitbook/assets/cover waves.png', yPos: -42 };
    expect(pageText({ hidden: true, icon: 'water', description: 'Short', cover }, 'Body')).toBe(
      '---\ndescription: Short\nicon: water\ncover: ../.gitbook/assets/cover waves.png\ncoverY: -42\nhidden: true\n---\nBody',
    );
    expect(pageText({ description: '', hidden: false }, 'Body')).toBe('Body');
  });
});
