import fc from 'fast-check';

/** A JSON Schema node of an OpenAPI 3.0 document (`nullable`) or a 3.1 one (type arrays, `const`, `$ref` siblings). */
export type SchemaNode = { readonly [keyword: string]: unknown };

/**
 * `full`: every optional property present, arrays with one or two items.
 * `minimal`: only the required properties, arrays with one item (or their `minItems`).
 * `nulls`: as `full`, with every value that may be null null (`nullable`, a `null` type or branch).
 */
export type FillMode = 'full' | 'minimal' | 'nulls';

const isNull = (branch: unknown): boolean => isNode(branch) && branch.type === 'null';

/**
 * Past this many nested objects, optional properties are left out, arrays kept at their minimum and
 * unions narrowed to their shallower branches, so every instance ends.
 */
const MAX_DEPTH = 6;
/** No instance nests deeper than this, unless a required chain forces it. */
const HEIGHT_LIMIT = 2 * MAX_DEPTH;

const isNode = (value: unknown): value is SchemaNode => typeof value === 'object' && value !== null && !Array.isArray(value);
const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const numberOr = (value: unknown, fallback: number): number => (typeof value === 'number' ? value : fallback);

/** Keywords beside a `$ref` that only annotate (or, in 3.0, `nullable`, handled below), so the reference alone says what is valid. */
const ANNOTATIONS = new Set(['$ref', 'nullable', 'description', 'title', 'deprecated', 'default', 'readOnly', 'writeOnly', 'example', 'examples']);

/**
 * Builds fast-check arbitraries of instances of an OpenAPI 3.0 or 3.1 document's schemas: `$ref`s resolved
 * within the document, `allOf` merged, one branch of `oneOf`/`anyOf`, enums, `nullable`, string
 * bounds, formats (date-time, uri, email) and patterns. Arbitraries are memoised per reference,
 * mode and depth, so recursive schemas (page trees, documents) stay finite as arbitraries; past
 * MAX_DEPTH a union only picks among its shallower branches (`#narrow`), so they stay finite as
 * instances too: a random pick among a document's ~30 block kinds, several of which require
 * children, would otherwise grow some trees without end.
 */
export class SchemaArbitraries {
  readonly #document: SchemaNode;
  readonly #accepts: (schema: SchemaNode, value: unknown) => boolean;
  readonly #memo = new Map<string, fc.Arbitrary<unknown>>();
  /** Least height of an instance of each `$ref`, computed once (see `#height`). */
  #heights: Map<string, number> | undefined;

  /**
   * @param accepts validates a value against a node of `document`; a `oneOf` keeps only values that
   * match exactly one branch (branches often overlap, for example a loose object and a specific one).
   */
  constructor(document: SchemaNode, accepts: (schema: SchemaNode, value: unknown) => boolean) {
    this.#document = document;
    this.#accepts = accepts;
  }

  /** Instances of `schema` filled per `mode`. */
  of(schema: SchemaNode, mode: FillMode): fc.Arbitrary<unknown> {
    return this.#build(schema, mode, 0);
  }

  #resolve(ref: string): SchemaNode {
    if (!ref.startsWith('#/')) throw new Error(`only local references are supported: ${ref}`);
    let node: unknown = this.#document;
    for (const part of ref.slice(2).split('/')) node = isNode(node) ? node[part.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
    if (!isNode(node)) throw new Error(`unresolved reference ${ref}`);
    return node;
  }

