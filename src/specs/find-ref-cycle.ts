import { pointerSegments } from './locate-pointer.js';

/** A chain of `$ref`s that only points at other `$ref`s and comes back: it names no schema at all. */
export interface RefCycle {
  /** JSON pointer where the chain starts, e.g. `/components/schemas/Pet`. */
  readonly pointer: string;
  /** The pointers the chain goes through, back to the start. */
  readonly chain: readonly string[];
}

function refOf(node: unknown): string | undefined {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
  const ref = (node as Record<string, unknown>).$ref;
  return typeof ref === 'string' && ref.startsWith('#') ? ref.slice(1) : undefined;
}

function at(document: unknown, pointer: string): unknown {
  let node = document;
  for (const segment of pointerSegments(pointer)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * The first `$ref` cycle with no concrete object in a document whose references are all internal
 * (a single file, or a bundle). swagger-parser accepts such a cycle and bundles it into a
 * self-reference that the platform cannot render. Recursive schemas (a `Node` whose `children`
 * point back at `Node`) are concrete and not reported.
 */
export function findRefCycle(document: unknown): RefCycle | undefined {
  const settled = new Set<string>();
  // Keys of the node being walked; a pointer is built only where a `$ref` is found.
  const keys: string[] = [];
  // Whether each `$ref` (most are used many times) names another `$ref`; the document does not change.
  const namesRef = new Map<string, boolean>();
  const walk = (node: object): RefCycle | undefined => {
    const ref = refOf(node);
    if (ref !== undefined) {
      let bare = namesRef.get(ref);
      if (bare === undefined) namesRef.set(ref, (bare = refOf(at(document, ref)) !== undefined));
      // The usual `$ref` names a concrete object: no chain of bare `$ref`s starts here.
      if (!bare) return undefined;
      return follow(keys.map((key) => `/${escape(key)}`).join(''));
    }
    for (const key of Object.keys(node)) {
      const child = (node as Record<string, unknown>)[key];
      if (typeof child !== 'object' || child === null) continue;
      keys.push(key);
      const found = walk(child);
      keys.pop();
      if (found) return found;
    }
    return undefined;
  };
  const follow = (start: string): RefCycle | undefined => {
    const chain: string[] = [];
    for (let pointer: string | undefined = start; pointer !== undefined; pointer = refOf(at(document, pointer))) {
      if (settled.has(pointer)) break;
      if (chain.includes(pointer)) return { pointer: start, chain: [...chain.slice(chain.indexOf(pointer)), pointer] };
      chain.push(pointer);
    }
    for (const pointer of chain) settled.add(pointer);
    return undefined;
  };
  return typeof document === 'object' && document !== null ? walk(document) : undefined;
}
