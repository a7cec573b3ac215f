import type { ExpectedPage } from '../../content/bundle/content-expectation.js';
import type { TargetState } from '../../state/state-store.js';
import { withChanges } from '../../state/with-changes.js';
import type { PreparedContent } from '../prepared-content.js';
import type { TargetBase } from './detected-edits.js';
import { gitBlobOid } from '../../content/git/git-blob-oid.js';
import { pageFileFingerprint } from './page-file-fingerprint.js';
import { BASE_VERSION, fingerprintsCurrent } from './base-version.js';
import type { Titlings } from './page-titlings.js';

type BasePage = NonNullable<ReturnType<TargetBase['pages']['get']>>;

/**
 * The base once `expected` is live: each page's blob id and fingerprint, and the commit. Pages
 * `sent` with the blob `expected` (see {@link sentPages}) are as sent; fingerprints of blobs the
 * previous base had are kept (when they mean what this version's do); only other pages are read.
 */
export async function nextBase(
  content: Pick<PreparedContent, 'readMany' | 'commit'>,
  expected: readonly ExpectedPage[],
  previous: TargetBase | undefined,
  titlings: Titlings,
  sent?: ReadonlyMap<string, BasePage>,
): Promise<TargetBase> {
  const known = new Map(fingerprintsCurrent(previous) ? [...(previous?.pages ?? [])].map(([path, entry]) => [`${path}\n${entry.oid}`, entry.fingerprint]) : []);
  const pages = new Map<string, BasePage>();
  const unread = new Map<string, string>();
  for (const page of expected) {
    const asSent = sent?.get(page.path);
    if (asSent?.oid === page.oid) {
      pages.set(page.path, asSent);
      continue;
    }
    const fingerprint = known.get(`${page.path}\n${page.oid}`);
    if (fingerprint === undefined) unread.set(page.path, page.oid);
    else pages.set(page.path, { oid: page.oid, fingerprint });
  }
  for await (const { path, bytes } of content.readMany([...unread.keys()])) {
    pages.set(path, { oid: unread.get(path) ?? '', fingerprint: pageFileFingerprint(bytes, path, titlings(path)) });
  }
  return { version: BASE_VERSION, ...(content.commit ? { commit: content.commit.oid } : {}), pages };
}

/**
 * The base once this content is live: content that was synced already keeps the one saved with it,
 * unread. Not when the last run left its content in a change request (the state names one): that run
 * recorded the content's hash but not its base, which is still the one of the content before.
 */
export async function baseOnceLive(
  content: Pick<PreparedContent, 'readMany' | 'commit' | 'contentHash'>,
  state: Pick<TargetState, 'base' | 'lastHash' | 'changeRequest'> | undefined,
  expected: () => Promise<readonly ExpectedPage[]>,
  titlings: Titlings,
  sent?: ReadonlyMap<string, BasePage>,
): Promise<TargetBase> {
  const base = state?.base;
  return base !== undefined && fingerprintsCurrent(base) && state?.lastHash === content.contentHash && state.changeRequest === undefined
    ? base
    : nextBase(content, await expected(), base, titlings, sent);
}

/**
 * The blob id and fingerprint of each page as content batches sent it, by path, noted as each
 * batch lands: the base once they are live, without reading every page again. A page sent with
 * other bytes than git's (the platform's kept) has another blob id than git's, and is not taken.
 */
export function sentPages(titlings: Titlings): { readonly pages: ReadonlyMap<string, BasePage>; readonly note: (path: string, bytes: Uint8Array) => void } {
  const pages = new Map<string, BasePage>();
  return {
    pages,
    note: (path, bytes) => void pages.set(path, { oid: gitBlobOid(bytes), fingerprint: pageFileFingerprint(bytes, path, titlings(path)) }),
  };
}

/**
 * The base with each page that went live with other content than git's marked with that content
 * (and no other), so the next runs leave it live until git or the platform changes it again.
 */
export function withLivePages(base: TargetBase, live: ReadonlyMap<string, string | null>, titlings: Titlings): TargetBase {
  // None left live, none marked: the base as it is, not copied (30,000 pages on a first sync).
  if (live.size === 0 && !marksLive(base.pages.values())) return base;
  const pages = new Map<string, BasePage>();
  for (const [path, { live: _previous, ...entry }] of base.pages) {
    const text = live.get(path);
    pages.set(
      path,
      text === undefined || text === null
        ? entry
        : { ...entry, live: { oid: gitBlobOid(new TextEncoder().encode(text)), fingerprint: pageFileFingerprint(text, path, titlings(path)) } },
    );
  }
  // A page git does not have (added in the platform), or left out live (removed there), has no
  // content to hold: each run finds it changed in the platform only, and adopts it again.
  return { ...base, pages };
}

/**
 * The previous base with the pages at `paths` as git holds them now (each read once): the base once
 * a sync that changed only those pages, and left none live with other content, has merged. Undefined
 * when the previous base cannot be carried over (none, or fingerprints of another version).
 */
export async function baseWithChanges(
  content: Pick<PreparedContent, 'readMany' | 'commit'>,
  previous: TargetBase | undefined,
  paths: readonly string[],
  titlings: Titlings,
): Promise<TargetBase | undefined> {
  if (previous === undefined || !fingerprintsCurrent(previous)) return undefined;
  const changed = new Map<string, BasePage>();
  for await (const { path, bytes } of content.readMany(paths)) {
    changed.set(path, { oid: gitBlobOid(bytes), fingerprint: pageFileFingerprint(bytes, path, titlings(path)) });
  }
  return { version: BASE_VERSION, ...(content.commit ? { commit: content.commit.oid } : {}), pages: withChanges(previous.pages, changed) };
}

function marksLive(pages: Iterable<BasePage>): boolean {
  for (const page of pages) if (page.live !== undefined) return true;
  return false;
}
