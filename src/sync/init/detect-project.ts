import type { Dirent } from 'node:fs';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseGitbookConfig } from '../../content/gitbook/gitbook-config.js';
import { comparePaths } from '../../content/compare-paths.js';

/** A folder docsync can sync as a space: it holds `.gitbook.yaml` or `SUMMARY.md`. */
export interface DetectedDocs {
  /** The project folder (where `.gitbook.yaml` is, else where `SUMMARY.md` is), relative to the scanned dir, `/`-separated; '' = the dir itself. */
  readonly directory: string;
  /** The docs root (`.gitbook.yaml`'s `root` applied), relative to the scanned dir. */
  readonly root: string;
  readonly gitbookYaml: boolean;
  /** Whether `SUMMARY.md` (or the configured summary) exists in the root. */
  readonly summary: boolean;
}

/** A file whose top level declares `openapi: 3.x` or `swagger: "2.0"`. */
export interface DetectedSpec {
  /** Relative to the scanned dir, `/`-separated. */
  readonly file: string;
  /** The declared version, e.g. `3.1.0` or `2.0`. */
  readonly version: string;
}

export interface DetectedProject {
  /** The scanned dir, absolute. */
  readonly dir: string;
  /** Whether the dir is inside a git work tree (a `.git` here or in a parent). */
  readonly git: boolean;
  readonly docs: readonly DetectedDocs[];
  readonly specs: readonly DetectedSpec[];
  /** What looked wrong on the way (a `.gitbook.yaml` root that does not exist, unreadable folders). */
  readonly warnings: readonly string[];
}

export interface DetectOptions {
  /** Folder levels below `dir` that are scanned. Default 4. */
  readonly maxDepth?: number;
}

/** Build output and dependencies hold copies, not sources; dot-folders are tooling (and `.git`). */
const SKIP = new Set(['node_modules', 'dist', 'build']);
const SPEC_FILE = /\.(?:ya?ml|json)$/i;
/** Enough to see the top-level `openapi:`/`swagger:` key, which comes first in practice. */
const HEAD_BYTES = 4096;

/**
 * Looks at a project folder for what `docsync init` can configure: docs folders (`.gitbook.yaml`, or
 * `SUMMARY.md` without one), OpenAPI/Swagger files, and whether it is a git repo. Reads only
 * `.gitbook.yaml` files and the first 4 KB of each YAML/JSON file.
 */
export async function detectProject(dir: string, options: DetectOptions = {}): Promise<DetectedProject> {
  const top = path.resolve(dir);
  const maxDepth = options.maxDepth ?? 4;
  const warnings: string[] = [];
  const gitbookDirs: string[] = [];
  const summaryDirs: string[] = [];
  const specs: DetectedSpec[] = [];

  const walk = async (relative: string, depth: number): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(path.join(top, relative), { withFileTypes: true });
    } catch (error) {
      warnings.push(`${relative || '.'}: not readable (${(error as NodeJS.ErrnoException).code ?? 'error'}); skipped`);
      return;
    }
    entries.sort((a, b) => comparePaths(a.name, b.name));
    for (const entry of entries) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (depth < maxDepth && !SKIP.has(entry.name) && !entry.name.startsWith('.')) await walk(child, depth + 1);
      } else if (entry.isFile()) {
        if (entry.name === '.gitbook.yaml') gitbookDirs.push(relative);
        else if (entry.name === 'SUMMARY.md') summaryDirs.push(relative);
        else if (SPEC_FILE.test(entry.name)) {
          const version = specVersion(await readHead(path.join(top, child)), entry.name);
          if (version !== undefined) specs.push({ file: child, version });
        }
      }
    }
  };
  await walk('', 0);

  const docs: DetectedDocs[] = [];
  for (const directory of gitbookDirs) {
    const file = directory === '' ? '.gitbook.yaml' : `${directory}/.gitbook.yaml`;
    const { config, warnings: configWarnings } = parseGitbookConfig(await readFile(path.join(top, file), 'utf8'), file);
    warnings.push(...configWarnings);
    const root = joinRelative(directory, config.root);
    if (!(await isDirectory(path.join(top, root)))) {
      warnings.push(`${file}: root "./${config.root}" does not exist; skipped`);
      continue;
    }
    const summary = await isFile(path.join(top, root, config.structure.summary));
    docs.push({ directory, root, gitbookYaml: true, summary });
  }
  // A SUMMARY.md inside a docs root already found is that root's (or a page's), not another space.
  for (const directory of summaryDirs) {
    if (docs.some((d) => isWithin(directory, d.root))) continue;
    if (summaryDirs.some((other) => other !== directory && isWithin(directory, other))) continue;
    docs.push({ directory, root: directory, gitbookYaml: false, summary: true });
  }
  docs.sort((a, b) => comparePaths(a.directory, b.directory));
  return { dir: top, git: await insideGitRepo(top), docs, specs, warnings };
}

/**
 * The `openapi`/`swagger` version a file declares at its top level, or undefined. YAML: a key at
 * column 0. JSON: a key of the outermost object (string-aware brace depth), so a nested `"openapi"`
 * property of some other document does not count.
 */
export function specVersion(head: string, fileName: string): string | undefined {
  const text = head.replace(/^\uFEFF/, '');
  if (/\.json$/i.test(fileName) || /^\s*\{/.test(text)) return jsonTopLevelVersion(text);
  const match = /^(openapi|swagger)[ \t]*:[ \t]*(['"]?)([0-9][0-9.]*)\2[ \t]*(?:#.*)?$/m.exec(text);
  return accepted(match?.[1], match?.[3]);
}

function accepted(key: string | undefined, version: string | undefined): string | undefined {
  if (key === 'openapi' && version !== undefined && /^3\.\d+(?:\.\d+)?$/.test(version)) return version;
  if (key === 'swagger' && version === '2.0') return version;
  return undefined;
}

function jsonTopLevelVersion(text: string): string | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') depth -= 1;
    else if (char === '"') {
      const end = stringEnd(text, i);
      if (end < 0) return undefined;
      if (depth === 1) {
        const key = text.slice(i + 1, end);
        const value = /^\s*:\s*"([^"]*)"/.exec(text.slice(end + 1));
        const version = accepted(key, value?.[1]);
        if (version !== undefined) return version;
      }
      i = end;
    }
  }
  return undefined;
}

/** Index of the quote closing the string opened at `start`, or -1 when the head cuts it off. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === '"') return i;
  }
  return -1;
}

async function readHead(file: string): Promise<string> {
  try {
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.alloc(HEAD_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
      return buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch {
    return ''; // unreadable: not a spec we can publish anyway
  }
}

async function insideGitRepo(dir: string): Promise<boolean> {
  for (let current = dir; ; current = path.dirname(current)) {
    if (await exists(path.join(current, '.git'))) return true;
    if (path.dirname(current) === current) return false;
  }
}

function joinRelative(directory: string, child: string): string {
  if (child === '') return directory;
  return directory === '' ? child : `${directory}/${child}`;
}

/** Whether `inner` is `outer` or below it ('' contains everything). */
function isWithin(inner: string, outer: string): boolean {
  return outer === '' || inner === outer || inner.startsWith(`${outer}/`);
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

async function isDirectory(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isDirectory() === true;
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() === true;
}
