import { createHash } from 'node:crypto';
import { readRegularFile } from '../config/read-regular-file.js';
import { dirname, relative, resolve, sep } from 'node:path';
import type { ReadScope } from '../config/read-scope.js';

/** Bumped when what docsync sends for the same files changes (bundling, serialization). */
const FORMAT = 'docsync-spec-sources/1';

/** The files a published spec was built from, and their fingerprint: what lets a re-run skip validation. */
export interface SpecSources {
  /** Paths relative to the root file's folder, `/`-separated, the root first. */
  readonly files: string[];
  /** sha256 over the paths and texts of {@link files}. */
  readonly hash: string;
}

/** A file's text as the spec reader sees it: UTF-8 without a byte-order mark. */
export function specText(raw: string): string {
  return raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
}

/** The fingerprint of files already read (absolute path → text), the root first. */
export function fingerprintTexts(root: string, texts: ReadonlyArray<readonly [string, string]>): SpecSources {
  const folder = dirname(root);
  const hash = createHash('sha256').update(FORMAT);
  const files: string[] = [];
  for (const [path, text] of texts) {
    const name = relative(folder, path).split(sep).join('/');
    files.push(name);
    hash.update(`\0${name}\0`).update(text, 'utf8');
  }
  return { files, hash: hash.digest('hex') };
}

/**
 * Whether the files a spec was last published from still hold the same texts, read again without
 * parsing or validating them: the cheap check that lets an unchanged spec be skipped in a few
 * milliseconds. Any file missing, unreadable or now outside `scope` answers false (the full load
 * then reports it properly). A new `$ref` to a new file changes the file holding it, so it is seen.
 */
export async function sourcesUnchanged(root: string, sources: SpecSources, scope: ReadScope): Promise<boolean> {
  const folder = dirname(root);
  const texts: Array<[string, string]> = [];
  for (const name of sources.files) {
    const path = resolve(folder, name);
    if (!scope.locate(path).inside) return false;
    try {
      texts.push([path, specText(await readRegularFile(path))]);
    } catch {
      return false;
    }
  }
  return texts[0]?.[0] === resolve(root) && fingerprintTexts(root, texts).hash === sources.hash;
}
