import type { ContentApi, ContentTarget } from '../../api/resources/content.js';
import { withChanges } from '../../state/with-changes.js';
import type { PageDiff } from '../page-diff.js';
import type { Download } from '../../http/url-downloader.js';
import type { PreparedContent } from '../prepared-content.js';
import type { GroupsMode } from './desired-pages.js';
import { liveFiles, livePages } from './live-pages.js';
import type { DesiredGroup, DesiredPage, LiveFile, LivePage, PagePlan } from './page-plan.js';
import { holdsLanded, planChangedPages, type Landed } from './plan-changed-pages.js';
import type { PlannedDelivery } from './planned-delivery.js';
import { planPageChanges } from './plan-page-changes.js';
import { syncedLayout } from './synced-layout.js';
import { recognizeLiveContent } from './recognize-live-content.js';
import { rewriteFileLinks } from './rewrite-file-links.js';
import type { Delivered, DeliveredFile, DeliveredPage } from './send-batches.js';

/** A page plan with what sending it needs and what it would change, by path. */
/**
 * Reads a change request's (or the space's) content once and plans the page changes that make it
 * the repo's: from the changed files alone when that revision is the one the last sync left and the
 * read says what changed since (`landed`, {@link planChangedPages}), else in full. Pages are read only when files are sent again, to find the pages linking them. Live
 * pages and files docsync has no record of are recognized by what they hold (one read per such
 * page, one download per such file, see {@link recognizeLiveContent}) when the API can read pages:
 * a runner without `.docsync/` sends only what differs.
 */
export async function planDelivery(
  api: { readonly content: Pick<ContentApi, 'getRevision'> & Partial<Pick<ContentApi, 'getPage'>> },
  into: ContentTarget,
  content: Pick<PreparedContent, 'snapshot' | 'readMany'> & Partial<Pick<PreparedContent, 'changed' | 'pageCount'>>,
  delivered: Delivered | undefined,
  signal?: AbortSignal,
  download?: Download,
  landed?: Landed,
  groups: GroupsMode = 'flat',
): Promise<PlannedDelivery> {
  const revision = await api.content.getRevision(into, { signal });
  const fromChanges = content.pageCount === undefined ? undefined : planChangedPages(revision, { ...content, pageCount: content.pageCount }, delivered, landed);
  if (fromChanges !== undefined) return fromChanges;
  const placed = syncedLayout(content.snapshot, revision.pages, groups);
  const desired = { groups: placed.groups, files: placed.files };
  // Pages a single batch sent are recorded without their stamp: trusted while the revision is the one docsync left.
  let live = livePages(revision.pages, desired.groups, delivered, landed === undefined || holdsLanded(revision, landed));
  let found = liveFiles(revision.files, delivered);
  const getPage = api.content.getPage?.bind(api.content);
  if (getPage !== undefined) {
    ({ pages: live, files: found } = await recognizeLiveContent(
      { api: { content: { getPage } }, download },
      into,
      content,
      desired,
      { pages: live, files: found, raw: revision.files },
      signal,
    ));
  }
  const files = { desired: desired.files, live: found };
  const planned = async (): Promise<PagePlan> => {
    const plan = planPageChanges({ desired: desired.groups, live, files });
    const resent = new Set(plan.changes.flatMap((change) => (change.kind === 'insert-files' ? change.files.map((file) => file.path) : [])));
    return resent.size === 0 ? plan : planPageChanges({ desired: await withLinkedFiles(desired.groups, resent, content), live, files });
  };
  const made = await planned();
  const plan = { ...made, warnings: [...placed.warnings, ...made.warnings] };
  const hashes = new Map<string, string>(desired.files.map((file) => [file.path, file.hash]));
  const addHashes = (pages: readonly DesiredPage[]): void =>
    pages.forEach((page) => {
      hashes.set(page.path, page.hash);
      addHashes(page.children);
    });
  desired.groups.forEach((group) => addHashes(group.pages));
  const fileIds = new Map(files.live.flatMap((file) => (file.key === undefined ? [] : [[file.key, file.id] as const])));
  return {
    plan,
    hashes,
    fileIds,
    diff: diffOf(plan, live, hashes.size - desired.files.length),
    sizes: new Map(content.snapshot.files.map((file) => [file.path, file.size])),
    known: knownOf(live, found, delivered),
    revision: revision.id,
    fromChanges: false,
  };
}

