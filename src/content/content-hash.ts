import { createHash } from 'node:crypto';

/** What the content hash covers of a file. */
export interface HashedFile {
  readonly path: string;
  readonly size: number;
  /** The git blob oid of the bytes. */
  readonly oid: string;
}

const VERSION = 'docsync-content-v4';
const MODULUS = 1n << 256n;

/**
 * A file's line in the content hash: its path (tabs, line breaks and backslashes escaped, so no two
 * lists serialise alike), size and blob oid, tab-separated.
 */
function contentLine(file: HashedFile): string {
  return `${escape(file.path)}\t${file.size}\t${file.oid}`;
}

/**
 * The sum, modulo 2^256, of the sha256 of a version line and of each file's line, as 64 hex digits:
 * the same files give the same hash in any order, and a change of a few files is hashed from the
 * hash before it and those files alone ({@link contentHashWith}), not from every file again.
 */
export function contentHash(files: readonly HashedFile[]): string {
  let sum = lineHash(VERSION);
  for (const file of files) sum += lineHash(contentLine(file));
  return hex(sum);
}

/** {@link contentHash} of the files `hash` was of, `removed` taken out and `added` put in. */
export function contentHashWith(hash: string, removed: readonly HashedFile[], added: readonly HashedFile[]): string {
  let sum = BigInt(`0x${hash}`);
  for (const file of removed) sum += MODULUS - lineHash(contentLine(file));
  for (const file of added) sum += lineHash(contentLine(file));
  return hex(sum);
}

function lineHash(line: string): bigint {
  return BigInt(`0x${createHash('sha256').update(line).digest('hex')}`);
}

function hex(sum: bigint): string {
  return (sum % MODULUS).toString(16).padStart(64, '0');
}

// Paths may hold any character but NUL: tabs, line breaks and backslashes are escaped.
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function escape(value: string): string {
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] ?? c) : value;
}
