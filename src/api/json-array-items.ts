/** The items of a JSON array, each parsed only when asked for. */
export interface JsonItems {
  readonly length: number;
  item(index: number): unknown;
}

/** A JSON object with the array at one of its keys left unparsed (see {@link splitJsonArray}). */
export interface SplitJson {
  /** The object, with an empty array at the key. */
  readonly rest: unknown;
  readonly items: JsonItems;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Splits a JSON object's array at `key` (a revision's `pages`) from the rest, so that its items are
 * parsed one at a time: a large answer is then never held as one string and one tree of objects
 * beside what is made of it. Undefined when the body is not an object holding that array once, is
 * nested deeper than `maxDepth`, or its brackets and strings do not close: `JSON.parse` of the
 * whole then says what is wrong. Every byte it looks for is ASCII, which UTF-8 never uses inside a
 * character, so the bytes are scanned undecoded.
 */
export function splitJsonArray(body: Buffer, key: string, maxDepth: number): SplitJson | undefined {
  const bounds: number[] = []; // each item's first byte and the byte after it
  let depth = 0;
  let keyStart = -1; // the last string read at depth 1: the key once a colon follows
  let keyEnd = -1;
  let atKey = false; // after the key's colon, until the value ends
  let arrayStart = -1;
  let arrayEnd = -1;
  let itemStart = -1;
  let i = 0;
  while (i < body.length && isSpace(body[i])) i++;
  if (body[i] !== OPEN_BRACE) return undefined;
  for (; i < body.length; i++) {
    const byte = body[i];
    if (byte === QUOTE) {
      const start = i;
      for (i++; i < body.length && body[i] !== QUOTE; i++) if (body[i] === BACKSLASH) i++;
      if (i >= body.length) return undefined;
      if (depth === 1) [keyStart, keyEnd] = [start, i + 1];
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (++depth > maxDepth) return undefined;
      if (depth === 2 && atKey && byte === OPEN_BRACKET) {
        if (arrayStart >= 0) return undefined; // the key twice: the whole parse keeps the last
        arrayStart = i;
        itemStart = i + 1;
      }
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      if (depth === 2 && itemStart >= 0 && arrayEnd < 0) {
        if (hasValue(body, itemStart, i)) bounds.push(itemStart, i);
        arrayEnd = i;
      }
      if (--depth === 0) break;
    } else if (byte === COMMA) {
      if (depth === 1) atKey = false;
      else if (depth === 2 && itemStart >= 0 && arrayEnd < 0) {
        bounds.push(itemStart, i);
        itemStart = i + 1;
      }
    } else if (byte === COLON && depth === 1) atKey = JSON.parse(body.toString('utf8', keyStart, keyEnd)) === key;
  }
  if (depth !== 0 || arrayEnd < 0) return undefined;
  const rest: unknown = JSON.parse(`${body.toString('utf8', 0, arrayStart)}[]${body.toString('utf8', arrayEnd + 1)}`);
  return {
    rest,
    items: { length: bounds.length / 2, item: (index): unknown => JSON.parse(body.toString('utf8', bounds[2 * index], bounds[2 * index + 1])) },
  };
}

function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

function hasValue(body: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isSpace(body[i])) return true;
  return false;
}
