import { describe, expect, it } from 'vitest';
import { escape, type LineCodec, PageMap, unescape } from '../../../src/state/page-map.js';

interface Entry {
  readonly id: string;
  readonly hash: string;
  readonly updatedAt?: string;
}
const codec: LineCodec<Entry> = {
  entryOf: ([, id = '', hash = '', updatedAt = '']) => ({
    id: unescape(id),
    hash: unescape(hash),
    ...(updatedAt === '' ? {} : { updatedAt: unescape(updatedAt) }),
  }),
  fieldsOf: (entry) => [entry.id, entry.hash, entry.updatedAt ?? ''].map(escape).join('\t'),
};
const deliveredPages = { of: (list: Iterable<readonly [string, Entry]>) => PageMap.of(codec, list) };

const odd = ['with\ttab.md', 'with\nbreak.md', 'with\\backslash.md', 'with\r\\n.md', 'plain.md', 'x\\t.md', 'page.md'];
const entries: [string, Entry][] = [
  ...odd.map((path, i): [string, Entry] => [
    path,
    { id: `page_${i}`, hash: `h${i}`, ...(i % 2 === 0 ? { updatedAt: `2026-01-0${i + 1}T00:00:00.000Z` } : {}) },
  ]),
  ...Array.from({ length: 40 }, (_, i): [string, Entry] => [`part-${i % 3}/page-${i}.md`, { id: `p${i}`, hash: `${i}`.repeat(4) }]),
];
/** The text a map of these entries is written as, encoded whole. */
const wholeText = (list: Iterable<readonly [string, Entry]>): string => deliveredPages.of(list).toText();
/** A map as read from a state: its text alone. */
const read = (list: Iterable<readonly [string, Entry]>) => PageMap.fromText(codec, wholeText(list));
/** What applying the changes to a Map gives: a changed key keeps its place, a new one comes last. */
function applied(list: readonly (readonly [string, Entry])[], changes: readonly (readonly [string, Entry | undefined])[]): Map<string, Entry> {
  const map = new Map(list);
  for (const [key, entry] of changes) {
    if (entry === undefined) map.delete(key);
    else map.set(key, entry);
  }
  return map;
}

describe('PageMap', () => {
  it('finds a key through the text, escapes included, and not a key another one starts with', () => {
    const map = read(entries);
    for (const [path, entry] of entries) expect(map.get(path)).toEqual(entry);
    expect(map.get('with')).toBeUndefined();
    expect(map.get('part-0/page-1')).toBeUndefined();
    expect(map.get('h0')).toBeUndefined();
    expect(map.has('plain.md')).toBe(true);
    expect(map.size).toBe(entries.length);
    expect([...map]).toEqual(entries);
  });

  it('gives frozen entries, so a change in place cannot be saved stale', () => {
    const map = read(entries);
    const entry = map.get('plain.md');
    expect(Object.isFrozen(entry)).toBe(true);
    expect(Object.isFrozen(deliveredPages.of(entries).get('plain.md'))).toBe(true);
  });

  it('makes the text of a few changed lines as encoding the whole map would', () => {
    const cases: (readonly [string, Entry | undefined])[][] = [
      [['with\ttab.md', { id: 'page_0', hash: 'new', updatedAt: '2026-02-01T00:00:00.000Z' }]],
      [[entries[0]?.[0] ?? '', undefined]],
      [[entries[entries.length - 1]?.[0] ?? '', undefined]],
      [
        ['with\nbreak.md', undefined],
        ['with\\backslash.md', undefined],
        ['new\ttab.md', { id: 'n1', hash: 'h' }],
        ['part-1/page-4.md', { id: 'p4', hash: 'changed' }],
      ],
      [['absent.md', undefined]],
      entries.map(([path]) => [path, undefined] as const),
    ];
    for (const changes of cases) {
      const expected = wholeText(applied(entries, changes));
      expect(read(entries).with(changes).toText()).toBe(expected);
      expect(deliveredPages.of(entries).with(changes).toText()).toBe(expected);
      expect(Object.fromEntries(read(entries).with(changes))).toEqual(Object.fromEntries(applied(entries, changes)));
    }
  });

  it('makes the text of many changed lines as encoding the whole map would', () => {
    const changes: (readonly [string, Entry | undefined])[] = [
      ...entries.filter((_, i) => i % 3 === 0).map(([path, entry]) => [path, { ...entry, hash: 'changed' }] as const),
      ...entries.filter((_, i) => i % 5 === 1).map(([path]) => [path, undefined] as const),
      ...Array.from({ length: 12 }, (_, i) => [`added\t${i}.md`, { id: `a${i}`, hash: 'a' }] as const),
    ];
    expect(read(entries).with(changes).toText()).toBe(wholeText(applied(entries, changes)));
    expect(read([]).with(changes).toText()).toBe(wholeText(applied([], changes)));
  });

  it('is the same map when nothing changed, and leaves the map it was made from as it was', () => {
    const map = read(entries);
    expect(map.with([])).toBe(map);
    const text = map.toText();
    map.with([['plain.md', undefined]]);
    expect(map.toText()).toBe(text);
    expect(map.get('plain.md')).toBeDefined();
  });

  it('decodes the whole table once after many lookups, with the same answers', () => {
    const map = read(entries);
    for (let round = 0; round < 3; round++) for (const [path, entry] of entries) expect(map.get(path)).toEqual(entry);
    expect(map.get('absent.md')).toBeUndefined();
  });

  it('answers through a chain of changes as the map they make, and writes it as encoding that map whole would', () => {
    const first: (readonly [string, Entry | undefined])[] = [
      ['plain.md', { id: 'page_4', hash: 'once' }],
      ['with\ttab.md', undefined],
      ['new.md', { id: 'n', hash: 'n' }],
    ];
    const second: (readonly [string, Entry | undefined])[] = [
      ['plain.md', { id: 'page_4', hash: 'twice' }],
      ['new.md', undefined],
      ['with\ttab.md', { id: 'back', hash: 'b' }],
    ];
    const chained = read(entries).with(first).with(second);
    const expected = applied([...applied(entries, first)], second);
    for (const key of [...expected.keys(), 'new.md', 'absent.md']) expect(chained.get(key)).toEqual(expected.get(key));
    expect(chained.size).toBe(expected.size);
    expect(chained.toText()).toBe(wholeText(expected));
    expect([...read(entries).with(first).with(second)]).toEqual([...expected]);
  });

  it('reads the keys under a folder from the text, escapes included', () => {
    const map = read(entries);
    expect(map.keysUnder('part-1')).toEqual(entries.filter(([path]) => path.startsWith('part-1/')).map(([path]) => path));
    expect(map.keysUnder('part')).toEqual([]);
    expect(deliveredPages.of(entries).keysUnder('part-2')).toEqual(map.keysUnder('part-2'));
    expect(read([['a\tb/c.md', { id: 'x', hash: 'y' }]]).keysUnder('a\tb')).toEqual(['a\tb/c.md']);
  });
});
