/**
 * The fingerprint of what `npm run build` compiles and bundles: a sha256 over the path and content
 * of every input file. The build records it in dist/ when it has finished; a dist/ whose recorded
 * fingerprint matches the sources is up to date, whatever the files' timestamps say (a fresh clone
 * and `npm ci` touch every file).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** The inputs of the build, relative to the project root: tsconfig.build.json's folders, the compiler settings, the dependencies. */
const BUILD_INPUTS = ['src', 'workers', 'bench', 'scripts', 'tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json'];

/** Where a finished build records the fingerprint of its inputs. */
const RECORD = join('dist', 'build-inputs.sha256');

export async function buildFingerprint(root: string): Promise<string> {
  const files = (await Promise.all(BUILD_INPUTS.map((input) => filesUnder(root, input)))).flat().sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const content = createHash('sha256')
      .update(await readFile(join(root, file)))
      .digest('hex');
    hash.update(`${file}\0${content}\n`);
  }
  return hash.digest('hex');
}

/** The fingerprint the last finished build recorded, if any. */
export async function recordedFingerprint(root: string): Promise<string | undefined> {
  try {
    return (await readFile(join(root, RECORD), 'utf8')).trim();
  } catch {
    return undefined;
  }
}

export async function recordFingerprint(root: string, fingerprint: string): Promise<void> {
  await writeFile(join(root, RECORD), `${fingerprint}\n`);
}

/** Called as a build starts: a build that stops half-way leaves no record, so the next check rebuilds. */
export async function forgetFingerprint(root: string): Promise<void> {
  await rm(join(root, RECORD), { force: true });
}

/** Every file of `input` (a file or a folder), as a path relative to `root` with `/` separators. */
async function filesUnder(root: string, input: string): Promise<string[]> {
  const path = join(root, input);
  let entries;
  try {
    entries = await readdir(path, { recursive: true, withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return [input];
    if (code === 'ENOENT') return [];
    throw error;
  }
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
}
