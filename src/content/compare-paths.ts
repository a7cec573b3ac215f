/**
 * Orders paths by UTF-16 code units: unlike `localeCompare`, the same on every machine and ICU
 * version, which deterministic hashes and bundles need.
 */
export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
