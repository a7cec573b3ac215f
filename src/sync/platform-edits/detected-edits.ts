import type { File, Revision } from '../../api/schemas/content.js';
import type { TargetState } from '../../state/state-store.js';
import type { PageChange } from './classify-pages.js';
import type { LivePlace } from './live-places.js';

export type TargetBase = NonNullable<TargetState['base']>;

/** The three versions of a page as files of the repo; undefined where the page does not exist. */
export interface PageTexts {
  readonly base: string | undefined;
  readonly git: string | undefined;
  readonly platform: string | undefined;
  /** The title the platform changed the page to, where `SUMMARY.md` gives the page link text: that text becomes it. */
  readonly title?: string | undefined;
}

export interface DetectedEdits {
  /** The space's main revision that was compared. */
  readonly revision: Pick<Revision, 'id' | 'createdAt'>;
  /** Every page a side changed since the base, by path in the docs root. */
  readonly changes: readonly PageChange[];
  /** The versions of each page the platform changed (kinds `platform` and `both`), and of each `held` one. */
  readonly texts: ReadonlyMap<string, PageTexts>;
  /** Titles of the platform's pages, by path: SUMMARY.md entries for pages made there. */
  readonly titles: ReadonlyMap<string, string>;
  /** The ids of the live pages neither git nor the base has (made in the platform), by path: the branch names them by it. */
  readonly addedIds: ReadonlyMap<string, string>;
  /** A base was found to compare with: false for a space docsync never synced. */
  readonly based: boolean;
  /** The space's files in that revision: those the platform's pages link to go to git with them. */
  readonly files: readonly File[];
  /** Where each live page is in the page tree, by path: a page made there keeps its place in `SUMMARY.md`. */
  readonly places: ReadonlyMap<string, LivePlace>;
  /** Pages the platform moved to another place (same path), by path: `SUMMARY.md` follows. */
  readonly moved: readonly string[];
  /** Pages the platform holds at another path than git's (a new slug, a move), by git's path: see `renamedInPlatform` in renamed-pages.ts. */
  readonly renamed: ReadonlyMap<string, string>;
  /** Of those, pages the platform added that a sync left live, given a new slug there since, by the branch's path: its `SUMMARY.md` links the new one. */
  readonly renamedAdded: ReadonlyMap<string, string>;
  /**
   * Pages git moved (renamed, edited or not) that the platform changed at their base path, or placed
   * a page under or beside, by base path: git's path, where their change is, and the live page's id,
   * which goes there.
   */
  readonly renamedInGit: ReadonlyMap<string, { readonly path: string; readonly id: string }>;
}

/** What a space docsync never synced says: no base to tell edits from (the first sync replaces pages written by hand). */
export function unbasedEdits(main: Pick<Revision, 'id' | 'createdAt' | 'files'>, places: ReadonlyMap<string, LivePlace>): DetectedEdits {
  return {
    revision: { id: main.id, createdAt: main.createdAt },
    changes: [],
    texts: new Map(),
    titles: new Map(),
    addedIds: new Map(),
    based: false,
    files: main.files,
    places,
    moved: [],
    renamed: new Map(),
    renamedAdded: new Map(),
    renamedInGit: new Map(),
  };
}
