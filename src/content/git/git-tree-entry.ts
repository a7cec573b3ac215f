/** One entry of `git ls-tree -r -l`. */
export interface GitTreeEntry {
  /** Path relative to the listed tree. */
  readonly path: string;
  /** `100644`, `100755`, `120000` (symlink), `160000` (submodule). */
  readonly mode: string;
  readonly type: string;
  /** Blob oid: itself a hash of the content. */
  readonly oid: string;
  /** Size in bytes; 0 for submodules. */
  readonly size: number;
}

const LS_TREE_LINE = /^(\d+) (\w+) ([0-9a-f]+) +(-|\d+)\t(.*)$/s;

/** The entries of `git ls-tree -r -l -z` output. */
export function treeEntriesOf(out: string): GitTreeEntry[] {
  const entries: GitTreeEntry[] = [];
  for (const record of out.split('\0')) {
    const match = LS_TREE_LINE.exec(record);
    if (match === null) continue;
    const [, mode = '', type = '', oid = '', size = '', entryPath = ''] = match;
    entries.push({ path: entryPath, mode, type, oid, size: size === '-' ? 0 : Number(size) });
  }
  return entries;
}
