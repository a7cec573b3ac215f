/**
 * What changed, for the operations docsync calls, between two published OpenAPI documents: which
 * are gone and which take or give something else (request body, success answer, parameters). Used
 * by `npm run contract:latest` to compare the newest `@gitbook/api` with the pinned one.
 */

type Node = { readonly [key: string]: unknown };

/** The parts of a document this reads: paths by template and method, and `#/…` references. */
export interface ComparedDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

export type OperationPart = 'parameters' | 'request' | 'response';

export interface OperationChange {
  /** `METHOD /template`, as docsync calls it. */
  readonly operation: string;
  /** Its operationId in the older document. */
  readonly operationId: string;
  /** `removed`: the newer document lacks it; `changed`: some part differs. */
  readonly kind: 'removed' | 'changed';
  /** The parts that differ (empty when removed). */
  readonly parts: readonly OperationPart[];
  /** Named schemas (and other components) behind those parts that were changed, added or dropped. */
  readonly components: readonly string[];
}

/** Keywords that only document: a change to them changes nothing a client sends or reads. */
const ANNOTATIONS = new Set(['description', 'summary', 'title', 'example', 'examples', 'externalDocs', 'x-codeSamples']);

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` without annotations (a property of that name in `properties` stays). */
function stripped(value: unknown, underProperties = false): unknown {
  if (Array.isArray(value)) return value.map((item) => stripped(item));
  if (!isNode(value)) return value;
  const kept = Object.entries(value).filter(([key]) => underProperties || !ANNOTATIONS.has(key));
  return Object.fromEntries(kept.map(([key, inner]) => [key, stripped(inner, !underProperties && key === 'properties')]));
}

/** `value` without annotations, as comparable text. */
function canonical(value: unknown): string {
  return JSON.stringify(stripped(value));
}

function resolve(document: unknown, ref: string): unknown {
  let node: unknown = document;
  for (const part of ref.slice(2).split('/')) node = isNode(node) ? node[part.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
  return node;
}

/** Every `#/…` reference reachable from `root`, each with its target as comparable text. */
function referenced(document: unknown, root: unknown): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isNode(node)) return;
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/') && !found.has(ref)) {
      const target = resolve(document, ref);
      found.set(ref, canonical(target));
      visit(target);
    }
    for (const [key, value] of Object.entries(node)) if (key !== '$ref') visit(value);
  };
  visit(root);
  return found;
}

/** One part of an operation: its own node (references left as they are). */
function partOf(operation: Node, part: OperationPart): unknown {
  switch (part) {
    case 'parameters':
      return operation.parameters ?? [];
    case 'request':
      return isNode(operation.requestBody) ? operation.requestBody : null;
    case 'response': {
      const responses = isNode(operation.responses) ? operation.responses : {};
      return Object.entries(responses).filter(([status]) => status.startsWith('2'));
    }
  }
}

const PARTS: readonly OperationPart[] = ['parameters', 'request', 'response'];

function operationAt(document: ComparedDocument, key: string): Node | undefined {
  const [method = '', template = ''] = key.split(' ');
  const operation = document.paths[template]?.[method.toLowerCase()];
  return isNode(operation) ? operation : undefined;
}

/**
 * The operations of `keys` (`METHOD /template`) that `older` has and `newer` lacks or changed. A
 * part changed when its own text or any schema it reaches differs, annotations aside.
 */
export function operationChanges(older: ComparedDocument, newer: ComparedDocument, keys: readonly string[]): OperationChange[] {
  const changes: OperationChange[] = [];
  for (const key of keys) {
    const before = operationAt(older, key);
    if (before === undefined) continue;
    const operationId = typeof before.operationId === 'string' ? before.operationId : key;
    const after = operationAt(newer, key);
    if (after === undefined) {
      changes.push({ operation: key, operationId, kind: 'removed', parts: [], components: [] });
      continue;
    }
    const parts: OperationPart[] = [];
    const components = new Set<string>();
    for (const part of PARTS) {
      const [one, two] = [partOf(before, part), partOf(after, part)];
      const [refsOne, refsTwo] = [referenced(older, one), referenced(newer, two)];
      const differing = [...new Set([...refsOne.keys(), ...refsTwo.keys()])].filter((ref) => refsOne.get(ref) !== refsTwo.get(ref));
      if (canonical(one) === canonical(two) && differing.length === 0) continue;
      parts.push(part);
      for (const ref of differing) components.add(ref.slice(ref.lastIndexOf('/') + 1));
    }
    if (parts.length > 0) changes.push({ operation: key, operationId, kind: 'changed', parts, components: [...components].sort() });
  }
  return changes;
}

/** The changes as lines for a terminal: removed ones first. */
export function describeChanges(changes: readonly OperationChange[]): string[] {
  const removed = changes.filter((c) => c.kind === 'removed');
  const changed = changes.filter((c) => c.kind === 'changed');
  const listed = (names: readonly string[]) => (names.length <= 8 ? names.join(', ') : `${names.slice(0, 8).join(', ')} and ${names.length - 8} more`);
  return [
    ...removed.map((c) => `removed  ${c.operationId} (${c.operation})`),
    ...changed.map(
      (c) => `changed  ${c.operationId} (${c.operation}): ${c.parts.join(', ')}${c.components.length > 0 ? `; schemas ${listed(c.components)}` : ''}`,
    ),
  ];
}
