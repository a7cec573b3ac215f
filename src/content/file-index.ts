import type { TreeEntry } from './tree-source.js';

/** A listing indexed for lookups by exact path, by path ignoring case, and by folder. */
export class FileIndex {
  private readonly byPath = new Map<string, TreeEntry>();
  private lowerCase: Map<string, string> | undefined;

  constructor(readonly entries: readonly TreeEntry[]) {
    for (const entry of entries) this.byPath.set(entry.path, entry);
  }

  get(path: string): TreeEntry | undefined {
    return this.byPath.get(path);
  }

  has(path: string): boolean {
    return this.byPath.has(path);
  }

  /** The listed path equal to `path` ignoring case: links written on macOS or Windows often differ. */
  findIgnoringCase(path: string): string | undefined {
    if (this.lowerCase === undefined) {
      this.lowerCase = new Map();
      for (const entry of this.entries) {
        const key = entry.path.toLowerCase();
        if (!this.lowerCase.has(key)) this.lowerCase.set(key, entry.path);
      }
    }
    return this.lowerCase.get(path.toLowerCase());
  }

  /** Entries inside `folder` ('' = all). */
  under(folder: string): readonly TreeEntry[] {
    if (folder === '') return this.entries;
    const prefix = `${folder}/`;
    return this.entries.filter((entry) => entry.path.startsWith(prefix));
  }
}
