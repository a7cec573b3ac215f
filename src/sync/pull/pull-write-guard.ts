import path from 'node:path';
import { PullTargetError } from './pull-target-error.js';

/** The longest file name (one path segment) most file systems take, in bytes. */
const MAX_NAME_BYTES = 255;

/** The longest absolute path Linux takes (`PATH_MAX`), in bytes. */
const MAX_PATH_BYTES = 4096;

/** The pull's paths that pass, as far as the guard is concerned. */
export interface GuardedPaths {
  /** Files of the space the pull leaves out: not written, not downloaded. */
  readonly skipped: ReadonlySet<string>;
  /** Why, one line per file: warnings to print. */
  readonly warnings: readonly string[];
}

/** How deep a page tree a pull lays out; deeper is no documentation anyone reads, and its paths would not fit a file system. */
export const MAX_PAGE_DEPTH = 100;

/** `.git`, in any case, also as Windows and macOS file systems see it (`.git.`, `.git `, `.GIT`). */
function isGitFolderName(segment: string): boolean {
  return /^\.git[. ]*$/i.test(segment);
}

/** Whether a `/`-separated path has a segment that is the repository's `.git` folder. */
export function entersGitFolder(relative: string): boolean {
  return relative.split('/').some(isGitFolderName);
}

/**
 * The folder a pull writes into: refused, before anything is written, when it lies inside a `.git`
 * folder (`docsync pull … .git/hooks`) or its docs root does (`.gitbook.yaml` `root: ./.git/`).
 */
export function assertPullRoot(directory: string, root: string): void {
  if (directory.split(path.sep).some(isGitFolderName))
    throw PullTargetError.unsafePath(directory, 'is inside a .git folder, which pull never writes into; pull into a folder of the work tree');
  if (entersGitFolder(root))
    throw PullTargetError.unsafePath(
      path.join(directory, '.gitbook.yaml'),
      `its root "${root}" is inside the .git folder, which pull never writes into; fix root`,
    );
}

/**
 * A page tree deeper than {@link MAX_PAGE_DEPTH}: refused before anything is laid out or written (read
 * without recursion, so a tree 20,000 levels deep cannot overflow the stack).
 */
export function assertPageDepth(directory: string, tree: readonly { readonly title: string; readonly pages?: readonly unknown[] | undefined }[]): void {
  type Node = { readonly title: string; readonly pages?: readonly unknown[] | undefined };
  let level: readonly Node[] = tree;
  for (let depth = 1; level.length > 0; depth++) {
    if (depth > MAX_PAGE_DEPTH) {
      throw PullTargetError.unsafePath(
        directory,
        `the space's pages nest more than ${MAX_PAGE_DEPTH} levels deep (under "${level[0]?.title ?? ''}"), deeper than a folder of files can hold; flatten the tree in the space`,
      );
    }
    level = level.flatMap((page) => (page.pages ?? []) as readonly Node[]);
  }
}

/**
 * Pull writes documentation only: `.md` pages, the structure files (`.gitbook.yaml`, the summary), and
 * files in folders (assets). A file of another kind at the top of the folder (`package.json`,
 * `Makefile`, `.gitlab-ci.yml`, `.npmrc`, `.gitignore`, …), pulled over a repository, would replace
 * its build or CI: it is skipped and listed unless `anyPath` is set. Nothing ever goes inside `.git`,
 * in any case, and a path no file system takes (a segment over 255 bytes, the whole over 4096 bytes)
 * stops the pull before its first write.
 */
export function guardPullPaths(directory: string, paths: readonly string[], anyPath: boolean, structure: readonly string[]): GuardedPaths {
  const skipped = new Set<string>();
  const warnings: string[] = [];
  for (const relative of paths) {
    const shown = relative.length > 120 ? `${relative.slice(0, 60)}…${relative.slice(-40)} (${relative.length} characters)` : relative;
    if (entersGitFolder(relative))
      throw PullTargetError.unsafePath(path.join(directory, shown), 'would be written inside the .git folder, which pull never writes into');
    const long = relative.split('/').find((segment) => Buffer.byteLength(segment) > MAX_NAME_BYTES);
    if (long !== undefined) {
      throw PullTargetError.unsafePath(
        path.join(directory, shown),
        `a page or file of the space has a name of ${Buffer.byteLength(long)} bytes, more than the ${MAX_NAME_BYTES} a file system takes; rename it in the space`,
      );
    }
    if (Buffer.byteLength(path.join(directory, relative)) > MAX_PATH_BYTES) {
      throw PullTargetError.unsafePath(
        path.join(directory, shown),
        `the path is longer than the ${MAX_PATH_BYTES} bytes a file system takes; move the page higher in the space, or pull into a shorter folder path`,
      );
    }
    if (!anyPath && !relative.includes('/') && !structure.includes(relative) && !/\.md$/i.test(relative)) {
      skipped.add(relative);
      warnings.push(`${relative}: a file of the space at the folder's top that is not documentation (a page or an asset); skipped (--any-path writes it)`);
    }
  }
  return { skipped, warnings };
}
