import { MAX_FILES_PER_CHANGE } from '../../api/schemas/content-changes.js';
import {
  handleKey,
  type DesiredFile,
  type DesiredGroup,
  type DesiredPage,
  type LiveFile,
  type LivePage,
  type PageHandle,
  type PagePlan,
  type PlannedChange,
  type PlannedFile,
} from './page-plan.js';
import { pageSlugs } from './page-slugs.js';
import { WorkingTree } from './working-tree.js';

export interface PagePlanInput {
  readonly desired: readonly DesiredGroup[];
  readonly live: readonly LivePage[];
  readonly files?: { readonly desired: readonly DesiredFile[]; readonly live: readonly LiveFile[] } | undefined;
}

/**
 * The page-level difference between the repo and a change request's content, as ordered changes.
 * Pure: the same inputs give the same plan.
 *
 * - Pages match by path; a live page holding a path the repo no longer has, with the content of a
 *   repo page nobody holds, is that page moved or renamed: one `update_page` moves it, so its id,
 *   comments and links survive.
 * - A matched page is touched only for what differs: its place (parent and index), its content (its
 *   hash covers its title: the document goes with it, as the title the platform keeps comes from
 *   the document's frontmatter or heading first), a file it links re-sent, its slug. Unknown content
 *   counts as different.
 * - Files go first, in changes of at most 20; a file already live at the same path with the same
 *   content is not sent.
 * - Pages are placed level by level, parents before children, so a batch never waits on a page
 *   inserted in the same batch more than once per level.
 * - Live pages the repo does not hold are deleted: those with nothing to keep inside first (so the
 *   indexes that follow are the final ones), those holding kept pages last, once emptied.
 * - `##` groups match live groups by title; the API cannot create a group, so the pages of a group
 *   the space lacks go to the root, with a warning (unless `placeGroups` made it a heading page).
 */
export function planPageChanges(input: PagePlanInput): PagePlan {
  const changes: PlannedChange[] = [];
  const warnings: string[] = [];
  const uploads = planFiles(input.files);
  for (let i = 0; i < uploads.length; i += MAX_FILES_PER_CHANGE) changes.push({ kind: 'insert-files', files: uploads.slice(i, i + MAX_FILES_PER_CHANGE) });
  const resent = new Set(uploads.map((file) => file.path));

  const slugs = pageSlugs(input.desired);
  const match = matchPages(input.desired, input.live, slugs);
  const kept = new Set([...match.values()].map((page) => page.id));
  const tree = new WorkingTree(input.live);

  // Containers: the root, and live groups matched by title.
  const containers: { parent: PageHandle | null; pages: DesiredPage[] }[] = [{ parent: null, pages: [] }];
  const liveGroups = input.live.filter((page) => page.type === 'group');
  const missingGroups: string[] = [];
  for (const group of input.desired) {
    if (group.pages.length === 0) continue;
    const found = group.title === undefined ? undefined : liveGroups.find((live) => live.title === group.title && !kept.has(live.id));
    if (found) {
      kept.add(found.id);
      containers.push({ parent: { id: found.id }, pages: [...group.pages] });
    } else {
      if (group.title !== undefined) missingGroups.push(`"${group.title}"`);
      containers[0]?.pages.push(...group.pages);
    }
  }

  // One warning for all of them: a repo with groups would otherwise repeat it once per group, every sync.
  if (missingGroups.length > 0) {
    const [first] = missingGroups;
    const named = missingGroups.length === 1 ? `the group ${first} is` : `the groups ${missingGroups.join(', ')} are`;
    warnings.push(
      `${named} not in the space and the API cannot create groups: their pages go to the root (create the groups once in the editor and the next sync places the pages in them)`,
    );
  }

  // Deletions that cannot disturb a kept page: subtrees holding none.
  const emptied: LivePage[] = [];
  const deleteFirst = (pages: readonly LivePage[]): void => {
    for (const page of pages) {
      if (kept.has(page.id)) deleteFirst(page.children);
      else if (holdsKept(page, kept)) {
        emptied.push(page);
        deleteFirst(page.children);
      } else changes.push(deletion(page));
    }
  };
  deleteFirst(input.live);
  for (const id of deletionsOf(changes)) tree.remove({ id });

  let unchanged = 0;
  let refs = 0;
  let level = containers;
  while (level.length > 0) {
    const next: typeof containers = [];
    for (const { parent, pages } of level) {
      pages.forEach((page, at) => {
        const slug = slugs.get(page.path) ?? 'page';
        const live = match.get(page.path);
        let handle: PageHandle;
        if (live) {
          handle = { id: live.id };
          const position = tree.position(handle);
          const moved = position.parent !== handleKey(parent) || position.index !== at;
          const document = live.hash === undefined || live.hash !== page.hash || (page.files ?? []).some((file) => resent.has(file));
          // The root README's slug comes from its title, not a file: one it already has is kept, so its URL stays.
          const keepsSlug = live.slug === slug || (parent === null && /^readme\.md$/i.test(page.path) && live.slug !== undefined && live.slug !== '');
          const newSlug = keepsSlug ? undefined : slug;
          if (moved) tree.move(handle, parent, at);
          if (moved || document || newSlug !== undefined) {
            changes.push({
              kind: 'update-page',
              id: live.id,
              path: page.path,
              ...(moved ? { move: { parent, at } } : {}),
              document,
              ...(document ? { title: page.title } : {}),
              ...(newSlug === undefined ? {} : { slug: newSlug }),
              ...(page.heading ? { heading: true } : {}),
            });
          } else unchanged += 1;
        } else {
          const ref = `docsync-page-${++refs}`;
          handle = { ref };
          tree.insert(handle, parent, at);
          changes.push({ kind: 'insert-page', ref, path: page.path, title: page.title, slug, parent, at, ...(page.heading ? { heading: true } : {}) });
        }
        if (page.children.length > 0) next.push({ parent: handle, pages: [...page.children] });
      });
    }
    level = next;
  }

  // The rest, emptied now that what they held has moved; one that went with another is not deleted twice.
  for (const page of emptied) {
    if (!tree.has({ id: page.id })) continue;
    changes.push(deletion(page));
    tree.remove({ id: page.id });
  }
  return { changes, unchanged, warnings };
}

