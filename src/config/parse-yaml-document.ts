import { LineCounter, parseDocument, type Document } from 'yaml';
import { yamlData } from './yaml-data.js';
import { ConfigError } from './config-error.js';

/** Parses YAML keeping line numbers; a syntax error is a ConfigError naming the file and line. */
export function parseYamlDocument(text: string, file: string): { document: Document; lines: LineCounter } {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines });
  const yamlError = document.errors[0];
  if (yamlError) {
    const line = yamlError.linePos?.[0].line;
    throw new ConfigError(`not valid YAML: ${yamlError.message.split('\n')[0] ?? ''}`, file, line, undefined, { cause: yamlError });
  }
  return { document, lines };
}

/** The parsed file as plain data; aliases that expand too far are a ConfigError naming the file and the first alias's line. */
export function configData(parsed: { document: Document; lines: LineCounter }, file: string): unknown {
  const result = yamlData(parsed.document, parsed.lines);
  if ('data' in result) return result.data;
  throw new ConfigError(result.aliasLimit.message, file, result.aliasLimit.line);
}
