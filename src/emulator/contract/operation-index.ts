import type { ContractOperation } from './contract-operation.js';
import { HTTP_METHODS, type ContractMethod, type OpenApiDocument } from './openapi-document.js';

interface Matcher {
  readonly operation: ContractOperation;
  /** `null` marks a parameter segment. */
  readonly segments: readonly (string | null)[];
  /** The last segment is a path parameter (`{pagePath}`), which may hold slashes. */
  readonly pathTail: boolean;
}

/** Splits a path into its segments, dropping the query, the empty leading segment and a trailing slash. */
function segmentsOf(path: string): string[] {
  const bare = path.split('?')[0] ?? '';
  return bare.split('/').filter((segment, i, all) => !(segment === '' && (i === 0 || i === all.length - 1)));
}

/**
 * Finds the operation for a method and a concrete path (`GET /spaces/abc/content`), as the live
 * API routes it: literal segments win over parameters (`versions/latest` before `versions/{id}`),
 * and a trailing path parameter (`{pagePath}`) takes the rest of the path when nothing else fits.
 */
export class OperationIndex {
  private readonly byMethod = new Map<ContractMethod, Matcher[]>();
  readonly operations: readonly ContractOperation[];

  constructor(document: OpenApiDocument) {
    const operations: ContractOperation[] = [];
    for (const [template, item] of Object.entries(document.paths)) {
      for (const method of HTTP_METHODS) {
        const definition = item[method];
        if (!definition) continue;
        const operation = { operationId: definition.operationId, method, template, tag: definition.tags?.[0] ?? '(untagged)', definition };
        operations.push(operation);
        const raw = segmentsOf(template);
        const segments = raw.map((s) => (/^\{[^}]+\}$/.test(s) ? null : s));
        const list = this.byMethod.get(method) ?? [];
        list.push({ operation, segments, pathTail: /^\{\w*Path\}$/.test(raw.at(-1) ?? '') });
        this.byMethod.set(method, list);
      }
    }
    for (const list of this.byMethod.values()) list.sort((a, b) => compareSpecificity(a.segments, b.segments));
    this.operations = operations;
  }

  /** The operation `method path` calls, or undefined when the API has no such operation. */
  find(method: string, path: string): ContractOperation | undefined {
    const matchers = this.byMethod.get(method.toLowerCase() as ContractMethod);
    if (!matchers) return undefined;
    const segments = segmentsOf(path).map((s) => safeDecode(s));
    const exact = matchers.find((m) => matches(m.segments, segments, false));
    return (exact ?? matchers.find((m) => m.pathTail && matches(m.segments, segments, true)))?.operation;
  }

  byId(operationId: string): ContractOperation | undefined {
    return this.operations.find((o) => o.operationId === operationId);
  }
}

function matches(template: readonly (string | null)[], path: readonly string[], greedyTail: boolean): boolean {
  if (greedyTail ? path.length < template.length : path.length !== template.length) return false;
  return template.every((segment, i) => (segment === null ? path[i] !== '' : segment === path[i]));
}

/** Literal segments sort before parameters at the first position where two templates differ. */
function compareSpecificity(a: readonly (string | null)[], b: readonly (string | null)[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] === null ? 1 : 0;
    const y = b[i] === null ? 1 : 0;
    if (x !== y) return x - y;
  }
  return a.length - b.length;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
