/**
 * The generated key reference of docs/configuration.md, from the JSON Schema of docsync.yaml (itself
 * generated from the zod schema the loader uses), so every key, type, default and description is the
 * one docsync reads. `npm run docs:reference` rewrites it; a test fails when the file differs.
 */
import { replaceGeneratedSection, tableCell } from './generated-section.js';

/** The part of a JSON Schema node this reference reads. */
interface SchemaNode {
  readonly type?: string;
  readonly description?: string;
  readonly default?: unknown;
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly SchemaNode[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly items?: SchemaNode;
  readonly additionalProperties?: SchemaNode | boolean;
}

/** The document with its generated key reference as `schema` makes it. */
export function updateConfigurationReference(document: string, schema: SchemaNode): string {
  return replaceGeneratedSection(document, 'docs/configuration.md', 'configuration keys', 'npm run docs:reference', configurationReference(schema));
}

/** One row per key of docsync.yaml, in the schema's order: `spaces[].mode` for a key of each list item. */
export function configurationReference(schema: SchemaNode): string {
  const rows: string[] = [];
  const visit = (node: SchemaNode, path: string, required: boolean): void => {
    if (path !== '' && (node.properties === undefined || node.description !== undefined)) {
      rows.push(`| \`${path}\`${required ? ' (required)' : ''} | ${typeOf(node)} | ${defaultOf(node)} | ${tableCell(node.description ?? '')} |`);
    }
    for (const [key, child] of Object.entries(node.properties ?? {})) visit(child, path === '' ? key : `${path}.${key}`, node.required?.includes(key) === true);
    if (node.items?.properties !== undefined) visit(node.items, `${path}[]`, false);
  };
  visit(schema, '', false);
  return ['| key | type | default | what it sets |', '|---|---|---|---|', ...rows].join('\n');
}

function typeOf(node: SchemaNode): string {
  if (node.enum !== undefined) return node.enum.map((value) => `\`${String(value)}\``).join(', ');
  if (node.anyOf !== undefined) return node.anyOf.map(typeOf).join(' or ');
  if (node.type === 'array')
    return node.items?.properties !== undefined ? 'list (below)' : `list of ${node.items === undefined ? 'values' : typeOf(node.items)}`;
  if (node.type === 'object' && node.properties === undefined) return 'map';
  return node.type ?? 'any';
}

function defaultOf(node: SchemaNode): string {
  const value = node.default;
  if (value === undefined || (typeof value === 'object' && value !== null && Object.keys(value).length === 0)) return '';
  return `\`${tableCell(JSON.stringify(value))}\``;
}
