/** A file that differs between two commits, as {@link GitRepository.changedFiles} lists them. */
export interface ChangedFile {
  readonly path: string;
  /** `A`, `M`, `D` or `T`. */
  readonly status: string;
  /** Blob id and mode in the later commit. */
  readonly oid: string;
  readonly mode: string;
}

/** `git diff-tree -r -z --no-abbrev` read: `:<mode before> <mode after> <oid before> <oid after> <status>`, then the path. */
export function changedFilesOf(out: string): ChangedFile[] {
  const fields = out.split('\0');
  const changed: ChangedFile[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [, mode = '', , oid = '', status = ''] = (fields[i] ?? '').slice(1).split(' ');
    changed.push({ path: fields[i + 1] ?? '', status, oid, mode });
  }
  return changed;
}
