import { comparePaths } from '../compare-paths.js';
import { FolderNotInCommitError } from '../errors/folder-not-in-commit-error.js';
import { SourceFileNotFoundError } from '../errors/source-file-not-found-error.js';
import { type CommitInfo, GitRepository } from './git-repository.js';
import { ReadCounter } from '../read-counter.js';
import type { FileBytes, TreeEntry, TreeSource } from '../tree-source.js';

/**
 * Reads the tree of one commit, whatever the work tree holds. The ref is resolved once, at open, so a
 * branch moving mid-read cannot mix two commits. Change token: the blob oid, which the listing also
 * gives as the file's content identity: a file is read only for what is derived from its text.
 */
export class GitRefSource implements TreeSource {
  readonly label: string;
  readonly counter = new ReadCounter();
  private oids: Map<string, string> | undefined;
  /** A listing taken as this commit's ({@link assumeListing}), by path. */
  private assumed: ReadonlyMap<string, { readonly token?: string | undefined }> | undefined;

  private constructor(
    readonly repository: GitRepository,
    /** The ref as given (`HEAD`, `main`, a tag, a sha). */
    readonly ref: string,
    /** The commit `ref` named when the source was opened. */
    readonly commit: string,
  ) {
    const where = repository.prefix === '' ? repository.directory : `${repository.directory}/${repository.prefix}`;
    this.label = `${where}@${ref}`;
  }

  /**
   * Opens `ref` (default `HEAD`) of the repository containing `directory`. Paths are relative to
   * `directory`, as with a `WorktreeSource` on the same folder; `signal` ends its git processes. Throws `NotAGitRepositoryError`,
   * `GitRefNotFoundError`, `FolderNotInCommitError`.
   */
  static async open(directory: string, ref = 'HEAD', options: { signal?: AbortSignal | undefined } = {}): Promise<GitRefSource> {
    const { repository, commit, folder } = await GitRepository.openAt(directory, ref, options);
    if (!folder) throw new FolderNotInCommitError(repository.directory, repository.prefix, ref, commit);
    return new GitRefSource(repository, ref, commit);
  }

  /** Sha, subject and author of this source's commit. */
  headCommit(): Promise<CommitInfo> {
    return this.repository.headCommit(this.commit);
  }

  /** Symlinks of the commit's tree, as the last {@link list} found them. */
  private readonly links = new Set<string>();

  notAFile(path: string): string | undefined {
    return this.links.has(path) ? 'a symlink' : undefined;
  }

  async list(): Promise<readonly TreeEntry[]> {
    const entries: TreeEntry[] = [];
    const oids = new Map<string, string>();
    this.links.clear();
    for (const entry of await this.repository.listTree(this.commit, this.repository.prefix)) {
      if (entry.mode === '120000') this.links.add(entry.path);
      // Symlinks (120000) and submodules (160000) hold no docs content of their own.
      if (entry.type !== 'blob' || entry.mode === '120000') continue;
      oids.set(entry.path, entry.oid);
      entries.push({ path: entry.path, size: entry.size, token: entry.oid, oid: entry.oid });
    }
    this.oids = oids;
    return entries.sort((a, b) => comparePaths(a.path, b.path));
  }

  /**
   * The files (paths as {@link list} gives them) that differ between `commit` and this source's
   * commit, with their change token here; undefined when git cannot tell (a commit it no longer has).
   */
  async changedSince(commit: string): Promise<{ path: string; status: string; token: string; link: boolean }[] | undefined> {
    const changed = await this.repository.changedFiles(commit, this.commit, this.repository.prefix);
    return changed?.map((file) => ({ path: file.path, status: file.status, token: file.oid, link: file.mode === '120000' || file.mode === '160000' }));
  }

  /** Takes `listing` (by path) as this commit's (a listing kept from the same tree, patched), so reads need no `ls-tree`. */
  assumeListing(listing: ReadonlyMap<string, { readonly token?: string | undefined }>): void {
    this.assumed = listing;
  }

  async read(path: string): Promise<Uint8Array> {
    const bytes = await this.repository.readBlob(await this.oidOf(path));
    this.counter.record(bytes.length);
    return bytes;
  }

  async *readMany(paths: readonly string[]): AsyncIterable<FileBytes> {
    const pathsByOid = new Map<string, string[]>();
    const oidOf = await this.oidLookup();
    for (const path of paths) {
      const oid = oidOf(path);
      if (oid === undefined) throw new SourceFileNotFoundError(this.label, path);
      const same = pathsByOid.get(oid);
      if (same === undefined) pathsByOid.set(oid, [path]);
      else same.push(path); // identical files are fetched once
    }
    for await (const { oid, bytes } of this.repository.readBlobs([...pathsByOid.keys()])) {
      for (const path of pathsByOid.get(oid) ?? []) {
        this.counter.record(bytes.length);
        yield { path, bytes };
      }
    }
  }

  private async oidOf(path: string): Promise<string> {
    const oid = (await this.oidLookup())(path);
    if (oid === undefined) throw new SourceFileNotFoundError(this.label, path);
    return oid;
  }

  /**
   * How blob ids are looked up: through the assumed listing (a kept read's table finds a few paths
   * through its text and decodes itself for many), else through the commit's tree, listed once.
   */
  private async oidLookup(): Promise<(path: string) => string | undefined> {
    const assumed = this.assumed;
    if (assumed !== undefined) return (path) => assumed.get(path)?.token;
    const oids = this.oids ?? (await this.list(), this.oids);
    return (path) => oids?.get(path);
  }
}
