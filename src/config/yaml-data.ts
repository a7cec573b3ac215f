import { visit, type Document, type LineCounter } from 'yaml';

/** The most nodes one alias may stand for: yaml's own default, which every YAML file docsync reads keeps to. */
export const MAX_YAML_ALIAS_COUNT = 100;

/** What a YAML file that refuses to expand is told: where its first alias is, and what to do. */
export interface AliasLimit {
  readonly line: number | undefined;
  readonly message: string;
}

/**
 * A parsed YAML document as plain data, or {@link AliasLimit} when its aliases expand past
 * {@link MAX_YAML_ALIAS_COUNT} nodes: ten lines of nested aliases (a "billion laughs") stand for
 * billions of nodes, which would take hours to walk.
 */
export function yamlData(document: Document, lines?: LineCounter): { data: unknown } | { aliasLimit: AliasLimit } {
  try {
    return { data: document.toJS({ maxAliasCount: MAX_YAML_ALIAS_COUNT }) };
  } catch (error) {
    if (!(error instanceof ReferenceError) || !error.message.startsWith('Excessive alias count')) throw error;
    let line: number | undefined;
    visit(document, {
      Alias(_key, node) {
        const start = node.range?.[0];
        line = start === undefined ? undefined : lines?.linePos(start).line;
        return visit.BREAK;
      },
    });
    return {
      aliasLimit: {
        line,
        message: `its YAML aliases expand past ${MAX_YAML_ALIAS_COUNT} nodes each (nested aliases, a "billion laughs"); write the repeated values out`,
      },
    };
  }
}
