/**
 * Reading the lines of the state log where they lie in the file's bytes, without decoding the file
 * as text: the key and path of a record's line are at a fixed place at its start (as
 * `{"key":…,"path":…` is written), and a fields line is split into its fields' texts without
 * parsing nor decoding them (each a view of the bytes). Each reader answers undefined for a line not written that way (then parsed whole).
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const KEY = Buffer.from('{"key":"');
const PATH = Buffer.from(',"path":"');
const RECORD = Buffer.from(',"record":');
const FIELDS = Buffer.from(',"fields":');
const LENGTHS = Buffer.from(',"lengths":[');

/** A record's line: its key and path, and where its record's JSON lies (absent for a removal). */
export interface RecordLine {
  readonly key: string;
  readonly path: string;
  /** Start and end of the record's JSON text; undefined when the line removes the path's record. */
  readonly record: readonly [number, number] | undefined;
}

/** The record line between `start` and `end` (its newline) of `bytes`, read by its key and path alone. */
export function recordLineAt(bytes: Buffer, start: number, end: number): RecordLine | undefined {
  const key = stringAfter(bytes, KEY, start, end, knownKey);
  if (key === undefined) return undefined;
  const path = stringAfter(bytes, PATH, key.close + 1, end);
  if (path === undefined) return undefined;
  if (path.close + 2 === end && bytes[path.close + 1] === 0x7d) return { key: key.value, path: path.value, record: undefined };
  if (!startsWith(bytes, RECORD, path.close + 1, end) || bytes[end - 1] !== 0x7d) return undefined;
  return { key: key.value, path: path.value, record: [path.close + 1 + RECORD.length, end - 1] };
}

/** The key of the record's line between `start` and `end`, its shape checked: its path is not decoded, nor its record read. */
export function recordKeyAt(bytes: Buffer, start: number, end: number): string | undefined {
  const key = stringAfter(bytes, KEY, start, end, knownKey);
  if (key === undefined || !startsWith(bytes, PATH, key.close + 1, end) || bytes[end - 1] !== 0x7d) return undefined;
  const path = closingQuote(bytes, key.close + PATH.length, end);
  if (path === undefined || (path + 2 !== end && !startsWith(bytes, RECORD, path + 1, end))) return undefined;
  return key.value;
}

/** A key's live records as a fields line counts them after the write it commits. */
export interface LiveRecords {
  readonly records: number;
  /** Bytes of their lines, newlines included. */
  readonly bytes: number;
}

/** A line of a target's own fields: each field set, as its JSON text's bytes, those unset, and its live records when the line counts them. */
export interface FieldsLine {
  readonly key: string;
  readonly set: readonly (readonly [string, Buffer])[];
  readonly unset: readonly string[];
  readonly live: LiveRecords | undefined;
}

/** The fields line between `start` and `end` of `bytes`, each field's text cut out (a view of `bytes`), not parsed. */
export function fieldsLineAt(bytes: Buffer, start: number, end: number): FieldsLine | undefined {
  const fields = fieldsAt(bytes, start, end);
  if (fields === undefined) return undefined;
  if (fields.after + 1 === end && bytes[fields.after] === 0x7d) return { key: fields.key, set: fields.set, unset: [], live: undefined };
  if (bytes[fields.after] !== 0x2c || bytes[end - 1] !== 0x7d) return undefined;
  let rest: unknown;
  try {
    rest = JSON.parse(`{${bytes.toString('utf8', fields.after + 1, end)}`);
  } catch {
    return undefined;
  }
  const tail = lineTail(rest);
  return tail === undefined ? undefined : { key: fields.key, set: fields.set, ...tail };
}

/**
 * The key of the fields line starting at `start` and the text of its field `name` (a view of `bytes`),
 * cut out as soon as it is reached: the bytes up to `end` may hold the line's start alone. Undefined
 * when the line does not set the field before `end`.
 */
export function fieldAt(bytes: Buffer, start: number, end: number, name: string): { key: string; text: Buffer } | undefined {
  const fields = fieldsAt(bytes, start, end, name);
  const text = fields?.set.at(-1);
  return fields === undefined || text?.[0] !== name ? undefined : { key: fields.key, text: text[1] };
}

/** What a fields line holds after its fields (`"unset"`, `"live"`), checked; undefined when it is not that. */
function lineTail(json: unknown): Pick<FieldsLine, 'unset' | 'live'> | undefined {
  const { unset = [], live } = json as { unset?: unknown; live?: unknown };
  if (!Array.isArray(unset) || !unset.every((name) => typeof name === 'string')) return undefined;
  if (live === undefined) return { unset, live: undefined };
  const { records, bytes } = (typeof live === 'object' && live !== null ? live : {}) as { records?: unknown; bytes?: unknown };
  if (!Number.isSafeInteger(records) || !Number.isSafeInteger(bytes)) return undefined;
  return { unset, live: { records: records as number, bytes: bytes as number } };
}

/**
 * A fields line's key and each field's JSON text, in the order written, and where its fields end (or,
 * given `until`, where that field ends, the fields after it not read).
 * A line that gives its fields' lengths in bytes (`"lengths"`, before them) is cut by them, so a field
 * of megabytes (a page tree, the redirects of 30,000 pages) is not scanned; else each value is scanned.
 */
