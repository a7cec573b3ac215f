import { isNode, type Document, type LineCounter } from 'yaml';

/**
 * The 1-based line of the deepest node of `path` that exists in a parsed YAML document, so an
 * error about a missing field points at its parent. Undefined when not even the root has a range.
 */
export function yamlLineOf(document: Document, lines: LineCounter, path: readonly (string | number)[]): number | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const node: unknown = depth === 0 ? document.contents : document.getIn(path.slice(0, depth), true);
    if (isNode(node) && node.range) return lines.linePos(node.range[0]).line;
  }
  return undefined;
}
