import type * as z from 'zod';
import type { ConfigIssue } from './config-error.js';

/** A key the schema does not declare, with the declared key it most likely meant. */
export interface UnknownKey {
  readonly path: (string | number)[];
  readonly suggestion: string | undefined;
}

interface Def {
  readonly type: string;
  readonly innerType?: z.ZodType;
  readonly in?: z.ZodType;
  readonly element?: z.ZodType;
  readonly shape?: Record<string, z.ZodType>;
  readonly valueType?: z.ZodType;
  readonly options?: readonly z.ZodType[];
  readonly discriminator?: string;
  readonly values?: readonly unknown[];
  readonly catchall?: z.ZodType;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/**
 * Every key of `value` that `schema` does not declare, however deep. Strictness follows the schema
 * itself (its object shapes, through defaults, optionals, refinements and arrays), so a section
 * added to the schema is accepted with no list to keep in step.
 */
export function findUnknownKeys(schema: z.ZodType, value: unknown, path: (string | number)[] = []): UnknownKey[] {
  const def = defOf(schema);
  const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
  if (inner) return findUnknownKeys(inner, value, path);
  if (def.type === 'array' && def.element && Array.isArray(value)) {
    const element = def.element;
    return value.flatMap((item, index) => findUnknownKeys(element, item, [...path, index]));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  if (def.type === 'record' && def.valueType) {
    const valueType = def.valueType;
    return Object.entries(value).flatMap(([key, child]) => findUnknownKeys(valueType, child, [...path, key]));
  }
  if (def.type === 'union' && def.options) return unknownKeysOfUnion(def, value as Record<string, unknown>, path);
  if (def.type !== 'object' || !def.shape) return [];
  const shape = def.shape;
  const known = Object.keys(shape);
  return Object.entries(value).flatMap(([key, child]) => {
    // A catchall other than `never` (a strict object's) declares every other key.
    const field = shape[key] ?? (def.catchall && defOf(def.catchall).type !== 'never' ? def.catchall : undefined);
    if (field === undefined) return [{ path: [...path, key], suggestion: closestName(key, known) }];
    return findUnknownKeys(field, child, [...path, key]);
  });
}

/**
 * A mapping checked against a union: against the branch its discriminator names (none named: zod
 * reports that), else against the object branch it strays least from.
 */
function unknownKeysOfUnion(def: Def, value: Record<string, unknown>, path: (string | number)[]): UnknownKey[] {
  const objects = (def.options ?? []).filter((option) => defOf(option).type === 'object');
  const { discriminator } = def;
  const candidates =
    discriminator === undefined
      ? objects
      : objects.filter((option) => {
          const field = defOf(option).shape?.[discriminator];
          return field !== undefined && (defOf(field).values ?? []).includes(value[discriminator]);
        });
  let best: UnknownKey[] | undefined;
  for (const option of candidates) {
    const unknown = findUnknownKeys(option, value, path);
    if (best === undefined || unknown.length < best.length) best = unknown;
  }
  return best ?? [];
}

/**
 * {@link findUnknownKeys} as issues of a file, each placed by `lineOf` and naming the declared key
 * it most likely meant. `noun` names what a key is in that file (setting, field).
 */
export function unknownKeyIssues(
  schema: z.ZodType,
  value: unknown,
  lineOf: (path: readonly (string | number)[]) => number | undefined,
  noun: string,
): ConfigIssue[] {
  return findUnknownKeys(schema, value).map((unknown) => ({
    message: `unknown ${noun}; ${unknown.suggestion === undefined ? 'remove it' : `did you mean \`${unknown.suggestion}\`?`}`,
    line: lineOf(unknown.path),
    field: unknown.path.join('.'),
  }));
}

/** The declared key nearest to `key` by edit distance, if near enough to be a typo. */
export function closestName(key: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(key.toLowerCase(), name.toLowerCase());
    if (best === undefined || distance < best.distance) best = { name, distance };
  }
  return best !== undefined && best.distance <= Math.max(2, Math.floor(key.length / 3)) ? best.name : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