function fieldsAt(bytes: Buffer, start: number, end: number, until?: string): { key: string; set: [string, Buffer][]; after: number } | undefined {
  const key = stringAfter(bytes, KEY, start, end);
  if (key === undefined) return undefined;
  let at = key.close + 1;
  let lengths: unknown[] | undefined;
  if (startsWith(bytes, LENGTHS, at, end)) {
    const close = bytes.indexOf(0x5d, at + LENGTHS.length);
    if (close < 0 || close >= end) return undefined;
    try {
      lengths = JSON.parse(bytes.toString('utf8', at + LENGTHS.length - 1, close + 1)) as unknown[];
    } catch {
      return undefined;
    }
    at = close + 1;
  }
  if (!startsWith(bytes, FIELDS, at, end)) return undefined;
  at += FIELDS.length;
  if (bytes[at] !== 0x7b) return undefined;
  const fields: [string, Buffer][] = [];
  at++;
  if (bytes[at] === 0x7d) return lengths === undefined || lengths.length === 0 ? { key: key.value, set: fields, after: at + 1 } : undefined;
  for (;;) {
    if (bytes[at] !== QUOTE) return undefined;
    const close = closingQuote(bytes, at, end);
    if (close === undefined || bytes[close + 1] !== 0x3a) return undefined;
    const name = decodeString(bytes, at, close);
    const length = lengths?.[fields.length];
    if (lengths !== undefined && !(Number.isSafeInteger(length) && (length as number) > 0)) return undefined;
    const valueEnd = lengths === undefined ? endOfValue(bytes, close + 2, end) : close + 2 + (length as number);
    if (name === undefined || valueEnd === undefined || valueEnd >= end) return undefined;
    // Cut by its length, a field is followed by the next or by the fields' end, and no more or fewer lengths are given.
    if (lengths !== undefined && (bytes[valueEnd] === 0x7d) !== (fields.length === lengths.length - 1)) return undefined;
    fields.push([name, bytes.subarray(close + 2, valueEnd)]);
    at = valueEnd + 1;
    if (name === until) return { key: key.value, set: fields, after: at };
    if (bytes[valueEnd] === 0x7d) return { key: key.value, set: fields, after: at };
    if (bytes[valueEnd] !== 0x2c) return undefined;
  }
}

/** The JSON string right after `prefix` (which ends with its opening quote) at `at`, and where it closes. */
function stringAfter(bytes: Buffer, prefix: Buffer, at: number, end: number, known?: KnownString): { value: string; close: number } | undefined {
  if (!startsWith(bytes, prefix, at, end)) return undefined;
  const open = at + prefix.length - 1;
  const close = closingQuote(bytes, open, end);
  if (close === undefined) return undefined;
  if (known !== undefined && known.bytes.length === close - open - 1 && startsWith(bytes, known.bytes, open + 1, close)) return { value: known.value, close };
  const value = decodeString(bytes, open, close);
  if (value === undefined) return undefined;
  if (known !== undefined) {
    known.bytes = Buffer.from(bytes.subarray(open + 1, close));
    known.value = value;
  }
  return { value, close };
}

/** The string last decoded at a place, and its bytes: the lines of a log name the same key over and over. */
interface KnownString {
  bytes: Buffer;
  value: string;
}

const knownKey: KnownString = { bytes: Buffer.alloc(0), value: '' };

/** Whether `prefix` is at `at`, within the line that ends at `end`. */
function startsWith(bytes: Buffer, prefix: Buffer, at: number, end: number): boolean {
  if (at + prefix.length > end) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[at + i] !== prefix[i]) return false;
  return true;
}

/** Where the JSON string opening at `open` closes, before `end`. */
function closingQuote(bytes: Buffer, open: number, end: number): number | undefined {
  for (let at = open + 1; at < end; at++) {
    const byte = bytes[at];
    if (byte === BACKSLASH) at++;
    else if (byte === QUOTE) return at;
  }
  return undefined;
}

/** The JSON string between the quotes at `open` and `close`. */
function decodeString(bytes: Buffer, open: number, close: number): string | undefined {
  let escaped = false;
  for (let at = open + 1; at < close && !escaped; at++) escaped = bytes[at] === BACKSLASH;
  if (!escaped) return bytes.toString('utf8', open + 1, close);
  try {
    return JSON.parse(bytes.toString('utf8', open, close + 1)) as string;
  } catch {
    return undefined;
  }
}

/**
 * Where the JSON value starting at `at` ends: the `,` or `}` that follows it in its object. Values
 * are skipped, not checked (a field's text is parsed when used); strings are jumped over whole.
 */
function endOfValue(bytes: Buffer, at: number, end: number): number | undefined {
  let depth = 0;
  for (let i = at; i < end; i++) {
    const byte = bytes[i];
    if (byte === QUOTE) {
      const close = closingQuote(bytes, i, end);
      if (close === undefined) return undefined;
      i = close;
    } else if (byte === 0x7b || byte === 0x5b) depth++;
    else if (byte === 0x7d || byte === 0x5d) {
      if (depth === 0) return i;
      depth--;
    } else if (byte === 0x2c && depth === 0) return i;
  }
  return undefined;
}

type Line = FieldsLine | { readonly key: string; readonly deleted: true };

/** A line of a log other than a record's, checked; undefined when it is none. */
export function parseLine(text: string): Line | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const line = json as { key?: unknown; fields?: unknown; unset?: unknown; deleted?: unknown };
  if (typeof line.key !== 'string') return undefined;
  if (line.deleted === true) return { key: line.key, deleted: true };
  if (typeof line.fields !== 'object' || line.fields === null || Array.isArray(line.fields)) return undefined;
  const tail = lineTail(json);
  if (tail === undefined) return undefined;
  const set = Object.entries(line.fields).map(([name, value]) => [name, Buffer.from(JSON.stringify(value))] as const);
  return { key: line.key, set, ...tail };
}
