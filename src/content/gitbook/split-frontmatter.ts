import { parseDocument } from 'yaml';
import type { LineNote } from './line-note.js';
import { yamlErrorSummary } from './yaml-error.js';
import { isRecord } from './is-record.js';

/** A page file cut in two: its frontmatter, parsed, and its body, verbatim. */
export interface SplitPage {
  /** The frontmatter mapping; `{}` without a block or when the block is not valid YAML. */
  readonly data: Readonly<Record<string, unknown>>;
  /** The frontmatter block as written (with its `---` lines), '' without one. */
  readonly block: string;
  /** Everything after the block, byte for byte (CRLF, block tags, HTML kept). */
  readonly body: string;
  /** Line of the file where the body starts (1-based). */
  readonly bodyLine: number;
  readonly notes: readonly LineNote[];
}

// A BOM, `---`, the YAML, then `---` (or YAML's `...`): CRLF or LF, an empty block allowed.
const BLOCK = /^\uFEFF?---[ \t]*\r?\n(?:[\s\S]*?\r?\n)?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/**
 * Separates a page's YAML frontmatter from its body, as GitBook does on import. Bad YAML becomes a note
 * naming its line (the block is still cut off, so it never shows up in the page), never an error.
 */
export function splitFrontmatter(text: string): SplitPage {
  const block = BLOCK.exec(text)?.[0];
  if (block === undefined) return { data: {}, block: '', body: text, bodyLine: 1, notes: [] };
  const notes: LineNote[] = [];
  let data: Record<string, unknown> = {};
  try {
    const yaml = blockYaml(block.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'));
    if (yaml !== undefined) data = parseYamlMapping(yaml);
  } catch (error) {
    const { line, reason } = yamlErrorSummary(error);
    // The YAML starts with the rest of the opening `---` line, its newline included: lines match the file's.
    notes.push({ line: line ?? 1, message: `frontmatter is not valid YAML (${reason}); ignored` });
  }
  return { data, block, body: text.slice(block.length), bodyLine: block.split('\n').length, notes };
}

/**
 * The YAML of a block (LF line breaks) as gray-matter cuts it, whose reading GitBook repos were written
 * against: after the opening `---`, up to the first line that starts with `---` (the whole rest when the
 * block ends with `...`); undefined when that holds nothing but blank and `#` comment lines.
 */
function blockYaml(block: string): string | undefined {
  const rest = block.slice(3);
  const close = rest.indexOf('\n---');
  const yaml = close < 0 ? rest : rest.slice(0, close);
  return yaml.replace(/^\s*#[^\n]+/gm, '').trim() === '' ? undefined : yaml;
}

function parseYamlMapping(input: string): Record<string, unknown> {
  const doc = parseDocument(input, { uniqueKeys: false });
  const error = doc.errors[0];
  if (error !== undefined) throw error;
  const data: unknown = doc.toJS();
  return isRecord(data) ? data : {};
}
