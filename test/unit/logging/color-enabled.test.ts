import { describe, expect, it } from 'vitest';
import { colorEnabled } from '../../../src/logging/color-enabled.js';

describe('colorEnabled', () => {
  it('colours a terminal and nothing else by default', () => {
    expect(colorEnabled(true, {})).toBe(true);
    expect(colorEnabled(false, {})).toBe(false);
    expect(colorEnabled(true, { TERM: 'dumb' })).toBe(false);
  });

  it('turns colours off with a non-empty NO_COLOR', () => {
    expect(colorEnabled(true, { NO_COLOR: '1' })).toBe(false);
    expect(colorEnabled(true, { NO_COLOR: '' })).toBe(true);
  });

  it('lets FORCE_COLOR decide over the terminal', () => {
    expect(colorEnabled(false, { FORCE_COLOR: '1' })).toBe(true);
    expect(colorEnabled(false, { FORCE_COLOR: '' })).toBe(true);
    expect(colorEnabled(true, { FORCE_COLOR: '0' })).toBe(false);
    expect(colorEnabled(true, { FORCE_COLOR: 'false' })).toBe(false);
  });

  it('lets NO_COLOR win over FORCE_COLOR, as no-color.org says', () => {
    expect(colorEnabled(true, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(false);
    expect(colorEnabled(false, { FORCE_COLOR: '1', NO_COLOR: '' })).toBe(true);
  });
});
