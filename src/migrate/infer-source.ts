import path from 'node:path';
import { SOURCE_KINDS, type SourceKind, type SourceSpec } from './plan-schema.js';

/** A problem with one field of a plan item: `path` below the item, and what is wrong. */
export interface FieldIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

const GIT_URL = /^(ssh|git|file):\/\/|^[\w.-]+@[\w.-]+:/i;
const HTTP_URL = /^https?:\/\//i;

/**
 * The kind of a source written as one string: `space:<id>`; an http(s) URL ending in `.zip`,
 * `.md`/`.markdown`, `.git`, `.html`/`.htm`, else a website; an `ssh://`, `git://`, `file://` or
 * `user@host:path` URL (git); anything else is a local path (a folder, or git when it ends in `.git`).
 */
export function inferSourceKind(text: string): SourceKind {
  if (text.startsWith('space:')) return 'space';
  if (GIT_URL.test(text)) return 'git';
  if (HTTP_URL.test(text)) {
    const pathname = safePathname(text).toLowerCase();
    if (pathname.endsWith('.zip')) return 'zip';
    if (pathname.endsWith('.md') || pathname.endsWith('.markdown')) return 'markdown';
    if (pathname.endsWith('.git')) return 'git';
    if (pathname.endsWith('.html') || pathname.endsWith('.htm')) return 'html';
    return 'website';
  }
  return text.replace(/\/+$/, '').endsWith('.git') ? 'git' : 'folder';
}

function safePathname(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

export interface SourceInput {
  /** A string (kind inferred) or an object with one kind key: `{git: url, ref, subfolder}`. */
  readonly value: unknown;
  /** Folder that relative local paths are resolved against: the plan file's. */
  readonly baseDir: string;
}

/**
 * Reads an item's `source` as written in a plan into a {@link SourceSpec}, or says what is wrong.
 * Accepts `"./docs"`, `"https://example.com/a.zip"`, `"space:abc"`, and objects with exactly one of
 * `folder`, `git`, `space`, `website`, `html`, `markdown`, `zip` (git also takes `ref`, `subfolder`).
 */
export function readSource(input: SourceInput): SourceSpec | FieldIssue {
  const { value, baseDir } = input;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return { path: ['source'], message: 'is empty; give a folder, a git or http(s) URL, or space:<id>' };
    const kind = inferSourceKind(text);
    // `htp://…`, `s3://…`: a URL of a scheme docsync does not read would otherwise be taken for a folder.
    const scheme = kind === 'folder' ? /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1] : undefined;
    if (scheme !== undefined) {
      return {
        path: ['source'],
        message: `is a ${scheme}:// URL, which docsync does not read; use an http(s) URL, a git URL (ssh://, git://, user@host:path), a folder, or space:<id>`,
      };
    }
    return build(kind, kind === 'space' ? text.slice('space:'.length) : text, {}, baseDir);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { path: ['source'], message: 'must be a string or an object such as {git: <url>, ref: main}' };
  }
  const record = value as Record<string, unknown>;
  const kinds = SOURCE_KINDS.filter((kind) => kind in record);
  const [kind] = kinds;
  if (kind === undefined || kinds.length > 1) {
    return { path: ['source'], message: `needs exactly one of ${SOURCE_KINDS.join(', ')} (found ${kinds.length === 0 ? 'none' : kinds.join(', ')})` };
  }
  const allowed = new Set<string>([kind, ...(kind === 'git' ? ['ref', 'subfolder'] : [])]);
  const unknown = Object.keys(record).find((key) => !allowed.has(key));
  if (unknown !== undefined) return { path: ['source', unknown], message: `is not a field of a ${kind} source` };
  const main = record[kind];
  if (typeof main !== 'string' || main.trim() === '') return { path: ['source', kind], message: 'must be a non-empty string' };
  return build(kind, main.trim(), record, baseDir);
}

function build(kind: SourceKind, value: string, record: Record<string, unknown>, baseDir: string): SourceSpec | FieldIssue {
  switch (kind) {
    case 'folder':
      return { kind, path: path.resolve(baseDir, value) };
    case 'space':
      if (value === '' || value.includes('/')) return { path: ['source'], message: 'space:<id> needs a space id' };
      return { kind, spaceId: value };
    case 'git': {
      const ref = record.ref ?? 'HEAD';
      if (typeof ref !== 'string' || ref.trim() === '' || ref.startsWith('-')) {
        return { path: ['source', 'ref'], message: 'must be a branch, tag or sha' };
      }
      const subfolder = record.subfolder ?? '';
      if (typeof subfolder !== 'string' || subfolder.split(/[\\/]/).includes('..') || path.isAbsolute(subfolder)) {
        return { path: ['source', 'subfolder'], message: 'must be a relative folder inside the repository' };
      }
      if (value.startsWith('-')) return { path: ['source', 'git'], message: 'must be a repository URL or path' };
      const isUrl = GIT_URL.test(value) || HTTP_URL.test(value);
      return {
        kind,
        url: isUrl ? value : path.resolve(baseDir, value),
        ref: ref.trim(),
        subfolder: subfolder
          .replaceAll('\\', '/')
          .replace(/^\.\/+|\/+$/g, '')
          .replace(/^\.$/, ''),
      };
    }
    default: {
      if (!HTTP_URL.test(value) || !URL.canParse(value)) {
        return { path: ['source', kind], message: `a ${kind} source must be an http(s) URL` };
      }
      return { kind, url: value };
    }
  }
}

export function isFieldIssue(value: SourceSpec | FieldIssue): value is FieldIssue {
  return 'message' in value;
}
