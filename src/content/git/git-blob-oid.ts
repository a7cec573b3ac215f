import { createHash } from 'node:crypto';

/** The id git gives a file's bytes (`git hash-object`); pages and files carry it as `git.oid`. */
export function gitBlobOid(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
}
