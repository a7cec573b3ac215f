import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';

/** Where a path really leads (symlinks followed) and whether that is inside the scope. */
export interface ScopedPath {
  /** The real path: symlinks of every existing ancestor resolved, the missing rest appended. */
  readonly real: string;
  readonly inside: boolean;
}

/**
 * The folders docsync may read on a configuration's (or a spec's) say-so: the repository that holds
 * the configuration, plus folders allow-listed in it. Paths are compared after symlinks, so neither
 * `../`, an absolute path nor a link inside the repository can reach a file elsewhere (cloud
 * credentials or kube config on a CI runner, through a pull request that edits a spec).
 */
export class ReadScope {
  private constructor(
    /** Real paths of the allowed folders; the repository (or starting folder) first. */
    readonly roots: readonly string[],
  ) {}

  /**
   * The repository holding `folder` (the nearest ancestor with a `.git` entry), or `folder` itself
   * outside any repository, plus `allow` (resolved against `folder`).
   */
  static of(folder: string, allow: readonly string[] = []): ReadScope {
    const start = realPath(resolve(folder));
    const roots = [repositoryRoot(start) ?? start, ...allow.map((entry) => realPath(resolve(folder, entry)))];
    return new ReadScope(roots);
  }

  /** The scope of `roots` as another scope lists them (one handed to a worker thread). */
  static ofRoots(roots: readonly string[]): ReadScope {
    return new ReadScope([...roots]);
  }

  locate(path: string): ScopedPath {
    const real = realPath(resolve(path));
    return { real, inside: this.roots.some((root) => contains(root, real)) };
  }

  /** How an error names the scope: "the repository /x (or allowPaths /y)". */
  describe(): string {
    const [repository, ...allowed] = this.roots;
    return `the repository ${repository ?? '?'}${allowed.length > 0 ? ` or allowPaths (${allowed.join(', ')})` : ''}`;
  }
}

function contains(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** realpath of the longest existing prefix, with the part that does not exist yet appended. */
function realPath(path: string): string {
  const missing: string[] = [];
  let current = path;
  for (;;) {
    try {
      return join(realpathSync.native(current), ...missing.reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return path;
      missing.push(basename(current));
      current = parent;
    }
  }
}

function repositoryRoot(folder: string): string | undefined {
  for (let current = folder; ; current = dirname(current)) {
    if (existsSync(join(current, '.git'))) return current;
    if (dirname(current) === current) return undefined;
  }
}
