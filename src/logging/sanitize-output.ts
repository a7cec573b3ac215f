/**
 * Control characters (C0 but tab, DEL, C1) and Unicode line and paragraph separators: each could
 * start a new line on a terminal or in a CI log, or rewrite what is already shown.
 */
// eslint-disable-next-line no-control-regex -- these are the characters being escaped
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g;

/** `::` opens a GitHub Actions workflow command (`::warning`, `::add-mask::`, `::set-output`). */
const COMMAND_PREFIX = /::/g;

/** A line the Actions runner reads as a workflow command: `::` after optional leading whitespace. */
const COMMAND_LINE = /^(\s*):(?=:)/gm;

function escapeControl(char: string): string {
  if (char === '\n') return '\\n';
  if (char === '\r') return '\\r';
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * Server-sent text (an API error message, a page path or title, an id) made safe to print on one
 * line: control characters and newlines escaped (`\n`, `\u001b`), and `::` broken up (`: :`) so no
 * part of it can become a workflow command, wherever the line is printed.
 */
export function serverText(text: string): string {
  return text.replace(CONTROL, escapeControl).replace(COMMAND_PREFIX, ': :');
}

/**
 * Output docsync is about to print, made unable to issue a workflow command: a line starting with
 * `::` gets it broken up. For whole outputs (a report, a log line) that may hold server text docsync's
 * own workflow commands (annotations) are written apart and never pass through here.
 */
export function withoutCommandLines(text: string): string {
  return text.replace(COMMAND_LINE, '$1: ');
}