  #build(schema: SchemaNode, mode: FillMode, depth: number): fc.Arbitrary<unknown> {
    if (typeof schema.$ref === 'string' && Object.keys(schema).some((keyword) => !ANNOTATIONS.has(keyword))) {
      // 3.1: keywords beside a `$ref` apply too, as if both were parts of an `allOf`.
      const { $ref, ...beside } = schema;
      return this.#build({ allOf: [{ $ref }, beside] }, mode, depth);
    }
    if (Array.isArray(schema.type)) {
      // 3.1: `type: [string, "null"]` is one of its types.
      const { type, ...rest } = schema;
      // An `enum` still has the last word: null only where it lists null.
      const types = stringList(type).filter((one) => one !== 'null' || !Array.isArray(rest.enum) || rest.enum.includes(null));
      if (mode === 'nulls' && types.includes('null')) return fc.constant(null);
      const narrowed = this.#narrow(
        types.map((one): SchemaNode => ({ ...rest, type: one })),
        depth,
      );
      return fc.oneof(...narrowed.map((one) => (one.type === 'null' ? fc.constant(null) : this.#build(one, mode, depth))));
    }
    if ('const' in schema) return fc.constant(schema.const);
    if (typeof schema.$ref === 'string') {
      // Past HEIGHT_LIMIT an arbitrary no longer depends on the depth.
      const key = `${schema.$ref}|${mode}|${Math.min(depth, HEIGHT_LIMIT)}`;
      let arbitrary = this.#memo.get(key);
      if (arbitrary === undefined) {
        // Placeholder first: a reference to itself at the same depth resolves lazily.
        this.#memo.set(
          key,
          fc.constant(null).chain(() => this.#memo.get(key) ?? fc.constant(null)),
        );
        arbitrary = this.#build(this.#resolve(schema.$ref), mode, depth);
        this.#memo.set(key, arbitrary);
      }
      return arbitrary;
    }
    if (schema.nullable === true && mode === 'nulls') return fc.constant(null);
    const base = this.#core(schema, mode, depth);
    return schema.nullable === true ? fc.oneof(base, fc.constant(null)) : base;
  }

  #core(schema: SchemaNode, mode: FillMode, depth: number): fc.Arbitrary<unknown> {
    if (Array.isArray(schema.allOf)) {
      const alternatives = this.#distribute(schema.allOf.filter(isNode)).map((parts) => this.#merge(parts));
      return fc.oneof(...this.#narrow(alternatives, depth).map((merged) => this.#build(merged, mode, depth)));
    }
    const branches = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : [];
    if (mode === 'nulls' && branches.some(isNull)) return fc.constant(null);
    if (Array.isArray(schema.oneOf)) {
      const choice = fc.oneof(...this.#narrow(schema.oneOf.filter(isNode), depth).map((branch) => this.#build(branch, mode, depth)));
      return choice.filter((value) => this.#accepts(schema, value));
    }
    if (Array.isArray(schema.anyOf)) return fc.oneof(...this.#narrow(schema.anyOf.filter(isNode), depth).map((branch) => this.#build(branch, mode, depth)));
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    const type = typeof schema.type === 'string' ? schema.type : isNode(schema.properties) ? 'object' : undefined;
    switch (type) {
      case 'object':
        return this.#object(schema, mode, depth);
      case 'array': {
        const items = isNode(schema.items) ? schema.items : {};
        // One item at least (lists are where the interesting shapes are), fewer only past MAX_DEPTH.
        const min = numberOr(schema.minItems, 0);
        const cap = numberOr(schema.maxItems, 2);
        const least = depth >= MAX_DEPTH ? min : Math.max(min, Math.min(1, cap));
        const most = mode !== 'minimal' && depth < MAX_DEPTH ? Math.max(least, Math.min(cap, 2)) : least;
        return fc.array(this.#build(items, mode, depth + 1), { minLength: least, maxLength: most });
      }
      case 'string':
        return this.#string(schema);
      case 'integer':
        return fc.integer({ min: numberOr(schema.minimum, -1000), max: numberOr(schema.maximum, 1_000_000) });
      case 'number':
        return fc.double({ min: numberOr(schema.minimum, -1000), max: numberOr(schema.maximum, 1_000_000), noNaN: true, noDefaultInfinity: true });
      case 'boolean':
        return fc.boolean();
      default:
        // No type: any JSON value.
        return fc.jsonValue({ maxDepth: 1 });
    }
  }

  /**
   * All of `branches` up to MAX_DEPTH; past it, those whose least instance still fits under
   * HEIGHT_LIMIT, else the shallowest. Each level past MAX_DEPTH lowers that bound by one, so
   * instances end. Not only the shallowest: a `oneOf` of scalars and an untyped object (which
   * also admits every scalar) only holds an object.
   */
  #narrow(branches: SchemaNode[], depth: number): SchemaNode[] {
    if (depth < MAX_DEPTH || branches.length < 2) return branches;
    const heights = branches.map((branch) => this.#height(branch));
    const limit = Math.max(HEIGHT_LIMIT - depth, Math.min(...heights));
    return branches.filter((_, index) => (heights[index] ?? Infinity) <= limit);
  }

  /**
   * How many nested objects and arrays the smallest instance of `schema` needs: only required
   * properties, `minItems` items and the shallowest branch count; Infinity where every instance
   * is infinite. The heights of the document's named schemas are found together, by lowering
   * estimates that start at Infinity until none moves (a reference cycle stays Infinity).
   */
  #height(schema: SchemaNode): number {
    if (this.#heights === undefined) {
      const heights = new Map<string, number>();
      this.#heights = heights;
      const components = isNode(this.#document.components) && isNode(this.#document.components.schemas) ? this.#document.components.schemas : {};
      const refs = Object.keys(components).map((name) => `#/components/schemas/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`);
      for (let moved = true; moved;) {
        moved = false;
        for (const ref of refs) {
          const height = this.#heightOf(this.#resolve(ref));
          if (height < (heights.get(ref) ?? Infinity)) {
            heights.set(ref, height);
            moved = true;
          }
        }
      }
    }
    return this.#heightOf(schema);
  }

  /** One estimate of `#height`, reading the named schemas' current estimates. */
  #heightOf(schema: SchemaNode): number {
    const least = (branches: unknown[]) => Math.min(...branches.filter(isNode).map((branch) => this.#heightOf(branch)));
    if (typeof schema.$ref === 'string') {
      const own = this.#heights?.get(schema.$ref) ?? Infinity;
      const { $ref: _ref, ...beside } = schema;
      return Object.keys(beside).some((keyword) => !ANNOTATIONS.has(keyword)) ? Math.max(own, this.#heightOf(beside)) : own;
    }
    if (Array.isArray(schema.type)) return least(stringList(schema.type).map((one) => ({ ...schema, type: one })));
    if ('const' in schema || Array.isArray(schema.enum) || schema.type === 'null') return 0;
    if (Array.isArray(schema.allOf)) return least(this.#distribute(schema.allOf.filter(isNode)).map((parts) => this.#merge(parts)));
    if (Array.isArray(schema.oneOf)) return least(schema.oneOf);
    if (Array.isArray(schema.anyOf)) return least(schema.anyOf);
    const type = typeof schema.type === 'string' ? schema.type : isNode(schema.properties) ? 'object' : undefined;
    if (type === 'array') return 1 + (numberOr(schema.minItems, 0) > 0 && isNode(schema.items) ? this.#heightOf(schema.items) : 0);
    if (type !== 'object') return 0;
    const properties = isNode(schema.properties) ? schema.properties : {};
    const needed = stringList(schema.required).map((name) => properties[name]);
    if (numberOr(schema.minProperties, 0) > 0 && isNode(schema.additionalProperties)) needed.push(schema.additionalProperties);
    return 1 + Math.max(0, ...needed.filter(isNode).map((property) => this.#heightOf(property)));
  }

  /**
   * `allOf` parts with a `oneOf`/`anyOf` among them, spread into one list of parts per branch. A
   * branch that only admits `{}` is dropped: merged with the other parts it can never hold.
   */
  #distribute(parts: SchemaNode[]): SchemaNode[][] {
    let lists: SchemaNode[][] = [[]];
    for (const raw of parts) {
      const part = typeof raw.$ref === 'string' ? this.#resolve(raw.$ref) : raw;
      const branches = Array.isArray(part.oneOf) ? part.oneOf : Array.isArray(part.anyOf) ? part.anyOf : undefined;
      if (branches === undefined) {
        lists = lists.map((list) => [...list, part]);
        continue;
      }
      const usable = branches
        .filter(isNode)
        .map((b) => (typeof b.$ref === 'string' ? this.#resolve(b.$ref) : b))
        .filter((b) => !(b.additionalProperties === false && Object.keys(isNode(b.properties) ? b.properties : {}).length === 0));
      lists = lists.flatMap((list) => usable.map((branch) => [...list, branch]));
    }
    return lists;
  }

  /**
   * `allOf` as one schema: properties and `required` united, references resolved first. Parts that
   * are not objects (a property both parts declare, such as a string and its narrowing enum) merge
   * keyword by keyword, the later part winning: in these documents it is the narrower one.
   */
  #merge(parts: SchemaNode[]): SchemaNode {
    const resolved = parts.map((raw) => (typeof raw.$ref === 'string' ? this.#resolve(raw.$ref) : raw));
    const scalar = (part: SchemaNode) => (typeof part.type === 'string' && part.type !== 'object') || Array.isArray(part.enum) || 'const' in part;
    if (resolved.some(scalar)) return Object.assign({}, ...resolved) as SchemaNode;
    const properties: Record<string, SchemaNode> = {};
    const required = new Set<string>();
    let additionalProperties: unknown;
    for (const part of resolved) {
      const flat = Array.isArray(part.allOf) ? this.#merge(part.allOf.filter(isNode)) : part;
      for (const [name, property] of Object.entries(isNode(flat.properties) ? flat.properties : {})) {
        if (!isNode(property)) continue;
        const existing = properties[name];
        properties[name] = existing === undefined ? property : { allOf: [existing, property] };
      }
      for (const name of stringList(flat.required)) required.add(name);
      if (flat.additionalProperties !== undefined) additionalProperties = flat.additionalProperties;
    }
    return { type: 'object', properties, required: [...required], ...(additionalProperties === undefined ? {} : { additionalProperties }) };
  }

  #object(schema: SchemaNode, mode: FillMode, depth: number): fc.Arbitrary<unknown> {
    const properties = isNode(schema.properties) ? schema.properties : {};
    const required = new Set(stringList(schema.required));
    const keep = (name: string) => required.has(name) || (mode !== 'minimal' && depth < MAX_DEPTH);
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, property] of Object.entries(properties)) {
      if (isNode(property) && keep(name)) model[name] = this.#build(property, mode, depth + 1);
    }
    // A required name without a declared schema takes any value.
    for (const name of required) model[name] ??= fc.string({ maxLength: 8 });
    const record = fc.record(model);
    const extra = schema.additionalProperties;
    if (!isNode(extra)) return record;
    // A map (`additionalProperties: {schema}`): a few entries in full mode, `minProperties` otherwise.
    const minKeys = numberOr(schema.minProperties, 0);
    const maxKeys = mode !== 'minimal' && depth < MAX_DEPTH ? Math.max(minKeys, 2) : minKeys;
    const names = isNode(schema.propertyNames)
      ? this.#build(schema.propertyNames, mode, depth + 1).filter((name): name is string => typeof name === 'string')
      : fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,11}$/);
    const entries = fc.dictionary(names, this.#build(extra, mode, depth + 1), {
      minKeys,
      maxKeys,
    });
    return fc.tuple(record, entries).map(([fixed, more]) => ({ ...more, ...fixed }));
  }

  #string(schema: SchemaNode): fc.Arbitrary<string> {
    const minLength = numberOr(schema.minLength, 0);
    const maxLength = numberOr(schema.maxLength, Math.max(minLength, 24));
    const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
    if (typeof schema.pattern === 'string') {
      // fast-check cannot build from lookaheads (today's `SiteRedirectSourcePath`): built without them, kept only when the whole pattern matches.
      const pattern = new RegExp(schema.pattern);
      const bare = schema.pattern.replace(/\(\?[!=](?:[^()\\]|\\.|\([^()]*\))*\)/g, '');
      return bare === schema.pattern
        ? fc.stringMatching(pattern).filter(fits)
        : fc.stringMatching(new RegExp(bare)).filter((value) => fits(value) && pattern.test(value));
    }
    switch (schema.format) {
      case 'date-time':
        return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString());
      case 'uri':
        return fc.webUrl().filter(fits);
      case 'email':
        return fc.emailAddress().filter(fits);
      default:
        return fc.string({ minLength, maxLength: Math.min(maxLength, Math.max(minLength, 24)) });
    }
  }
}
