import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { gitBlobOid } from '../../../../src/content/git/git-blob-oid.js';
import { fileFingerprint } from '../../../../src/content/gitbook/page-meaning.js';
import { baseOnceLive, nextBase, sentPages } from '../../../../src/sync/platform-edits/next-base.js';

const titlings = (path: string) => ({ source: 'document', summaryTitle: undefined, fileTitle: path }) as const;
const files: Record<string, string> = { 'a.md': '# A\n\nOne.\n', 'b.md': '# B\n\nTwo.\n', 'c.md': '# C\n\nThree.\n' };
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const expected = Object.entries(files).map(([path, text]) => ({ path, oid: gitBlobOid(bytes(text)) }));
const entry = (path: string) => ({ oid: gitBlobOid(bytes(files[path] ?? '')), fingerprint: fileFingerprint(bytes(files[path] ?? ''), titlings(path)) });

/** Git's content, telling which paths were read. */
function content(read: string[]) {
  return {
    commit: undefined,
    readMany(paths: readonly string[]) {
      read.push(...paths);
      return Readable.from(paths.map((path) => ({ path, bytes: bytes(files[path] ?? '') })));
    },
  };
}

describe('nextBase', () => {
  it('takes the pages sent with git blob as sent, and reads only the others', async () => {
    const sent = sentPages(titlings);
    sent.note('a.md', bytes(files['a.md'] ?? ''));
    // Sent with the platform's text kept instead of git's: not what git holds.
    sent.note('b.md', bytes('# B\n\nKept from the platform.\n'));
    const read: string[] = [];
    const base = await nextBase(content(read), expected, undefined, titlings, sent.pages);
    expect(read).toEqual(['b.md', 'c.md']);
    expect(base.pages).toEqual(
      new Map([
        ['a.md', entry('a.md')],
        ['b.md', entry('b.md')],
        ['c.md', entry('c.md')],
      ]),
    );
  });

  it('is the base a read of every page gives', async () => {
    const sent = sentPages(titlings);
    for (const [path, text] of Object.entries(files)) sent.note(path, bytes(text));
    const read: string[] = [];
    const asSent = await nextBase(content(read), expected, undefined, titlings, sent.pages);
    expect(read).toEqual([]);
    expect(asSent).toEqual(await nextBase(content([]), expected, undefined, titlings));
  });

  it('keeps the saved base for content synced already, but not after a run that left that content in a change request: its hash was recorded, not its base', async () => {
    const saved = { version: (await nextBase(content([]), expected, undefined, titlings)).version, pages: new Map([['a.md', entry('a.md')]]) };
    const synced = { contentHash: 'h1', ...content([]) };
    const pages = () => Promise.resolve(expected);
    expect(await baseOnceLive(synced, { base: saved, lastHash: 'h1' }, pages, titlings)).toBe(saved);
    const read: string[] = [];
    const held = await baseOnceLive({ ...synced, ...content(read) }, { base: saved, lastHash: 'h1', changeRequest: { id: 'cr1', number: 1 } }, pages, titlings);
    expect(read).toEqual(['b.md', 'c.md']);
    expect(held.pages).toEqual(new Map(Object.keys(files).map((path) => [path, entry(path)])));
  });
});
