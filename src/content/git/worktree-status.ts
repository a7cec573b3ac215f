/** What git says may differ in a work tree from its last commit, as {@link GitRepository.worktreeStatusIn} reads it. */
export interface WorktreeStatus {
  /** The commit checked out; undefined before the first commit. */
  readonly head: string | undefined;
  /**
   * Paths from the top of the work tree that may hold other bytes than the commit: modified, added,
   * removed, untracked and ignored files. Every other file git tracks there is the commit's.
   */
  readonly paths: readonly string[];
}

/** Fields before the path, by record kind of `git status --porcelain=v2 -z`. */
const FIELDS: Readonly<Record<string, number>> = { '1': 8, u: 10, '?': 1, '!': 1 };

/**
 * `git status --porcelain=v2 -z --branch` read: the `# branch.oid` header, then each record's path
 * (the last field; a path may hold spaces). Renames are not asked for (`--no-renames`), so no record
 * holds two paths.
 */
export function worktreeStatusOf(out: string): WorktreeStatus {
  let head: string | undefined;
  const paths: string[] = [];
  for (const record of out.split('\0')) {
    if (record.startsWith('# branch.oid ')) {
      const oid = record.slice('# branch.oid '.length);
      head = oid === '(initial)' ? undefined : oid;
      continue;
    }
    const fields = FIELDS[record.slice(0, record.indexOf(' '))];
    if (fields === undefined) continue;
    let at = 0;
    for (let field = 0; field < fields; field++) at = record.indexOf(' ', at) + 1;
    // An untracked or ignored folder git did not open is named with a trailing slash.
    paths.push(record.slice(at).replace(/\/$/, ''));
  }
  return { head, paths };
}
