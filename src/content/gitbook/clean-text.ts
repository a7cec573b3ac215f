// Zero-width space/joiners, word joiner and BOM: invisible, and common junk in hand-edited repos.
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;

/**
 * Spaces and tabs at a line's end. A match starts only where a run of them starts: `/[ \t]+$/gm`
 * alone retries from every blank of a deeply indented line, quadratic in its indent.
 */
const TRAILING_BLANKS = /(?<![ \t])[ \t]+$/gm;

const UTF8 = new TextDecoder('utf-8'); // stateless without `stream`, so one instance serves all

/** Decodes UTF-8 (bad bytes become U+FFFD rather than failing the read). */
export function decodeText(bytes: Uint8Array): string {
  return UTF8.decode(bytes);
}

/**
 * Text of a structure file (`.gitbook.yaml`, `SUMMARY.md`) made parseable: invisible characters
 * removed, CRLF/CR turned into LF, trailing spaces and tabs cut. Never used on page bodies, which stay
 * verbatim.
 */
export function cleanText(text: string): string {
  return text.replace(INVISIBLE, '').replace(/\r\n?/g, '\n').replace(TRAILING_BLANKS, '');
}
