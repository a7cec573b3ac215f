import { scanLink } from '../../content/gitbook/scan-link.js';

const IMG_SRC = /(<img\b[^>]*?\bsrc\s*=\s*)(?:"([^"]*)"|'([^']*)')/gi;
const FILE_SRC = /(\{%\s*file\s+src\s*=\s*)(?:"([^"]*)"|'([^']*)')/g;

/**
 * Replaces the destinations of markdown links and images (`[t](x)`, `![a](x)`), of HTML `<img src>`
 * and of GitBook's `{% file src %}` that `replace` maps, leaving everything else byte for byte. A destination written with backslash
 * escapes is left alone.
 */
export function rewriteLinks(markdown: string, replace: (target: string) => string | undefined): string {
  let out = '';
  let copied = 0;
  for (let at = markdown.indexOf('['); at >= 0; at = markdown.indexOf('[', at + 1)) {
    const link = scanLink(markdown, at);
    if (link === undefined) continue;
    const next = replace(link.target);
    const open = markdown.lastIndexOf('](', link.end - 1) + 2;
    const where = next === undefined ? -1 : markdown.indexOf(link.target, open);
    if (next !== undefined && where >= 0 && where + link.target.length < link.end) {
      out += markdown.slice(copied, where) + next;
      copied = where + link.target.length;
    }
    at = link.end - 1;
  }
  out += markdown.slice(copied);
  const swap = (whole: string, head: string, double: string | undefined, single: string | undefined): string => {
    const next = replace(double ?? single ?? '');
    const quote = double === undefined ? "'" : '"';
    return next === undefined ? whole : `${head}${quote}${next}${quote}`;
  };
  if (out.includes('<img')) out = out.replace(IMG_SRC, swap);
  return out.includes('{%') ? out.replace(FILE_SRC, swap) : out;
}
