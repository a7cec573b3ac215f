import { createHash, type Hash } from 'node:crypto';

/** The id git gives a file's bytes (`git hash-object`): a snapshot file's content identity, and what pages and files carry as `git.oid`. */
export function gitBlobOid(bytes: Uint8Array): string {
  return blobOidHash(bytes.byteLength).update(bytes).digest('hex');
}

/** A hash to feed a file of `size` bytes in pieces: its hex digest is the file's {@link gitBlobOid}. */
export function blobOidHash(size: number): Hash {
  return createHash('sha1').update(`blob ${size}\0`);
}
