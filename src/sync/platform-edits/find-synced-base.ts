import type { ChangeRequestsApi } from '../../api/resources/change-requests.js';
import type { ExpectedPage } from '../../content/bundle/content-expectation.js';
import type { DocsSnapshot } from '../../content/gitbook/docs-snapshot.js';
import { ContentError } from '../../content/errors/content-error.js';
import { GitAbortedError } from '../../content/errors/git-aborted-error.js';
import { GitRefSource } from '../../content/git/git-ref-source.js';
import { readDocsRepo } from '../../content/read-docs-repo.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import { bundleExpectation } from '../bundle-expectation.js';
import { recordedCommit } from '../change-request-subject.js';
import type { Page } from '../../api/schemas/content.js';
import { livePathsOf } from '../pages/live-pages.js';
import { syncedLayout } from '../pages/synced-layout.js';
import { pathTree, type PathTree } from './page-moves.js';

/** What docsync last merged into the space, rebuilt from git at the commit its change request records. */
export interface SyncedBase {
  /** Every page of that commit's table of contents, by path in the docs root, and its blob id. */
  readonly pages: readonly ExpectedPage[];
  /**
   * Where docsync put each of those pages in the space: repo path by the page's live path (slugs);
   * a heading page (a group or an item without a link made a page) by its key (`isHeadingKey`).
   */
  readonly livePaths: ReadonlyMap<string, string>;
  /** That commit's table of contents: where the platform's moves are told from. */
  readonly tree: readonly PathTree[];
}

/**
 * The base of a runner without state on an API whose pages carry no git source (content batches):
 * the newest merged change request of the target that records its commit (`@<sha>` before the
 * marker), and that commit's pages read from git. Undefined when none records one, or when this
 * clone does not have that commit (a shallow clone): the run then has no base, as before any sync.
 * The pages are laid out as the sync laid them out in a space whose top level is `live`.
 */
export async function findSyncedBase(
  api: { readonly changeRequests: Pick<ChangeRequestsApi, 'list'> },
  target: Pick<SpaceTarget, 'name' | 'spaceId' | 'directory' | 'groups'>,
  live: readonly Pick<Page, 'type' | 'title'>[],
  signal?: AbortSignal,
): Promise<SyncedBase | undefined> {
  const sha = await lastSyncedCommit(api, target, signal);
  return sha === undefined ? undefined : syncedBaseAt(target, sha, live, signal);
}

/** The commit the target's newest merged change request that records one (`@<sha>` before the marker) records. */
export async function lastSyncedCommit(
  api: { readonly changeRequests: Pick<ChangeRequestsApi, 'list'> },
  target: Pick<SpaceTarget, 'name' | 'spaceId'>,
  signal?: AbortSignal,
): Promise<string | undefined> {
  let newest: { number: number; sha: string } | undefined;
  for await (const cr of api.changeRequests.list(target.spaceId, { status: 'merged', signal })) {
    const sha = recordedCommit(cr.subject, target.name);
    if (sha !== undefined && (newest === undefined || cr.number > newest.number)) newest = { number: cr.number, sha };
  }
  return newest?.sha;
}

/**
 * The pages of the commit `sha` (as a change request's marker records it) read from git, laid out as
 * the sync laid them out in a space whose top level is `live`. Undefined when this clone does not
 * have that commit (a shallow clone) or holds no docs there.
 */
export async function syncedBaseAt(
  target: Pick<SpaceTarget, 'directory' | 'groups'>,
  sha: string,
  live: readonly Pick<Page, 'type' | 'title'>[],
  signal?: AbortSignal,
): Promise<SyncedBase | undefined> {
  let source: GitRefSource;
  let snapshot: DocsSnapshot;
  try {
    source = await GitRefSource.open(target.directory, sha, { signal });
    snapshot = await readDocsRepo(source);
  } catch (error) {
    // Not in this clone (a shallow one), not a repository, no docs there: no base, as on a first sync.
    if (error instanceof ContentError && !(error instanceof GitAbortedError)) return undefined;
    throw error;
  }
  const { pages } = bundleExpectation({ snapshot });
  const { groups } = syncedLayout(snapshot, live, target.groups);
  return { pages, livePaths: livePathsOf(groups), tree: pathTree(groups) };
}
