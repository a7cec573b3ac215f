import { slugify } from '../state/revisions.js';
import type { ImportedContent } from './imported-content.js';
import { nonBlank } from '../../content/gitbook/non-blank.js';

const decoder = new TextDecoder('utf-8');

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** `&amp;`, `&#39;`, `&#x27;`; unknown names are left as they are. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return safeCodePoint(Number.parseInt(name.slice(2), 16)) ?? whole;
    if (name.startsWith('#')) return safeCodePoint(Number(name.slice(1))) ?? whole;
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function safeCodePoint(code: number): string | undefined {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

/** Text of an HTML fragment: tags removed, entities decoded, whitespace collapsed. */
function textOf(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * One HTML page (import sources `website` and `html`) as one page: titled by `<title>`, else the
 * first `<h1>`, else the URL's last segment; its markdown is the body's text with headings kept as
 * `#` lines and block elements as paragraphs. Scripts, styles and comments are dropped. A website
 * import does not follow links: the emulator imports the page at the URL only.
 */
export function htmlImport(bytes: Uint8Array, url: string): ImportedContent {
  const html = decoder.decode(bytes).replace(/<!--[\s\S]*?-->/g, '');
  const title =
    nonBlank(textOf(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '')) ??
    nonBlank(textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1] ?? '')) ??
    nonBlank(lastSegment(url)) ??
    'Untitled';
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html.replace(/<head[^>]*>[\s\S]*?<\/head>/i, '');
  const blocks = body
    .replace(/<(script|style|noscript|template)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/gi, (_whole, level: string, inner: string) => `\n\n${'#'.repeat(Number(level))} ${textOf(inner)}\n\n`)
    .replace(/<li[^>]*>/gi, '\n\n- ')
    .replace(/<(br|hr)\b[^>]*>/gi, '\n\n')
    .replace(/<\/?(p|div|section|article|main|header|footer|nav|ul|ol|table|tr|blockquote|pre|figure)\b[^>]*>/gi, '\n\n')
    .split(/\n{2,}/)
    .map((block) => (block.startsWith('#') ? block.trim() : block.startsWith('- ') ? `- ${textOf(block.slice(2))}` : textOf(block)))
    .filter((block) => block !== '' && block !== '-');
  const markdown = blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
  return {
    pages: [{ kind: 'document', title, slug: slugify(title), markdown, pages: [] }],
    files: [],
    totalResources: 1,
    skipped: [],
  };
}

function lastSegment(url: string): string {
  const last = new URL(url).pathname.split('/').filter(Boolean).pop() ?? new URL(url).hostname;
  try {
    return decodeURIComponent(last).replace(/\.html?$/i, '');
  } catch {
    return last;
  }
}
