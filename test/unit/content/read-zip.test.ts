import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ArchiveError } from '../../../src/content/errors/archive-error.js';
import { readZip } from '../../../src/content/bundle/read-zip.js';
import { zeroBomb } from '../../support/zip-bomb.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const MiB = 1024 * 1024;

function refusal(run: () => unknown): ArchiveError {
  try {
    run();
  } catch (error) {
    if (error instanceof ArchiveError) return error;
    throw error;
  }
  throw new Error('the archive was read');
}

describe('readZip', () => {
  it('strips a single shared top folder and drops OS junk', () => {
    const zip = zipSync({ 'repo-main/README.md': bytes('a'), 'repo-main/docs/x.md': bytes('b'), '__MACOSX/._x': bytes('c') });
    const entries = readZip(zip, 'repo.zip');
    expect([...entries.keys()].sort()).toEqual(['README.md', 'docs/x.md']);
    expect(new TextDecoder().decode(entries.get('docs/x.md'))).toBe('b');
  });

  it('keeps paths when entries do not share one folder, and reads stored entries too', () => {
    const zip = zipSync({ 'a/README.md': bytes('a'), 'b/x.md': bytes('b') }, { level: 0 });
    expect([...readZip(zip, 'two.zip').keys()].sort()).toEqual(['a/README.md', 'b/x.md']);
  });

  it('refuses entries that escape their folder, naming them', () => {
    for (const name of ['../x.md', 'a/../../x.md', '/etc/x', 'C:/x.md', 'a\\..\\..\\x.md']) {
      const error = refusal(() => readZip(zipSync({ [name]: bytes('x'), 'ok.md': bytes('y') }), 'evil.zip'));
      expect(error.problem).toBe('escapes');
      expect(error.message).toMatch(/^evil\.zip has entries whose path escapes its folder/);
    }
  });

  it('refuses what is not a zip, naming the archive', () => {
    for (const data of [bytes('not a zip at all'), new Uint8Array(0), zipSync({ 'a.md': bytes('x'.repeat(500)) }).subarray(0, 40)]) {
      const error = refusal(() => readZip(data, 'garbage.zip'));
      expect(error.problem).toBe('unreadable');
      expect(error.message).toMatch(/^garbage\.zip is not a readable zip archive/);
    }
    expect(readZip(zipSync({}), 'empty.zip').size).toBe(0);
  });

  it('stops a 4 MB zip bomb of zeros at the cap on expanded bytes, while streaming, with memory bounded', () => {
    const bomb = zeroBomb(4096);
    expect(bomb.byteLength).toBeLessThan(5 * MiB);
    const before = process.memoryUsage();
    const error = refusal(() => readZip(bomb, 'bomb.zip', { maxExpandedBytes: 64 * MiB, maxRatio: 10_000 }));
    const after = process.memoryUsage();
    expect(error.problem).toBe('expanded-bytes');
    expect(error.message).toBe("bomb.zip expands beyond 67108864 bytes (64 MiB), the cap on an archive's content; nothing was read.");
    // 4 GiB of content if read whole; the cap and one inflated chunk (~16 MiB) at most.
    expect(after.rss + after.arrayBuffers - (before.rss + before.arrayBuffers)).toBeLessThan(512 * MiB);
  });

  it('stops an archive that expands more than the ratio cap, even under the byte cap', () => {
    const error = refusal(() => readZip(zeroBomb(8), 'dense.zip'));
    expect(error.problem).toBe('ratio');
    expect(error.message).toMatch(/^dense\.zip expands more than 100 times its \d+ bytes, the cap on an archive's compression ratio/);
    // A small archive of repeated text is no bomb: the ratio counts past 1 MiB of content only.
    expect(readZip(zipSync({ 'a.md': bytes('same line\n'.repeat(50_000)) }), 'text.zip').get('a.md')?.byteLength).toBe(500_000);
  });

  it('reads an archive of many tiny entries (the streaming reader recurses per entry within a chunk)', () => {
    const tiny = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [String(i), new Uint8Array(0)]));
    expect(readZip(zipSync(tiny, { level: 0 }), 'tiny.zip').size).toBe(20_000);
  });

  it('stops an archive with more entries than the cap', () => {
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p${i}.md`, bytes(`# ${i}`)]));
    const error = refusal(() => readZip(zipSync(many), 'many.zip', { maxEntries: 10 }));
    expect(error.problem).toBe('entries');
    expect(error.message).toBe('many.zip holds more than 10 entries, the cap on entries of an archive; nothing was read.');
    expect(readZip(zipSync(many), 'many.zip', { maxEntries: 11 }).size).toBe(11);
  });
});
