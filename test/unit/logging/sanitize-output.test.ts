import { describe, expect, it } from 'vitest';
import { serverText, withoutCommandLines } from '../../../src/logging/sanitize-output.js';

describe('serverText', () => {
  it('escapes control characters and line breaks, and breaks up workflow-command prefixes', () => {
    expect(serverText('a\nb\r\u001b[31mc\u0000\u2028d\te')).toBe('a\\nb\\r\\u001b[31mc\\u0000\\u2028d\te');
    expect(serverText('::add-mask::secret')).toBe(': :add-mask: :secret');
    expect(serverText('plain text: kept')).toBe('plain text: kept');
  });
});

describe('withoutCommandLines', () => {
  it('neutralizes only lines that start with ::, after any indentation', () => {
    expect(withoutCommandLines('ok\n  ::warning x\n::set-output name=a::b\nmid::dle\n')).toBe('ok\n  : :warning x\n: :set-output name=a::b\nmid::dle\n');
  });
});
