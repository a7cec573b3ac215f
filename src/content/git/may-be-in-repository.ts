import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether git may find a repository from `directory`: a `.git` (folder or file) there or in a folder
 * above it, where git's own search looks (every git command runs without an ambient `GIT_DIR`: see run-git.ts).
 */
export function mayBeInRepository(directory: string): boolean {
  for (let folder = directory; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, '.git'))) return true;
    if (path.dirname(folder) === folder) return false;
  }
}
