import type { Page, Revision } from '../../api/schemas/content.js';
import type { ExpectedPage } from '../../content/bundle/content-expectation.js';
import type { PreparedContent } from '../prepared-content.js';
import type { LeftLivePage } from './branch-left-live.js';
import type { TargetBase } from './detected-edits.js';
import type { SyncedBase } from './find-synced-base.js';
import type { Titlings } from './page-titlings.js';
import type { TakenInPage } from './taken-in-left-live.js';

/** What `detectPlatformEdits` compares, and how it asks for more when it needs to. */
export interface DetectInput {
  readonly spaceId: string;
  readonly content: Pick<PreparedContent, 'snapshot' | 'readMany'>;
  /** What git holds: every page of the table of contents and its blob id. */
  readonly expected: readonly ExpectedPage[];
  /** The base kept in the state, if any. */
  readonly base: TargetBase | undefined;
  /** How the platform titles each page of git's docs (by path in the docs root). */
  readonly titlings: Titlings;
  /** Today's API: the pages docsync delivered in batches (which carry no git source), by path: id and `updatedAt` read back. */
  readonly delivered?: ReadonlyMap<string, { readonly id: string; readonly updatedAt?: string | undefined }> | undefined;
  /**
   * With state, docsync's change request is open: `delivered` names only the pages main holds as the
   * change request has them. A page it moved or replaced there is at its old place in main, found as
   * a runner without state finds it: by the base's layout.
   */
  readonly changeRequestOpen?: boolean | undefined;
  /** With state, the pages docsync's open change request holds at a path main's base lacks (git's moves), by id: that path. */
  readonly movedInChangeRequest?: ReadonlyMap<string, string> | undefined;
  /** Today's API: the files docsync delivered, by path: their ids, which pages link as `/files/<id>`. */
  readonly deliveredFiles?: ReadonlyMap<string, { readonly id: string }> | undefined;
  /** Without state: live pages found holding git's version of their page when the sync planned (by meaning), path by page id; not read again. */
  readonly holdingGit?: Readonly<Record<string, string>> | undefined;
  /** A blob of the docs' repository (the base's pages), undefined when git does not have it. */
  readonly readBlob?: ((oid: string) => Promise<Uint8Array | undefined>) | undefined;
  /** The blob ids a page (by path in the docs root) had in git's recent history, newest first. */
  readonly pastBlobs?: ((path: string) => Promise<readonly string[]>) | undefined;
  /** The base rebuilt from git at the commit docsync last merged: asked only when neither the state nor a past revision gives one. */
  readonly syncedBase?: ((main: Pick<Revision, 'id' | 'pages'>) => Promise<SyncedBase | undefined>) | undefined;
  /**
   * Without state: of these pages (live other than git's, or not live), those a sync left live
   * (`adopt`, a clean merge) or left out (`adopt`), by path: the blob id the platform-edits branch
   * holds for them, and git's then.
   */
  readonly leftLive?: ((paths: readonly string[]) => Promise<ReadonlyMap<string, LeftLivePage>>) | undefined;
  /**
   * docsync's open change request, compared instead of main: its pages a reviewer changed since
   * docsync delivered them (`delivered`), against `base`, what docsync delivered.
   */
  readonly changeRequest?: string | undefined;
  /**
   * Main's revision docsync's open change request was made from (its merged ancestor, else its
   * initial revision): what the platform moved since, it moved after git's changes it holds.
   */
  readonly openedFrom?: string | undefined;
  /** Texts of the base's blobs git does not hold (the platform's side of a conflict laid over a change request), by blob id. */
  readonly texts?: ReadonlyMap<string, string> | undefined;
  /** In docsync's change request: where this sync lays git's pages out in a page tree, repo path (or heading key) by live path. */
  readonly laidOut?: ((tree: readonly Page[]) => ReadonlyMap<string, string>) | undefined;
  /** Pages carrying their git source (the seed's API): the main revision docsync's last merge made. */
  readonly importedRevision?: (() => Promise<string | undefined>) | undefined;
  /** Pages left live whose platform-edits commit git's synced commit has merged (a conflict resolved in git). */
  readonly takenIn?: (() => Promise<ReadonlySet<string>>) | undefined;
  /**
   * Without state, once git has merged the platform-edits branch: of these pages (live other than
   * git's), those a sync left live as its merged commits say, with what it left and git's blob then.
   */
  readonly takenInLive?: ((paths: readonly string[]) => Promise<ReadonlyMap<string, TakenInPage>>) | undefined;
  /**
   * Of these pages (git's version other than the base's and the live one, by path: git's blob id),
   * those whose git version a platform-edits commit wrote since the base: the platform's own,
   * merged into git (see merged-from-branch.ts).
   */
  readonly mergedFromBranch?:
    ((changed: ReadonlyMap<string, string>, base: { since: string | undefined; based: (path: string) => boolean }) => Promise<ReadonlySet<string>>) | undefined;
  readonly signal?: AbortSignal | undefined;
}
