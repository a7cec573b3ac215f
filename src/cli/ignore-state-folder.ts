import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Forms of a `.gitignore` line that already ignore the `.docsync/` folder next to it. */
const IGNORED = new Set(['.docsync', '.docsync/', '/.docsync', '/.docsync/', '.docsync/*', '/.docsync/*', '.docsync/**', '/.docsync/**']);

/**
 * Adds `.docsync/` (docsync's state, caches and bundles, next to docsync.yaml) to the `.gitignore`
 * in `dir`, creating the file if needed. Idempotent: a line that already ignores it is left alone.
 */
export async function ignoreStateFolder(dir: string): Promise<'created' | 'added' | 'present'> {
  const file = path.join(dir, '.gitignore');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await writeFile(file, '# docsync state, caches and bundles\n.docsync/\n');
    return 'created';
  }
  if (text.split(/\r?\n/).some((line) => IGNORED.has(line.trim()))) return 'present';
  const separator = text === '' || text.endsWith('\n') ? '' : '\n';
  await writeFile(file, `${text}${separator}\n# docsync state, caches and bundles\n.docsync/\n`);
  return 'added';
}
