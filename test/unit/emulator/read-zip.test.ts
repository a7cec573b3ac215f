import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readZip } from '../../../src/emulator/content/read-zip.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('readZip', () => {
  it('strips a single shared top folder and drops OS junk', () => {
    const zip = zipSync({ 'repo-main/README.md': bytes('a'), 'repo-main/docs/x.md': bytes('b'), '__MACOSX/._x': bytes('c') });
    expect([...readZip(zip, 1e6).keys()].sort()).toEqual(['README.md', 'docs/x.md']);
  });

  it('keeps paths when entries do not share one folder', () => {
    const zip = zipSync({ 'a/README.md': bytes('a'), 'b/x.md': bytes('b') });
    expect([...readZip(zip, 1e6).keys()].sort()).toEqual(['a/README.md', 'b/x.md']);
  });

  it('rejects entries that escape, and archives that expand too far', () => {
    for (const name of ['../x.md', 'a/../../x.md', '/etc/x', 'C:/x.md', 'a\\..\\..\\x.md']) {
      expect(() => readZip(zipSync({ [name]: bytes('x'), 'ok.md': bytes('y') }), 1e6)).toThrow(/escapes its folder/);
    }
    expect(() => readZip(zipSync({ 'big.md': new Uint8Array(5000) }), 4000)).toThrow(/size limit/);
  });
});
