import { createHash } from 'node:crypto';

/** The id git gives a file's content (`git hash-object`), so page and file `git.oid`s match a checkout. */
export function gitBlobOid(data: Uint8Array): string {
  return createHash('sha1').update(`blob ${data.byteLength}\0`).update(data).digest('hex');
}
