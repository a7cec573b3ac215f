import type { Before } from './site-action.js';

/**
 * Collects the fields of an update body whose wanted value differs from the live one, with the live
 * value kept for the plan's "from → to". `null` and absent count as the same ("none").
 */
export class FieldDiff<B extends object> {
  readonly body: Partial<B> = {};
  readonly before: Before = {};

  /** Sets `field` to `want` unless it already has that value. */
  compare<K extends keyof B & string>(field: K, want: B[K], have: unknown): this {
    if (!sameValue(want, have)) {
      this.body[field] = want;
      this.before[field] = have ?? null;
    }
    return this;
  }

  get changed(): boolean {
    return Object.keys(this.body).length > 0;
  }
}

/** Deep equality of JSON values, key order ignored; null equals undefined. */
export function sameValue(a: unknown, b: unknown): boolean {
  if ((a ?? null) === (b ?? null)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  const left = Object.entries(a).filter(([, v]) => v !== undefined);
  const right = new Map(Object.entries(b).filter(([, v]) => v !== undefined));
  return left.length === right.size && left.every(([k, v]) => right.has(k) && sameValue(v, right.get(k)));
}
