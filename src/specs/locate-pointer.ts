import { dirname, resolve } from 'node:path';
import { isMap, isScalar, isSeq, type Node } from 'yaml';
import type { SpecSourceCache } from './spec-source-cache.js';

/** Where a JSON pointer of the bundled document lives in the source files. */
export interface SpecLocation {
  readonly file: string;
  /** 1-based; undefined when not even the root could be placed. */
  readonly line: number | undefined;
}

/** `/paths/~1pets/get` → `['paths', '/pets', 'get']` (RFC 6901; a leading `#` is allowed). */
export function pointerSegments(pointer: string): string[] {
  const body = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (body === '' || body === '/') return [];
  return body
    .slice(1)
    .split('/')
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'));
}

// Guards against `$ref` cycles (a → b → a) while following references.
const MAX_HOPS = 64;

interface Cursor {
  file: string;
  node: Node | undefined;
  line: number | undefined;
}

/**
 * Walks `pointer` through the source files, following `$ref`s into other files on the way, so a
 * problem that swagger-parser reports in the bundled (or dereferenced) document is shown at its
 * line in the file the user edits. Stops at the deepest node that exists (for "missing property"
 * errors that is the object lacking it). Map entries are placed at their key's line.
 */
export function locatePointer(cache: SpecSourceCache, rootFile: string, pointer: string): SpecLocation {
  const cursor = start(cache, rootFile);
  if (!cursor) return { file: rootFile, line: undefined };
  let hops = 0;
  for (const segment of pointerSegments(pointer)) {
    if (!follow(cache, cursor, () => ++hops <= MAX_HOPS)) break;
    if (!step(cache, cursor, segment)) break;
  }
  return { file: cursor.file, line: cursor.line };
}

function start(cache: SpecSourceCache, file: string): Cursor | undefined {
  const parsed = cache.parsed(file);
  const contents = parsed?.document.contents;
  if (!parsed || !contents) return undefined;
  return { file, node: contents, line: contents.range ? parsed.lines.linePos(contents.range[0]).line : undefined };
}

/** Moves to the child named `segment`; false when there is none. */
function step(cache: SpecSourceCache, cursor: Cursor, segment: string): boolean {
  const lines = cache.parsed(cursor.file)?.lines;
  const { node } = cursor;
  if (!lines) return false;
  if (isMap(node)) {
    const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === segment);
    if (!pair || !isScalar(pair.key)) return false;
    cursor.node = (pair.value ?? undefined) as Node | undefined;
    if (pair.key.range) cursor.line = lines.linePos(pair.key.range[0]).line;
    return true;
  }
  if (isSeq(node) && /^\d+$/.test(segment)) {
    const item = node.items[Number(segment)] as Node | undefined;
    if (!item) return false;
    cursor.node = item;
    if (item.range) cursor.line = lines.linePos(item.range[0]).line;
    return true;
  }
  return false;
}

/** While the cursor sits on `{$ref: …}` pointing into a local file we read, jump to its target. */
function follow(cache: SpecSourceCache, cursor: Cursor, mayHop: () => boolean): boolean {
  for (;;) {
    const ref = isMap(cursor.node) ? cursor.node.get('$ref') : undefined;
    if (typeof ref !== 'string') return true;
    if (!mayHop()) return false;
    const hash = ref.indexOf('#');
    const filePart = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? '' : ref.slice(hash + 1);
    if (/^[a-z][a-z0-9+.-]*:/i.test(filePart)) return false; // remote: not read, cannot place
    const target = filePart === '' ? cursor.file : resolve(dirname(cursor.file), decodeURIComponent(filePart));
    const next = start(cache, target);
    if (!next) return false;
    Object.assign(cursor, next);
    for (const segment of pointerSegments(fragment)) {
      if (!follow(cache, cursor, mayHop) || !step(cache, cursor, segment)) return false;
    }
  }
}
