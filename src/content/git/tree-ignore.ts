import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

/** Folders never read nor watched, at any depth: git internals, dependencies, docsync's own state. */
const SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set(['.git', 'node_modules', '.docsync']);

/**
 * The one rule of what a worktree read (sync) and a worktree watch skip below a docs root: the
 * folders above at any depth, and what the `.gitignore` files from the repository's root down to
 * the docs root ignore (gitignore syntax, by the `ignore` package), so the worktree is read as git
 * would commit it and every edit that can change a sync wakes the watcher. `.gitignore` files below
 * the docs root are not read.
 */
export class TreeIgnore {
  private constructor(
    /** The rules' texts and folders: equal keys, equal rules. */
    readonly key: string,
    private readonly root: string,
    /** Each `.gitignore` with the folder its patterns are relative to. */
    private readonly rules: ReadonlyArray<{ readonly base: string; readonly rule: Ignore }>,
  ) {}

  /** Per rule folder, the docs root's path from it: joining and relativizing paths per file cost more than the rules. */
  readonly #prefixes = new Map<string, string>();

  #prefixOf(base: string): string {
    const prefix = path.relative(base, this.root).split(path.sep).join('/');
    this.#prefixes.set(base, prefix);
    return prefix;
  }

  /** The rule for the docs root `directory`; reads the `.gitignore` files above it once. */
  static load(directory: string): TreeIgnore {
    const root = path.resolve(directory);
    const rules: { base: string; rule: Ignore }[] = [];
    const texts: string[] = [];
    for (let folder = root; ; folder = path.dirname(folder)) {
      const file = path.join(folder, '.gitignore');
      if (existsSync(file)) {
        const text = readFileSync(file, 'utf8');
        rules.unshift({ base: folder, rule: ignore().add(text) });
        texts.unshift(folder, text);
      }
      if (existsSync(path.join(folder, '.git')) || path.dirname(folder) === folder) break;
    }
    return new TreeIgnore(JSON.stringify(texts), root, rules);
  }

  /**
   * The rule for a folder docsync wrote for itself (a space pulled for a migration, under `.docsync/`):
   * only the folders above are skipped. The `.gitignore` of the repository around it, which ignores
   * `.docsync/` as `docsync init` writes it, is not its rule.
   */
  static isolated(directory: string): TreeIgnore {
    return new TreeIgnore('[]', path.resolve(directory), []);
  }

  /**
   * Whether `relative` (to the docs root, `/`-separated) is skipped. `isDirectory` undefined (a
   * watcher's candidate without stats) tries it both as a file and as a folder.
   */
  ignores(relative: string, isDirectory?: boolean): boolean {
    if (relative === '') return false;
    if (relative.split('/').some((segment) => SKIPPED_DIRECTORIES.has(segment))) return true;
    for (const { base, rule } of this.rules) {
      // Every base is the root or a folder above it: the path from the base is the root's, then `relative`.
      const prefix = this.#prefixes.get(base) ?? this.#prefixOf(base);
      const fromBase = prefix === '' ? relative : `${prefix}/${relative}`;
      if (isDirectory !== true && rule.ignores(fromBase)) return true;
      if (isDirectory !== false && rule.ignores(`${fromBase}/`)) return true;
    }
    return false;
  }
}
