/**
 * Which side changed a page since the base: `unchanged`; `git` or `platform` (only that side);
 * `both` (each differently); `converged` (both, to the same content). Adds and removes are changes:
 * a page absent on a side has no fingerprint there.
 */
export type PageChangeKind = 'unchanged' | 'git' | 'platform' | 'both' | 'converged';

export interface PageChange {
  /** Path in the docs root. */
  readonly path: string;
  readonly kind: PageChangeKind;
  /** Fingerprints; undefined where the page does not exist. */
  readonly base: string | undefined;
  readonly git: string | undefined;
  readonly platform: string | undefined;
}

/** Each page of the three sides (fingerprints by path), classified; sorted by path. Pure. */
export function classifyPages(
  base: ReadonlyMap<string, string>,
  git: ReadonlyMap<string, string>,
  platform: ReadonlyMap<string, string>,
): PageChange[] {
  const paths = [...new Set([...base.keys(), ...git.keys(), ...platform.keys()])].sort();
  return paths.map((path) => {
    const sides = { base: base.get(path), git: git.get(path), platform: platform.get(path) };
    return { path, kind: kindOf(sides.base, sides.git, sides.platform), ...sides };
  });
}

function kindOf(base: string | undefined, git: string | undefined, platform: string | undefined): PageChangeKind {
  const gitChanged = git !== base;
  const platformChanged = platform !== base;
  if (!gitChanged && !platformChanged) return 'unchanged';
  if (!platformChanged) return 'git';
  if (!gitChanged) return 'platform';
  return git === platform ? 'converged' : 'both';
}
