/** How a {@link PageMap} reads and writes its lines: a page table's columns (see `pageTable`). */
export interface LineCodec<Entry> {
  /** The entry of a line already checked (the table's text is checked whole when read). */
  entryOf(fields: readonly string[]): Entry;
  /** The fields of an entry after its key, each escaped, separated by tabs. */
  fieldsOf(entry: Entry): string;
}

/** Lookups by key through the text before the text's lines are indexed by key: each one scans the text. */
const LOOKUPS_BEFORE_INDEX = 16;
/** Changed keys up to which a new text is made by finding each key's line; more take one pass over the lines. */
const FEW_CHANGES = 8;

/**
 * An immutable map of page path → entry kept as the text of a page table: one line per key, its
 * fields separated by tabs. Read from its text, it decodes nothing until it is iterated (a key is
 * found through the text), and it is written as that text; {@link PageMap.with} makes the map with a
 * few entries changed by replacing just their lines. A one-page edit of 10,000 pages so costs the
 * change, not the table.
 */
export class PageMap<Entry> implements ReadonlyMap<string, Entry> {
  #text: string | undefined;
  /**
   * Changes {@link with} made to the text and not yet written into it: a one-page edit's chain of
   * changes to a 10,000-line table makes its text once, when it is needed whole, not once per change.
   */
  #pending: Pending<Entry> | undefined;
  #entries: Map<string, Entry> | undefined;
  /** Lines of {@link #text} as it is, when known (given with it, or counted once). */
  #textLines: number | undefined;
  /** Where each line of {@link #text} starts, by escaped key: made once many keys are looked up, not decoding the entries. */
  #index: Map<string, number> | undefined;
  #size: number | undefined;
  #lookups = 0;

  private constructor(
    /** The table this map belongs to: its schema takes a map of its own as it is. */
    readonly codec: LineCodec<Entry>,
    text: string | undefined,
    entries: Map<string, Entry> | undefined,
    pending?: Pending<Entry>,
    textLines?: number,
  ) {
    this.#text = text;
    this.#textLines = textLines;
    this.#entries = entries;
    this.#pending = pending;
  }

  /** The map a table's text holds, checked beforehand; `size`, its lines, when known (else counted when asked). */
  static fromText<Entry>(codec: LineCodec<Entry>, text: string, size?: number): PageMap<Entry> {
    return new PageMap(codec, text, undefined, undefined, size);
  }

  /** The map of these entries, in this order (a later one of a key replaces the earlier). */
  static of<Entry>(codec: LineCodec<Entry>, entries: Iterable<readonly [string, Entry]>): PageMap<Entry> {
    const map = new Map<string, Entry>();
    for (const [key, entry] of entries) map.set(key, Object.freeze(entry));
    return new PageMap(codec, undefined, map);
  }

