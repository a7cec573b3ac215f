import type { $Refs, ParserOptions } from '@apidevtools/json-schema-ref-parser';
import { resolve as resolveUrl } from '@apidevtools/json-schema-ref-parser/dist/lib/util/url.js';

/** What json-schema-ref-parser's dereference works on: its parser, holding a parsed document. */
export interface ParsedDocument {
  schema: unknown;
  readonly $refs: $Refs;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !ArrayBuffer.isView(value);

// The library's small helpers, copied as they are (its `Pointer.join` and `$Ref` statics): they sit
// in modules that export only a `default`, which Node and the test runner import differently.
type Ref = Json & { $ref: string };
const is$Ref = (value: unknown): value is Ref =>
  isObject(value) && '$ref' in value && typeof value.$ref === 'string' && value.$ref.length > 0;
const isExternal$Ref = (value: unknown): boolean => is$Ref(value) && value.$ref[0] !== '#';
/** With `resolve.external` on, as in every docsync parse. */
const isAllowed$Ref = (value: unknown): value is Ref => is$Ref(value) && (value.$ref.startsWith('#/') || value.$ref === '#' || value.$ref[0] !== '#');
/** A `$ref` with sibling keys gives a new object: its siblings, then the target's other keys. */
function merged$Ref($ref: Json, resolved: unknown): unknown {
  if (!isObject(resolved) || Object.keys($ref).length <= 1) return resolved;
  const merged: Json = {};
  for (const key of Object.keys($ref)) if (key !== '$ref') merged[key] = $ref[key];
  for (const key of Object.keys(resolved)) if (!(key in merged)) merged[key] = resolved[key];
  return merged;
}
const joinPointer = (base: string, token: string): string =>
  `${base.includes('#') ? base : `${base}#`}/${encodeURIComponent(token.replace(/~/g, '~0').replace(/\//g, '~1'))}`;

/**
 * Whether a `$ref` in the document points outside it (another file or a URL): what
 * json-schema-ref-parser would go and read before dereferencing.
 */
export function hasExternalRef(document: unknown): boolean {
  const seen = new Set<object>();
  const stack = [document];
  while (stack.length > 0) {
    const value = stack.pop();
    if (!isObject(value) || seen.has(value)) continue;
    seen.add(value);
    if (isExternal$Ref(value)) return true;
    for (const child of Object.values(value)) stack.push(child);
  }
  return false;
}

/**
 * A JSON pointer path built only when read: the walk makes one per key, and reads a few (where a
 * `$ref` is resolved), so joining strings for every key (json-schema-ref-parser's cost) is avoided.
 */
class LazyPath {
  #text: string | undefined;

  constructor(
    private readonly up: LazyPath | undefined,
    private readonly key: string,
  ) {}

  static of(text: string): LazyPath {
    return new LazyPath(undefined, text);
  }

  child(key: string): LazyPath {
    return new LazyPath(this, key);
  }

  get text(): string {
    this.#text ??= this.up === undefined ? this.key : joinPointer(this.up.text, this.key);
    return this.#text;
  }
}

interface Crawled {
  readonly circular: boolean;
  readonly value: unknown;
}

/**
 * json-schema-ref-parser's `dereference` (its `dereference.js`, pinned 14.0.1) as swagger-parser's
 * `validate` calls it, with circular `$ref`s ignored (left in place), for a document whose `$ref`s all
 * point into itself (no {@link hasExternalRef}): the same walk in the same order, the same cache,
 * the same pointer resolution (the library's own) and so the same object graph, mutated in place.
 * What differs is cost: the library joins and escapes two JSON pointer strings for every key it
 * walks, resolves a URL for every `$ref` and walks a shared object again wherever it is reached;
 * here paths are built only where a `$ref` is resolved, each distinct `$ref` is resolved to a URL
 * once, and settled objects are not walked again (GitBook's 780 KB document, first run in a process:
 * 95 ms against 269; `npm run bench:spec-steps`).
 * Sets `parser.schema` and `parser.$refs.circular` as the library does.
 */
export function dereferenceWithinFile(parser: ParsedDocument, options: ParserOptions): void {
  const file = parser.$refs._root$Ref.path ?? '';
  const walk = new Walk(parser.$refs, options, file);
  const result = walk.crawl(parser.schema, LazyPath.of(file), LazyPath.of('#'));
  parser.$refs.circular = result.circular;
  parser.schema = result.value;
}

class Walk {
  readonly #parents = new Set<unknown>();
  /** The library's `dereferencedCache`: by resolved `$ref` URL. */
  readonly #dereferenced = new Map<string, Crawled>();
  /**
   * Objects walked to the end with no cycle found and nothing but settled objects (or plain values)
   * under them: no `$ref` is left below one, and none can come back (the walk writes only where a
   * `$ref` was), nor can one reach an object being walked (that would have been a cycle). The library
   * walks them again wherever they are reached (every use of a shared schema, and each of its uses),
   * to no effect: most of its time on a large document. Here that walk is skipped.
   */
  readonly #settled = new Set<object>();
  /** `$ref` → its URL; every path of the document lies in the same file, so only the `$ref` decides. */
  readonly #urls = new Map<string, string>();

