import { createHash } from 'node:crypto';

/** sha256 (hex) of what is sent: the spec text, or the URL string for URL specs. */
export function specHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
