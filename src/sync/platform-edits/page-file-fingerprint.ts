import { decodeText } from '../../content/gitbook/clean-text.js';
import { fileFingerprint } from '../../content/gitbook/page-meaning.js';
import type { PageTitling } from '../../content/gitbook/page-titling.js';
import { rewriteFileLinks } from '../pages/rewrite-file-links.js';

/**
 * The {@link fileFingerprint} of the page file at `path` (in the docs root) with each link to a file
 * (not a page) spelled one way, by its path in the docs root: git's `Sync%20flow%20\(1\).png`, the
 * platform's `Sync%20flow%20%281%29.png` given back as a path, `./a.png` and `a.png` name one file,
 * so a page docsync sent is its own version whatever spelling the platform gives its links back in.
 */
export function pageFileFingerprint(file: Uint8Array | string, path: string, titling: PageTitling, shownTitle?: string): string {
  const text = typeof file === 'string' ? file : decodeText(file);
  return fileFingerprint(
    rewriteFileLinks(text, path, (linked) => (/\.md$/i.test(linked) ? undefined : `/${linked}`)),
    titling,
    shownTitle,
  );
}