  constructor(
    private readonly refs: $Refs,
    private readonly options: ParserOptions,
    private readonly file: string,
  ) {}

  crawl(obj: unknown, path: LazyPath, pathFromRoot: LazyPath): Crawled {
    if (!isObject(obj)) return { value: obj, circular: false };
    // Walking a settled object again changes nothing and finds no cycle (see #settled).
    if (this.#settled.has(obj)) return { value: obj, circular: false };
    let circular = false;
    let value: unknown = obj;
    this.#parents.add(obj);
    if (isAllowed$Ref(obj)) {
      ({ circular, value } = this.#dereference$Ref(obj, path, pathFromRoot));
    } else {
      let settled = true;
      for (const key of Object.keys(obj)) {
        const child = obj[key];
        let childCircular: boolean;
        if (isAllowed$Ref(child)) {
          const dereferenced = this.#dereference$Ref(child, path.child(key), pathFromRoot.child(key));
          childCircular = dereferenced.circular;
          if (obj[key] !== dereferenced.value) obj[key] = dereferenced.value;
        } else if (!this.#parents.has(child)) {
          const crawled = this.crawl(child, path.child(key), pathFromRoot.child(key));
          childCircular = crawled.circular;
          if (obj[key] !== crawled.value) obj[key] = crawled.value;
        } else {
          childCircular = this.#foundCircular();
        }
        circular ||= childCircular;
        const now = obj[key];
        if (settled && isObject(now) && !this.#settled.has(now)) settled = false;
      }
      if (settled && !circular) this.#settled.add(obj);
    }
    this.#parents.delete(obj);
    return { value, circular };
  }

  #dereference$Ref($ref: Ref, path: LazyPath, pathFromRoot: LazyPath): Crawled {
    let url = this.#urls.get($ref.$ref);
    if (url === undefined) {
      url = resolveUrl(this.file, $ref.$ref);
      this.#urls.set($ref.$ref, url);
    }
    const cached = this.#dereferenced.get(url);
    if (cached) {
      if (!cached.circular) {
        const refKeys = Object.keys($ref);
        if (refKeys.length <= 1) return cached;
        const base = cached.value as Json;
        const extra: Json = {};
        for (const key of refKeys) if (key !== '$ref' && !(key in base)) extra[key] = $ref[key];
        return { circular: false, value: Object.assign({}, base, extra) };
      }
      // The library's rule: a circular entry is reused only for the same `$ref` text.
      if (!(isObject(cached.value) && '$ref' in cached.value) || cached.value.$ref === $ref.$ref) return cached;
    }
    const pointer = this.refs._resolve(url, path.text, this.options);
    if (pointer === null) return { circular: false, value: null };
    const directCircular = pointer.circular;
    let circular = directCircular || this.#parents.has(pointer.value);
    if (circular) this.#foundCircular();
    let value = merged$Ref($ref, pointer.value);
    if (!circular) {
      const crawled = this.crawl(value, LazyPath.of(pointer.path), pathFromRoot);
      circular = crawled.circular;
      value = crawled.value;
    }
    if (circular && !directCircular) value = $ref; // circular: 'ignore' leaves the `$ref` in place
    if (directCircular) (value as Json).$ref = pathFromRoot.text;
    const dereferenced = { circular, value };
    if (Object.keys($ref).length === 1) this.#dereferenced.set(url, dereferenced);
    return dereferenced;
  }

  #foundCircular(): true {
    this.refs.circular = true;
    return true;
  }
}
