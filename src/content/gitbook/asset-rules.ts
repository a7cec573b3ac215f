import ignore from 'ignore';

/** Which non-page files go into a bundle beyond those the docs reference. Patterns are relative to the docs root. */
export interface AssetRules {
  /** gitignore-style patterns of files bundled even when nothing references them (`.gitbook/assets/**`). */
  readonly include: readonly string[];
  /** gitignore-style patterns of files never bundled, even when referenced. */
  readonly exclude: readonly string[];
}

export const NO_ASSET_RULES: AssetRules = { include: [], exclude: [] };

/** Tests a path relative to the docs root against a list of gitignore-style patterns. */
export function patternMatcher(patterns: readonly string[]): (relative: string) => boolean {
  if (patterns.length === 0) return () => false;
  const matcher = ignore().add([...patterns]);
  return (relative) => matcher.ignores(relative);
}
