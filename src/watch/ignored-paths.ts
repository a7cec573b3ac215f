import path from 'node:path';
import { TreeIgnore } from '../content/git/tree-ignore.js';

/** A predicate chokidar calls with a candidate path: true skips it (and, for a folder, all below). */
export type IgnoredPredicate = (candidate: string, stats?: { isDirectory(): boolean }) => boolean;

/**
 * Editor scratch files: vim swap files (`.swp`, `.swo`, …) and its `4913` write probe, backups
 * (`name~`), emacs lock files (`.#name`). Their churn would wake a sync for nothing.
 */
export function isEditorTempFile(name: string): boolean {
  return /\.sw[a-p]$/.test(name) || name.endsWith('~') || name.startsWith('.#') || name === '4913';
}

/**
 * What a worktree-mode watch over `root` skips: the rule a sync's read skips by (see
 * {@link TreeIgnore}), plus editor scratch files. Paths are matched only below `root`, so a target
 * that itself lives under, say, `~/build/docs` is still watched. `keep` lists files watched on
 * purpose (a spec's referenced files), never skipped.
 */
export function worktreeIgnored(root: string, keep: readonly string[] = [], rule: TreeIgnore = TreeIgnore.load(root)): IgnoredPredicate {
  const base = path.resolve(root);
  const kept = new Set(keep.map((file) => path.resolve(file)));
  return (candidate, stats) => {
    const absolute = path.resolve(candidate);
    if (kept.has(absolute)) return false;
    if (isEditorTempFile(path.basename(absolute))) return true;
    const relative = path.relative(base, absolute);
    if (relative === '' || isOutside(relative)) return false;
    return rule.ignores(relative.split(path.sep).join('/'), stats === undefined ? undefined : stats.isDirectory());
  };
}

/**
 * What a ref-mode watch over a git directory skips: everything but `HEAD` (branch switches) and the
 * refs (`refs/**`, `packed-refs`: commits, fetches). `gitDir` holds a worktree's own `HEAD`;
 * `commonDir` the shared refs (the same folder outside linked worktrees). Lock files are git's
 * half-written updates; the rename that completes them is what counts.
 */
export function gitRefsIgnored(gitDir: string, commonDir: string): IgnoredPredicate {
  const git = path.resolve(gitDir);
  const common = path.resolve(commonDir);
  const refs = path.join(common, 'refs');
  const allowed = new Set([git, common, path.join(git, 'HEAD'), path.join(common, 'packed-refs'), refs]);
  return (candidate) => {
    const absolute = path.resolve(candidate);
    if (absolute.endsWith('.lock')) return true;
    return !(allowed.has(absolute) || absolute.startsWith(refs + path.sep));
  };
}

function isOutside(relative: string): boolean {
  return relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
}
