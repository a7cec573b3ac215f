import { decodeText } from '../../content/gitbook/clean-text.js';
import { gitBlobOid } from '../../content/git/git-blob-oid.js';

/** A page one side removed and the other changed, as committed: the changed side's text between markers. */
export function removedConflict(kept: string, removedBy: 'git' | 'platform'): string {
  const side = removedBy === 'platform' ? 'the platform removed this page; git changed it' : 'git removed this page; the platform changed it';
  return `<<<<<<< ${side}\n=======\n${kept}>>>>>>> keep or delete the file\n`;
}

/**
 * The blob of the conflict that holds the platform's version `bytes` of a page git removed: under
 * `adopt` that version stays live, and the next run finds it the platform's alone, which the
 * branch's conflict holds already.
 */
export function heldInConflict(bytes: Uint8Array): string {
  return gitBlobOid(new TextEncoder().encode(removedConflict(decodeText(bytes), 'git')));
}

/** The platform's version held by the conflict of a page git removed ({@link removedConflict}); undefined for any other text. */
export function keptInRemoved(text: string): string | undefined {
  const [head, tail] = [removedConflict('', 'git').split('>>>>>>> ')[0] ?? '', `>>>>>>> keep or delete the file\n`];
  return text.startsWith(head) && text.endsWith(tail) ? text.slice(head.length, text.length - tail.length) : undefined;
}
