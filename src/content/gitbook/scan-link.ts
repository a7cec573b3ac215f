/** A markdown inline link or image found by {@link scanLink}. */
export interface ScannedLink {
  /** Link text with backslash escapes removed. */
  readonly text: string;
  /** Destination: backslash escapes and `<…>` brackets removed, not URL-decoded. */
  readonly target: string;
  /** The optional `"title"` after the destination (GitBook's SUMMARY label). */
  readonly title: string | undefined;
  /** Index just past the closing `)`. */
  readonly end: number;
}

const TITLE_SUFFIX = /^([\s\S]*?)\s+(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')$/;

/**
 * Scans `[text](destination "title")` where `source[start]` is `[`. Liberal where GitBook repos are:
 * nested brackets in the text, `<…>` destinations, unencoded spaces and balanced parentheses in the
 * destination (`../.gitbook/assets/My Image (1).png`).
 */
export function scanLink(source: string, start: number): ScannedLink | undefined {
  const close = matching(source, start, '[', ']');
  if (close === undefined || source[close + 1] !== '(') return undefined;
  const end = matching(source, close + 1, '(', ')');
  if (end === undefined) return undefined;
  const text = unescape(source.slice(start + 1, close)).trim();
  const inner = source.slice(close + 2, end).trim();

  let target: string;
  let title: string | undefined;
  if (inner.startsWith('<') && inner.includes('>')) {
    const gt = inner.indexOf('>');
    target = inner.slice(1, gt);
    title = quoted(inner.slice(gt + 1).trim());
  } else {
    const match = TITLE_SUFFIX.exec(inner);
    target = match?.[1] ?? inner;
    const rawTitle = match?.[2] ?? match?.[3];
    title = rawTitle === undefined ? undefined : unescape(rawTitle);
  }
  return { text, target: unescape(target.trim()), title, end: end + 1 };
}

/** Markdown backslash escapes removed (`\_` → `_`). */
export function unescape(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** Index of the bracket closing the one at `start`, honouring nesting and backslash escapes. */
function matching(source: string, start: number, open: string, close: string): number | undefined {
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') i += 1;
    else if (char === open) depth += 1;
    else if (char === close && --depth === 0) return i;
  }
  return undefined;
}

function quoted(rest: string): string | undefined {
  const match = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')$/.exec(rest);
  const value = match?.[1] ?? match?.[2];
  return value === undefined ? undefined : unescape(value);
}
