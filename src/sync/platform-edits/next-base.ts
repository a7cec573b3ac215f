import type { ExpectedPage } from '../../content/content-expectation.js';
import type { PreparedContent } from '../prepared-content.js';
import type { TargetBase } from './detect-platform-edits.js';
import { fileContent, pageFingerprint } from './page-fingerprint.js';

/**
 * The base once `expected` is live: each page's blob id and fingerprint, and the commit. Fingerprints
 * of blobs the previous base had are kept; only changed pages are read.
 */
export async function nextBase(content: Pick<PreparedContent, 'readMany' | 'commit'>, expected: readonly ExpectedPage[], previous: TargetBase | undefined): Promise<TargetBase> {
  const known = new Map(Object.values(previous?.pages ?? {}).map((entry) => [entry.oid, entry.fingerprint]));
  const pages: TargetBase['pages'] = {};
  const unread = new Map<string, string>();
  for (const page of expected) {
    const fingerprint = known.get(page.oid);
    if (fingerprint === undefined) unread.set(page.path, page.oid);
    else pages[page.path] = { oid: page.oid, fingerprint };
  }
  for await (const { path, bytes } of content.readMany([...unread.keys()])) {
    pages[path] = { oid: unread.get(path) ?? '', fingerprint: pageFingerprint(fileContent(bytes)) };
  }
  return { ...(content.commit ? { commit: content.commit.oid } : {}), pages };
}
