import { comparePaths } from '../../content/compare-paths.js';

/**
 * Which side changed a page since the base: `unchanged`; `git` or `platform` (only that side);
 * `both` (each differently); `converged` (both, to the same content); `held` (git unchanged, the
 * platform still holding what docsync left live instead of git's version). Adds and removes are
 * changes: a page absent on a side has no fingerprint there.
 */
export type PageChangeKind = 'unchanged' | 'git' | 'platform' | 'both' | 'converged' | 'held';

export interface PageChange {
  /** Path in the docs root. */
  readonly path: string;
  readonly kind: PageChangeKind;
  /** Fingerprints; undefined where the page does not exist. */
  readonly base: string | undefined;
  readonly git: string | undefined;
  readonly platform: string | undefined;
}

/**
 * Each page of the three sides (fingerprints by path), classified; sorted by path. `held`: pages a
 * sync left live with other content than git's, by the fingerprint of that content; `takenIn`: of
 * those, the pages whose platform-edits commit git has merged since. Pure.
 */
export function classifyPages(
  base: ReadonlyMap<string, string>,
  git: ReadonlyMap<string, string>,
  platform: ReadonlyMap<string, string>,
  held: ReadonlyMap<string, string> = new Map(),
  takenIn: ReadonlySet<string> = new Set(),
): PageChange[] {
  const paths = [...new Set([...base.keys(), ...git.keys(), ...platform.keys()])].sort(comparePaths);
  return paths.map((path) => {
    const sides = { base: base.get(path), git: git.get(path), platform: platform.get(path) };
    return { path, kind: kindOf(sides.base, sides.git, sides.platform, held.get(path), takenIn.has(path)), ...sides };
  });
}

function kindOf(base: string | undefined, git: string | undefined, platform: string | undefined, held: string | undefined, takenIn: boolean): PageChangeKind {
  const gitChanged = git !== base;
  // Still what a sync left live, and git has not moved since: nothing to do.
  if (held !== undefined && !gitChanged && platform === held && platform !== base) return 'held';
  // Still what a sync left live, and git changed it since taking in the branch that held it (a conflict resolved): git's goes live.
  if (held !== undefined && gitChanged && takenIn && platform === held && git !== platform) return 'git';
  const platformChanged = platform !== base;
  if (!gitChanged && !platformChanged) return 'unchanged';
  if (!platformChanged) return 'git';
  if (!gitChanged) return 'platform';
  return git === platform ? 'converged' : 'both';
}
