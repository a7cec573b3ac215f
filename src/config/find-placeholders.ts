/** What `docsync init` writes where only the user knows the value (`REPLACE_WITH_SPACE_ID`, …). */
export const PLACEHOLDER_PREFIX = 'REPLACE_WITH_';

const PLACEHOLDER = new RegExp(`^${PLACEHOLDER_PREFIX}[A-Z0-9_]+$`);

/** Each setting still holding a placeholder: where, and which one. */
export function findPlaceholders(value: unknown, at: (string | number)[] = []): { path: (string | number)[]; placeholder: string }[] {
  if (typeof value === 'string') return PLACEHOLDER.test(value.trim()) ? [{ path: at, placeholder: value.trim() }] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => findPlaceholders(item, [...at, index]));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => findPlaceholders(item, [...at, key]));
  return [];
}