/**
 * Repo path → the live page that holds it: by key, then moves and renames by content, then a page
 * at the place the repo page goes (under its parent's live page, with its slug) that holds no repo
 * page: one moved there in the platform, kept with its id.
 */
function matchPages(desired: readonly DesiredGroup[], live: readonly LivePage[], slugs: ReadonlyMap<string, string>): Map<string, LivePage> {
  const byKey = new Map<string, LivePage>();
  const documents: LivePage[] = [];
  const liveParent = new Map<string, string>();
  const groups = new Set<string>();
  const walk = (pages: readonly LivePage[], parent: string | undefined): void => {
    for (const page of pages) {
      if (parent !== undefined) liveParent.set(page.id, parent);
      if (page.type === 'group') groups.add(page.id);
      if (page.type === 'document') {
        documents.push(page);
        if (page.key !== undefined && !byKey.has(page.key)) byKey.set(page.key, page);
      }
      walk(page.children, page.id);
    }
  };
  walk(live, undefined);
  const wanted: DesiredPage[] = [];
  const parentPath = new Map<string, string>();
  const collect = (pages: readonly DesiredPage[], parent: string | undefined): void => {
    for (const page of pages) {
      wanted.push(page);
      if (parent !== undefined) parentPath.set(page.path, parent);
      collect(page.children, page.path);
    }
  };
  desired.forEach((group) => collect(group.pages, undefined));
  const paths = new Set(wanted.map((page) => page.path));

  const match = new Map<string, LivePage>();
  const used = new Set<string>();
  for (const page of wanted) {
    const found = byKey.get(page.path);
    if (found && !used.has(found.id)) {
      match.set(page.path, found);
      used.add(found.id);
    }
  }
  // A live page whose path the repo dropped, holding what a new path holds: moved or renamed.
  const movable = new Map<string, LivePage[]>();
  for (const page of documents) {
    if (used.has(page.id) || page.hash === undefined || (page.key !== undefined && paths.has(page.key))) continue;
    movable.set(page.hash, [...(movable.get(page.hash) ?? []), page]);
  }
  for (const page of wanted) {
    if (match.has(page.path)) continue;
    const found = movable.get(page.hash)?.shift();
    if (found) {
      match.set(page.path, found);
      used.add(found.id);
    }
  }
  for (const page of wanted) {
    const under = parentPath.get(page.path);
    const parent = under === undefined ? undefined : match.get(under)?.id;
    if (match.has(page.path) || (under !== undefined && parent === undefined)) continue;
    // A top page: at the root, or in a group.
    const placed = (id: string): boolean => {
      const at = liveParent.get(id);
      return under === undefined ? at === undefined || groups.has(at) : at === parent;
    };
    const found = documents.find(
      (other) => !used.has(other.id) && placed(other.id) && other.slug === slugs.get(page.path) && (other.key === undefined || !paths.has(other.key)),
    );
    if (found) {
      match.set(page.path, found);
      used.add(found.id);
    }
  }
  return match;
}

/** Files to upload: those not live at their path with their content. */
function planFiles(files: PagePlanInput['files']): PlannedFile[] {
  if (files === undefined) return [];
  const live = new Set(files.live.flatMap((file) => (file.key === undefined || file.hash === undefined ? [] : [`${file.key}\n${file.hash}`])));
  return files.desired.filter((file) => !live.has(`${file.path}\n${file.hash}`)).map((file, index) => ({ ...file, ref: `docsync-file-${index + 1}` }));
}

function holdsKept(page: LivePage, kept: ReadonlySet<string>): boolean {
  return page.children.some((child) => kept.has(child.id) || holdsKept(child, kept));
}

function deletion(page: LivePage): PlannedChange {
  return { kind: 'delete-page', id: page.id, title: page.title, ...(page.key === undefined ? {} : { key: page.key }) };
}

function* deletionsOf(changes: readonly PlannedChange[]): Iterable<string> {
  for (const change of changes) if (change.kind === 'delete-page') yield change.id;
}