  get size(): number {
    if (this.#entries !== undefined) return this.#entries.size;
    if (this.#size === undefined) {
      // The text's lines, and the pending changes of it: a key set anew adds one, a key removed from it takes one.
      const text = this.#text ?? '';
      this.#textLines ??= countLines(text);
      let size = this.#textLines;
      for (const [key, entry] of this.#pending?.entries ?? []) size += (entry === undefined ? 0 : 1) - (lineOf(text, escape(key)) === undefined ? 0 : 1);
      this.#size = size;
    }
    return this.#size;
  }

  get(key: string): Entry | undefined {
    if (this.#entries !== undefined) return this.#entries.get(key);
    if (this.#pending?.entries.has(key) === true) return this.#pending.entries.get(key);
    // A key the pending changes do not name has its line in the text as it was.
    const text = this.#text ?? '';
    let span: { start: number; end: number } | undefined;
    if (++this.#lookups > LOOKUPS_BEFORE_INDEX) {
      this.#index ??= indexLines(text);
      const start = this.#index.get(escape(key));
      span = start === undefined ? undefined : { start, end: endOfLine(text, start) };
    } else span = lineOf(text, escape(key));
    return span === undefined ? undefined : this.#decode(text.slice(span.start, span.end))[1];
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  entries(): MapIterator<[string, Entry]> {
    return this.#all().entries();
  }

  keys(): MapIterator<string> {
    return this.#all().keys();
  }

  values(): MapIterator<Entry> {
    return this.#all().values();
  }

  forEach(callback: (value: Entry, key: string, map: ReadonlyMap<string, Entry>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.#all()) callback.call(thisArg, value, key, this);
  }

  [Symbol.iterator](): MapIterator<[string, Entry]> {
    return this.entries();
  }

  /**
   * The map with these entries changed: set, or removed where undefined. A changed key keeps its
   * place, a new one comes last. Its text, when this map's is known, is this text with those lines
   * replaced, as writing the whole map would make it.
   */
  with(changes: Iterable<readonly [string, Entry | undefined]>): PageMap<Entry> {
    const changed = new Map(changes);
    if (changed.size === 0) return this;
    if (this.#text === undefined) {
      const entries = new Map(this.#entries);
      for (const [key, entry] of changed) {
        if (entry === undefined) entries.delete(key);
        else entries.set(key, Object.freeze(entry));
      }
      return new PageMap(this.codec, undefined, entries);
    }
    // A key removed and set again goes last, as in a Map: the removal is written first.
    const removed = this.#pending?.entries;
    if (removed !== undefined && [...changed].some(([key, entry]) => entry !== undefined && removed.has(key) && removed.get(key) === undefined))
      this.#textNow();
    const pending: Pending<Entry> = { lines: new Map(this.#pending?.lines), entries: new Map(this.#pending?.entries) };
    for (const [key, entry] of changed) {
      pending.lines.set(escape(key), entry === undefined ? undefined : this.#line(key, entry));
      pending.entries.set(key, entry === undefined ? undefined : Object.freeze(entry));
    }
    return new PageMap(this.codec, this.#text, undefined, pending, this.#textLines);
  }

  /** The keys under a folder (`folder/…`), found through the text before the table is decoded. */
  keysUnder(folder: string): string[] {
    if (this.#entries !== undefined) return [...this.#entries.keys()].filter((key) => key.startsWith(`${folder}/`));
    const text = this.#textNow() ?? '';
    const head = `${escape(folder)}/`;
    const keys: string[] = [];
    const next = (from: number): number => {
      const at = text.indexOf(`\n${head}`, from);
      return at < 0 ? -1 : at + 1;
    };
    for (let start = text.startsWith(head) ? 0 : next(0); start >= 0; start = next(start)) keys.push(unescape(text.slice(start, text.indexOf('\t', start))));
    return keys;
  }

  /** The table's text: as read, or as made from the entries (once). */
  toText(): string {
    this.#textNow();
    if (this.#text === undefined) {
      const lines: string[] = [];
      for (const [key, entry] of this.#entries ?? []) lines.push(this.#line(key, entry));
      this.#text = lines.join('\n');
    }
    return this.#text;
  }

  /** As stored: the table's text. */
  toJSON(): string {
    return this.toText();
  }

  #line(key: string, entry: Entry): string {
    return `${escape(key)}\t${this.codec.fieldsOf(entry)}`;
  }

  #decode(line: string): [string, Entry] {
    const fields = line.split('\t');
    return [unescape(fields[0] ?? ''), Object.freeze(this.codec.entryOf(fields))];
  }

  /** The text with the pending changes written into it (once); undefined for a map made of entries. */
  #textNow(): string | undefined {
    const pending = this.#pending;
    if (pending !== undefined && this.#text !== undefined) {
      this.#text = pending.lines.size <= FEW_CHANGES ? replaceFew(this.#text, pending.lines) : replaceMany(this.#text, pending.lines);
      this.#pending = undefined;
      this.#textLines = this.#size;
      this.#index = undefined;
    }
    return this.#text;
  }

  #all(): Map<string, Entry> {
    if (this.#entries === undefined) {
      const entries = new Map<string, Entry>();
      const text = this.#textNow() ?? '';
      if (text !== '') for (const line of text.split('\n')) entries.set(...this.#decode(line));
      this.#entries = entries;
    }
    return this.#entries;
  }
}

/** Changes to a table's text: the lines by escaped key, and the entries by key (undefined: removed). */
interface Pending<Entry> {
  readonly lines: Map<string, string | undefined>;
  readonly entries: Map<string, Entry | undefined>;
}

/** Where the line of an (escaped) key is in a table's text, without its line break. */
function lineOf(text: string, key: string): { start: number; end: number } | undefined {
  const head = `${key}\t`;
  let start: number;
  if (text.startsWith(head)) start = 0;
  else {
    // A line break in the text only ever ends a line: escaped, a key has none.
    const at = text.indexOf(`\n${head}`);
    if (at < 0) return undefined;
    start = at + 1;
  }
  return { start, end: endOfLine(text, start) };
}

/** The text with the lines of a few keys replaced (removed where undefined), new keys' lines last. */
function replaceFew(text: string, lines: ReadonlyMap<string, string | undefined>): string {
  const spans: { start: number; end: number; line: string | undefined }[] = [];
  const added: string[] = [];
  for (const [key, line] of lines) {
    const span = lineOf(text, key);
    if (span !== undefined) spans.push({ ...span, line });
    else if (line !== undefined) added.push(line);
  }
  spans.sort((a, b) => a.start - b.start);
  // Lines between the spans are kept as they are, sliced, never split.
  const kept: string[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start > at) kept.push(text.slice(at, span.start - 1));
    if (span.line !== undefined) kept.push(span.line);
    at = span.end + 1;
  }
  if (at < text.length) kept.push(text.slice(at));
  kept.push(...added);
  return kept.join('\n');
}

/** As {@link replaceFew}, in one pass over the lines. */
function replaceMany(text: string, lines: ReadonlyMap<string, string | undefined>): string {
  const kept: string[] = [];
  const seen = new Set<string>();
  if (text !== '') {
    for (const line of text.split('\n')) {
      const key = line.slice(0, line.indexOf('\t'));
      if (!lines.has(key)) kept.push(line);
      else {
        seen.add(key);
        const replaced = lines.get(key);
        if (replaced !== undefined) kept.push(replaced);
      }
    }
  }
  for (const [key, line] of lines) if (!seen.has(key) && line !== undefined) kept.push(line);
  return kept.join('\n');
}

/** Where each line of a table's text starts, by its (escaped) key. */
function indexLines(text: string): Map<string, number> {
  const index = new Map<string, number>();
  for (let start = 0; start < text.length;) {
    const end = endOfLine(text, start);
    const key = text.slice(start, text.indexOf('\t', start));
    if (!index.has(key)) index.set(key, start);
    start = end + 1;
  }
  return index;
}

function endOfLine(text: string, start: number): number {
  const end = text.indexOf('\n', start);
  return end < 0 ? text.length : end;
}

function countLines(text: string): number {
  if (text === '') return 0;
  let count = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

// Paths may hold any character but NUL: tabs, line breaks and backslashes are escaped.
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const UNESCAPES: Readonly<Record<string, string>> = { '\\\\': '\\', '\\t': '\t', '\\n': '\n', '\\r': '\r' };

const SPECIAL = /[\\\t\n\r]/;

/** A value as a field of a table's line. */
export function escape(value: string): string {
  return SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] ?? c) : value;
}

/** A field of a table's line as the value it holds. */
export function unescape(value: string): string {
  return value.includes('\\') ? value.replace(/\\[\\tnr]/g, (c) => UNESCAPES[c] ?? c) : value;
}
