/** A commit and what it changed, as `GitRepository.history` lists them. */
export interface CommitChanges {
  readonly oid: string;
  readonly message: string;
  /** Each file it changed (path from the top of the work tree) and the blob it left there; undefined where it removed the file. */
  readonly files: ReadonlyMap<string, string | undefined>;
}

/**
 * The commits of `git log --format=%x01%H%x02%B%x03 --raw -z --no-abbrev`: each record's sha,
 * message, and the blob each file was left at.
 */
export function commitChangesOf(out: string): CommitChanges[] {
  return out
    .split('\x01')
    .slice(1)
    .map((record) => {
      const [oid = '', rest = ''] = record.split('\x02');
      const end = rest.lastIndexOf('\x03');
      // `:<mode before> <mode after> <oid before> <oid after> <status>` NUL `<path>` NUL, per file.
      const fields = rest
        .slice(end + 1)
        .replace(/^[\0\n]+/, '')
        .split('\0');
      const files = new Map<string, string | undefined>();
      for (let i = 0; i + 1 < fields.length; i += 2) {
        const [, , , after = '', status = ''] = (fields[i] ?? '').replace(/^\n/, '').slice(1).split(' ');
        files.set(fields[i + 1] ?? '', status === 'D' ? undefined : after);
      }
      return { oid, message: rest.slice(0, end), files };
    });
}

/** The blob ids in `git log --format= --raw --no-abbrev` of one file, newest first, each once (none for no output). */
export function pastBlobsOf(out: string | undefined): string[] {
  const oids = new Set<string>();
  for (const line of out?.split('\n') ?? []) {
    // `:100644 100644 <before> <after> M\t<path>`: the blob after the commit, then the one before it.
    const [, , before, after] = line.split(/\s+/);
    for (const oid of [after, before]) if (oid !== undefined && /^[0-9a-f]{40,64}$/.test(oid) && !/^0+$/.test(oid)) oids.add(oid);
  }
  return [...oids];
}