/**
 * The record of what is live, with what was recognized added to what docsync delivered; a page edited
 * since docsync wrote it and recognized as what the repo holds now (kept from the platform), or one
 * whose hash was not known, replaces the stale entry. `delivered` itself when nothing was added.
 */
function knownOf(live: readonly LivePage[], found: readonly LiveFile[], delivered: Delivered | undefined): Delivered {
  const pages = new Map<string, DeliveredPage>();
  const recordedAt = (key: string): DeliveredPage | undefined => pages.get(key) ?? delivered?.pages.get(key);
  const walk = (list: readonly LivePage[]): void =>
    list.forEach((page) => {
      const recorded = page.key === undefined ? undefined : recordedAt(page.key);
      const stale = recorded !== undefined && recorded.id === page.id && recorded.hash !== page.hash;
      if (page.type === 'document' && page.key !== undefined && page.hash !== undefined && (recorded === undefined || stale))
        pages.set(page.key, { id: page.id, hash: page.hash });
      walk(page.children);
    });
  walk(live);
  const files = new Map<string, DeliveredFile>();
  for (const file of found)
    if (file.key !== undefined && file.hash !== undefined && delivered?.files.get(file.key)?.hash === undefined && !files.has(file.key))
      files.set(file.key, { id: file.id, hash: file.hash });
  if (delivered !== undefined && pages.size === 0 && files.size === 0) return delivered;
  return {
    pages: withChanges(delivered?.pages ?? new Map<string, DeliveredPage>(), pages),
    files: withChanges(delivered?.files ?? new Map<string, DeliveredFile>(), files),
  };
}

/** The desired pages, each with the re-sent files it links. */
async function withLinkedFiles(
  groups: readonly DesiredGroup[],
  resent: ReadonlySet<string>,
  content: Pick<PreparedContent, 'readMany'>,
): Promise<DesiredGroup[]> {
  const paths: string[] = [];
  const collect = (pages: readonly DesiredPage[]): void =>
    pages.forEach((page) => {
      if (page.heading !== true) paths.push(page.path);
      collect(page.children);
    });
  groups.forEach((group) => collect(group.pages));
  const links = new Map<string, string[]>();
  for await (const { path, bytes } of content.readMany(paths)) {
    const found: string[] = [];
    rewriteFileLinks(new TextDecoder().decode(bytes), path, (file) => {
      if (resent.has(file)) found.push(file);
      return undefined;
    });
    if (found.length > 0) links.set(path, found);
  }
  const withFiles = (pages: readonly DesiredPage[]): DesiredPage[] =>
    pages.map((page) => ({ ...page, files: links.get(page.path), children: withFiles(page.children) }));
  return groups.map((group) => ({ ...group, pages: withFiles(group.pages) }));
}

/** What the plan adds, changes and removes, by path (removed pages docsync did not write by title). */
function diffOf(plan: PagePlan, live: readonly LivePage[], pages: number): PageDiff {
  const added: string[] = [];
  const changed: string[] = [];
  const removed: string[] = [];
  const files = { added: [] as string[], changed: [] as string[], removed: [] as string[] };
  const byId = new Map<string, LivePage>();
  const index = (list: readonly LivePage[]): void =>
    list.forEach((page) => {
      byId.set(page.id, page);
      index(page.children);
    });
  index(live);
  // What the step summary and the report name each page by: the title it goes live with, or had.
  const titles: Record<string, string> = {};
  const gone = (page: LivePage): void => {
    if (page.type === 'document') {
      const path = page.key ?? `(no source file) ${page.title}`;
      removed.push(path);
      titles[path] = page.title;
    }
    page.children.forEach(gone);
  };
  for (const change of plan.changes) {
    if (change.kind === 'insert-page') {
      added.push(change.path);
      titles[change.path] = change.title;
    } else if (change.kind === 'update-page') {
      changed.push(change.path);
      const title = change.title ?? byId.get(change.id)?.title;
      if (title !== undefined) titles[change.path] = title;
    } else if (change.kind === 'insert-files') files.added.push(...change.files.map((file) => file.path));
    else {
      const page = byId.get(change.id);
      if (page) gone(page);
    }
  }
  return { added, changed, removed, unchanged: pages - added.length - changed.length, files, titles };
}
