import { parse } from 'yaml';

export interface Frontmatter {
  description?: string;
  hidden?: boolean;
  icon?: string;
}

/**
 * Separates a YAML frontmatter block from the body. The body is returned verbatim (line endings,
 * block tags and all); a frontmatter block that is not valid YAML is dropped, not fatal.
 */
export function splitFrontmatter(text: string): { data: Frontmatter; body: string } {
  const open = /^---[ \t]*\r?\n/.exec(text);
  if (!open) return { data: {}, body: text };
  const rest = text.slice(open[0].length);
  const close = /^---[ \t]*(\r?\n|$)/m.exec(rest);
  if (!close) return { data: {}, body: text };
  const yamlText = rest.slice(0, close.index);
  const body = rest.slice(close.index + close[0].length);
  return { data: readFrontmatter(yamlText), body };
}

function readFrontmatter(yamlText: string): Frontmatter {
  let parsed: unknown;
  try {
    parsed = parse(yamlText.replace(/[\u200B-\u200D\uFEFF]/g, ''));
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const record = parsed as Record<string, unknown>;
  const data: Frontmatter = {};
  if (typeof record.description === 'string') data.description = record.description;
  if (typeof record.hidden === 'boolean') data.hidden = record.hidden;
  if (typeof record.icon === 'string') data.icon = record.icon;
  return data;
}
