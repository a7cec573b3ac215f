import type { z } from 'zod';

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
  if (def.type !== 'object' || !def.shape || typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const shape = def.shape;
  const known = Object.keys(shape);
  return Object.entries(value).flatMap(([key, child]) => {
    const field = shape[key];
    if (field === undefined) return [{ path: [...path, key], suggestion: closestName(key, known) }];
    return findUnknownKeys(field, child, [...path, key]);
  });
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
