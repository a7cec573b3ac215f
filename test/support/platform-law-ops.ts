import fc from 'fast-check';
import { pageText as syncedPageText } from '../../src/sync/pull/pull-space.js';
import { call } from './emulator-harness.js';
import { editPageInPlatform, type PlatformEdit } from './edit-page-in-platform.js';
import { pageText, summaryPages, withBullet, withoutBullet, type LawPage, type LawRepo } from './platform-law-repo.js';
import {
  branchTip,
  commitFiles,
  filesAt,
  flatLive,
  hasMarkers,
  inEveryWorld,
  keepBothSides,
  liveSpace,
  mergeBranch,
  openChangeRequest,
  pathsAt,
  readDoc,
  resolveOnBranch,
  type LawWorld,
  type LivePage,
} from './platform-law-world.js';

/**
 * One step of the law: an edit made in the platform's editor, a change made in git, or a sync.
 * Pages are picked by index among those the step can act on when it runs (modulo their number),
 * so a shrunk sequence still means something.
 */
export type LawOp =
  /**
   * `platform-import`: the seed's API, a page's body changed by a zip import made in the platform.
   * `same`: the platform edits a page it moved or gave a new slug, where there is one.
   */
  | { readonly kind: 'platform-body' | 'platform-import' | 'git-body'; readonly page: number; readonly at: number; readonly same?: boolean }
  | {
      readonly kind: 'platform-title' | 'platform-description' | 'platform-layout' | 'platform-image';
      readonly page: number;
    }
  /** `same`: one side removes a page the other changed (git edited or moved, the platform edited or placed), where there is one. */
  | { readonly kind: 'platform-delete' | 'git-delete'; readonly page: number; readonly same?: boolean }
  | { readonly kind: 'platform-add'; readonly parent: number; readonly at: number }
  | { readonly kind: 'git-add'; readonly parent: number }
  | { readonly kind: 'platform-resolve'; readonly file: number }
  /**
   * `parent` 0 keeps the page's parent (a reorder), 1 moves it to the top, more under another page.
   * `same` (and for a slug): the platform moves a page git edited, where there is one.
   */
  | { readonly kind: 'platform-move'; readonly page: number; readonly parent: number; readonly at: number; readonly same?: boolean }
  | { readonly kind: 'platform-slug'; readonly page: number; readonly same?: boolean }
  /**
   * `parent` 0 moves the page to the top, more under another of git's pages. `at`: git edits the
   * page in the same commit (a paragraph after the `at`-th), as a rename with edits. `same`: git moves
   * a page the platform edited, where there is one.
   */
  | { readonly kind: 'git-move'; readonly page: number; readonly parent: number; readonly at?: number; readonly same?: boolean }
  | { readonly kind: 'platform-review'; readonly page: number; readonly at: number }
  | { readonly kind: 'git-merge' | 'branch-resolve' | 'sync' | 'sync-held' };

/** Which operations a configuration's contract has: the seed's editor adds pages only at the top, and uploads no files; only the seed's API imports zips. */
export interface LawOps {
  readonly contract: 'current' | 'seed';
}

export function lawOpsArbitrary({ contract }: LawOps): fc.Arbitrary<LawOp[]> {
  const nat = fc.nat({ max: 30 });
  const page = (kind: 'platform-title' | 'platform-description' | 'platform-layout' | 'platform-delete' | 'platform-image' | 'git-delete') =>
    fc.record({ kind: fc.constant(kind), page: nat });
  const ops: fc.WeightedArbitrary<LawOp>[] = [
    { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom('platform-body' as const, 'git-body' as const), page: nat, at: nat }) },
    { weight: 1, arbitrary: page('platform-title') },
    { weight: 1, arbitrary: page('platform-description') },
    { weight: 1, arbitrary: page('platform-layout') },
    { weight: 1, arbitrary: page('git-delete') },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('git-add' as const), parent: nat }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('git-move' as const), page: nat, parent: nat }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'git-merge' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'branch-resolve' as const }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('platform-resolve' as const), file: nat }) },
    { weight: 3, arbitrary: fc.constant({ kind: 'sync' as const }) },
  ];
  // A sync that leaves its change request open for review, and a reviewer's edit inside it (today's
  // API: the seed's delivers by zip import, whose change request holds no page-level edits).
  if (contract === 'current')
    ops.push(
      { weight: 1, arbitrary: page('platform-image') },
      { weight: 2, arbitrary: fc.constant({ kind: 'sync-held' as const }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('platform-review' as const), page: nat, at: nat }) },
    );
  if (contract === 'seed') ops.push({ weight: 1, arbitrary: fc.record({ kind: fc.constant('platform-import' as const), page: nat, at: nat }) });
  ops.push(
    { weight: 1, arbitrary: page('platform-delete') },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('platform-add' as const), parent: nat, at: nat }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('platform-move' as const), page: nat, parent: nat, at: nat }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('platform-slug' as const), page: nat }) },
  );
  // A move or slug of a page git edited, and an edit of a page the platform moved, are made often:
  // each side's change of the same page is what the law most needs to see merged.
  const same = fc.boolean();
  ops.push(
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('platform-move' as const), page: nat, parent: nat, at: nat, same }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('platform-slug' as const), page: nat, same }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('platform-body' as const), page: nat, at: nat, same: fc.constant(true) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('git-move' as const), page: nat, parent: nat, at: nat, same }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('platform-delete' as const, 'git-delete' as const), page: nat, same: fc.constant(true) }) },
  );
  return fc.array(fc.oneof(...ops), { minLength: 1, maxLength: 10 });
}

/** A page as the law knows it: every title it has had (each unique), and its file in git while it has one. */
export interface ModelPage {
  readonly key: number;
  readonly titles: string[];
  path: string | undefined;
  /** Its text (body, title, description, layout) edited in the platform, or the page added there: only such a page can be in conflict. */
  platformText: boolean;
  /** git gave it another file since the law began (a move, or the platform's taken in by a merge). */
  movedInGit: boolean;
  deleted: 'platform' | 'git' | undefined;
}

/** What must hold after every sync, for the edit that made it. */
export type Obligation =
  | { readonly kind: 'platform'; readonly token: string; readonly page: number; readonly asset?: string; readonly field?: 'title' | 'description' }
  | { readonly kind: 'git'; readonly token: string; readonly page: number }
  | { readonly kind: 'platform-layout'; readonly page: number }
  /** The page is live under `parent` (a model page's key; undefined for the top), or the branch lists it there. */
  | { readonly kind: 'platform-place'; readonly page: number; readonly parent: number | undefined }
  /** The page's live path ends with `slug`, or the branch has its file under a name holding it. */
  | { readonly kind: 'platform-slug'; readonly page: number; readonly slug: string }
  | { readonly kind: 'platform-delete'; readonly page: number; readonly path: string }
  | { readonly kind: 'git-delete'; readonly page: number };

/** The law's model: the pages, the edits made and what they oblige, and the commits people made on the branch. */
export class LawModel {
  readonly pages: ModelPage[];
  obligations: Obligation[] = [];
  readonly humanCommits: string[] = [];
  /** Pages git gave another file since the last sync: a place or slug the platform gives them now is git's to take or leave too. */
  readonly movedSinceSync = new Set<number>();
  /** Pages whose text the platform edited since the last sync: one git moved as well is one page, which keeps its id under adopt. */
  readonly platformTextSinceSync = new Set<number>();
  private counter = 0;

  /**
   * Whether the platform edits the readme too (title, layout). The law does everywhere; examples
   * written before it did leave the readme to git under adopt, so their page choices stay as found.
   */
  readonly readmeEdits: boolean;

  constructor(repo: LawRepo, { readmeEdits }: { readmeEdits: boolean }) {
    this.readmeEdits = readmeEdits;
    this.pages = repo.pages.map((page, key) => ({
      key,
      titles: [page.title],
      path: page.path,
      platformText: false,
      movedInGit: false,
      deleted: undefined,
    }));
  }

  /** A fresh token: a word no other token contains. */
  token(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}z`;
  }

  alive(): ModelPage[] {
    return this.pages.filter((page) => page.deleted === undefined);
  }

  byTitle(title: string): ModelPage | undefined {
    return this.pages.find((page) => page.titles.includes(title));
  }

  byPath(path: string | undefined): ModelPage | undefined {
    return path === undefined ? undefined : this.pages.find((page) => page.path === path && page.deleted === undefined);
  }
}

const IMAGE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);

/** Inserts a paragraph after the `at`-th one (modulo their number) of a page's markdown. */
function insertParagraph(markdown: string, at: number, paragraph: string): string {
  const parts = markdown.replace(/\n+$/, '').split(/\n\n+/);
  parts.splice((at % parts.length) + 1, 0, paragraph);
  return `${parts.join('\n\n')}\n`;
}

/**
 * The markdown an editor's change of a page's text sends: on today's API, whose markdown stands for
 * the whole page, with the page's description and layout as frontmatter, which the editor keeps.
 */
function editedText(contract: 'current' | 'seed', page: LivePage, markdown: string): string {
  return contract === 'seed' ? markdown : syncedPageText({ description: page.description, layout: page.layout }, markdown);
}

function pick<T>(list: readonly T[], index: number): T | undefined {
  return list.length === 0 ? undefined : list[index % list.length];
}

/**
 * Applies one non-sync step to both runners' worlds alike, recording in the model what it obliges.
 * A step that finds nothing to act on does nothing. Returns a line describing what it did.
 */
export async function applyOp(op: LawOp, model: LawModel, worlds: readonly LawWorld[], contract: 'current' | 'seed'): Promise<string> {
  if (op.kind === 'sync' || op.kind === 'sync-held') throw new Error('a sync is run by the law itself');
  if (op.kind === 'platform-review') return reviewInChangeRequest(op, model, worlds, contract);
  if (op.kind.startsWith('platform-')) return platformOp(op, model, worlds, contract);
  return gitOp(op, model, worlds);
}

async function platformOp(op: LawOp, model: LawModel, worlds: readonly LawWorld[], contract: 'current' | 'seed'): Promise<string> {
  const [first] = worlds;
  if (first === undefined) return 'nothing';
  const live = flatLive(await liveSpace(first));
  const livePage = (page: ModelPage) => live.find((entry) => page.titles.includes(entry.page.title));
  if (op.kind === 'platform-add') {
    const parent = contract === 'seed' ? undefined : pick([undefined, ...live], op.parent);
    const title = `Platform page ${model.token('p')}`;
    const token = model.token('platmark');
    const key = model.pages.length;
    model.pages.push({ key, titles: [title], path: undefined, platformText: true, movedInGit: false, deleted: undefined });
    model.obligations.push({ kind: 'platform', token, page: key });
    const edit: PlatformEdit = {
      add: title,
      markdown: pageText(title, `Platform line ${token}.`),
      ...(parent === undefined ? {} : { into: parent.page.title, at: op.at % (parent.page.children.length + 1) }),
    };
    for (const world of worlds) await editPageInPlatform(world.emulator, 'space-docs', edit);
    return `platform adds ${title}${parent === undefined ? '' : ` under ${parent.page.title}`}`;
  }
  if (op.kind === 'platform-resolve') return resolveInPlatform(op.file, model, worlds, contract);
  if (!('page' in op)) return 'nothing';
  const candidates = model.alive().filter((page) => {
    const found = livePage(page);
    if (found === undefined) return false;
    // The readme, git's first page, is never deleted: `.gitbook.yaml` names it.
    if (page.key === 0 && !model.readmeEdits) return false;
    if (op.kind === 'platform-delete') return page.key !== 0 && found.page.children.length === 0;
    // The seed's import slugs the readme by its title, and its file (README.md) names no slug: a slug
    // given to it there is not kept (docs/platform-edits.md).
    if (op.kind === 'platform-slug' && contract === 'seed') return page.path !== 'README.md';
    return true;
  });
  const page = pick(sameAs(op, candidates, model), op.page);
  const found = page && livePage(page);
  if (page === undefined || found === undefined) return `${op.kind}: no page`;
  const token = model.token(
    op.kind === 'platform-image' ? 'imgmark' : op.kind === 'platform-title' ? 'titlemark' : op.kind === 'platform-description' ? 'descmark' : 'platmark',
  );
  let edit: PlatformEdit;
  if (op.kind === 'platform-move' || op.kind === 'platform-slug') return placeInPlatform(op, page, found, live, model, worlds);
  if (op.kind === 'platform-delete') {
    page.deleted = 'platform';
    // The removal is the platform's latest word on the page: its own earlier edits, and git's it had
    // live, are taken back by it. git's edits not yet live are owed still (a conflict, or live).
    const seen = `${found.page.title}\n${found.page.description}\n${found.page.markdown}`;
    model.obligations = model.obligations.filter(
      (o) => o.page !== page.key || (o.kind === 'git' && !seen.includes(o.token)) || o.kind === 'git-delete' || o.kind === 'platform-delete',
    );
    if (page.path !== undefined) model.obligations.push({ kind: 'platform-delete', page: page.key, path: page.path });
    for (const world of worlds) await editPageInPlatform(world.emulator, 'space-docs', { remove: page.path ?? found.page.title, title: found.page.title });
    return `platform deletes ${found.page.title}`;
  }
  page.platformText = true;
  model.platformTextSinceSync.add(page.key);
  if (op.kind === 'platform-title' || op.kind === 'platform-description') {
    const field = op.kind === 'platform-title' ? 'title' : 'description';
    // A later title or description of the page replaces the earlier one, in the editor as anywhere.
    model.obligations = model.obligations.filter((o) => !(o.kind === 'platform' && o.page === page.key && o.field === field));
    const value = field === 'title' ? `Renamed ${token}` : `Described ${token}`;
    if (field === 'title') page.titles.push(value);
    model.obligations.push({ kind: 'platform', token, page: page.key, field });
    edit = field === 'title' ? { pageId: found.page.id, newTitle: value } : { pageId: found.page.id, description: value };
  } else if (op.kind === 'platform-layout') {
    model.obligations.push({ kind: 'platform-layout', page: page.key });
    edit = { pageId: found.page.id, layout: { outline: false } };
  } else if (op.kind === 'platform-image') {
    const name = `Shot ${token}.png`;
    model.obligations.push({ kind: 'platform', token, page: page.key, asset: name });
    edit = {
      pageId: found.page.id,
      markdown: editedText(contract, found.page, `${found.page.markdown.replace(/\n+$/, '')}\n\n![${token}](./${token})\n`),
      files: [{ name, ref: token, bytes: IMAGE }],
    };
  } else {
    model.obligations.push({ kind: 'platform', token, page: page.key });
    const markdown = insertParagraph(found.page.markdown, 'at' in op ? (op.at ?? 0) : 0, `Platform line ${token}.`);
    edit = { pageId: found.page.id, markdown: editedText(contract, found.page, markdown), imported: op.kind === 'platform-import' };
  }
  for (const world of worlds) {
    const same = flatLive(await liveSpace(world)).find((entry) => entry.page.title === found.page.title);
    if (same === undefined) throw new Error(`the runners' spaces differ: no ${found.page.title} in one`);
    await editPageInPlatform(world.emulator, 'space-docs', { ...edit, pageId: same.page.id });
  }
  // Today's API titles a page by its document's heading: an edit of the document retitles it, as the
  // editor's own later edit, which replaces a title given before.
  const retitled = flatLive(await liveSpace(first)).find((entry) => entry.page.id === found.page.id)?.page.title;
  if (op.kind !== 'platform-title' && retitled !== undefined && retitled !== found.page.title) {
    if (!page.titles.includes(retitled)) page.titles.push(retitled);
    model.obligations = model.obligations.filter((o) => !(o.kind === 'platform' && o.page === page.key && o.field === 'title'));
  }
  return `${op.kind} ${found.page.title} (${token})`;
}

/** Of the candidates, those `op.same` asks for (pages git edited, the platform placed, or the platform edited), where there are any. */
/**
 * A reviewer's edit of a page's body inside docsync's open change request (one a sync left open for
 * review), made alike in both runners' spaces: the platform's edit, owed live or on the branch.
 */
async function reviewInChangeRequest(
  op: Extract<LawOp, { kind: 'platform-review' }>,
  model: LawModel,
  worlds: readonly LawWorld[],
  contract: 'current' | 'seed',
): Promise<string> {
  const [first] = worlds;
  const open = first === undefined ? undefined : await openChangeRequest(first);
  if (first === undefined || open === undefined) return 'platform-review: no open change request';
  const inReview = flatLive(await liveSpace(first, open));
  const found = (page: ModelPage) => inReview.find((entry) => page.titles.includes(entry.page.title));
  const page = pick(
    model.alive().filter((each) => found(each) !== undefined && (each.key !== 0 || model.readmeEdits)),
    op.page,
  );
  const entry = page && found(page);
  if (page === undefined || entry === undefined) return 'platform-review: no page';
  const token = model.token('reviewmark');
  page.platformText = true;
  model.platformTextSinceSync.add(page.key);
  model.obligations.push({ kind: 'platform', token, page: page.key });
  for (const world of worlds) {
    const changeRequest = await openChangeRequest(world);
    const same = changeRequest === undefined ? undefined : flatLive(await liveSpace(world, changeRequest)).find((each) => each.page.title === entry.page.title);
    if (changeRequest === undefined || same === undefined) throw new Error(`no page ${entry.page.title} in an open change request`);
    const markdown = editedText(contract, same.page, insertParagraph(same.page.markdown, op.at, `Reviewer line ${token}.`));
    const answer = await call(world.emulator, 'POST', `/v1/spaces/space-docs/change-requests/${changeRequest}/content`, {
      body: { changes: [{ operation: 'update_page', page: same.page.id, document: { markdown } }] },
    });
    if (answer.status !== 200) throw new Error(`the reviewer's edit was refused: ${answer.status}`);
  }
  return `a reviewer edits ${entry.page.title} in the open change request`;
}

function sameAs(op: LawOp, candidates: readonly ModelPage[], model: LawModel): readonly ModelPage[] {
  if (!('same' in op) || op.same !== true) return candidates;
  const kinds: readonly Obligation['kind'][] =
    op.kind === 'platform-body'
      ? ['platform-place', 'platform-slug']
      : op.kind === 'git-move'
        ? ['platform']
        : op.kind === 'git-delete'
          ? ['platform', 'platform-layout', 'platform-place', 'platform-slug']
          : ['git'];
  const movedByGit = (page: ModelPage) => op.kind === 'platform-delete' && model.movedSinceSync.has(page.key);
  const chosen = candidates.filter((page) => movedByGit(page) || model.obligations.some((o) => kinds.includes(o.kind) && o.page === page.key));
  return chosen.length === 0 ? candidates : chosen;
}

/** A page moved, reordered or given a new slug in the editor; a later place or slug of it replaces the earlier one. */
async function placeInPlatform(
  op: Extract<LawOp, { kind: 'platform-move' | 'platform-slug' }>,
  page: ModelPage,
  found: { page: LivePage; parent: string | undefined },
  live: readonly { page: LivePage; parent: string | undefined }[],
  model: LawModel,
  worlds: readonly LawWorld[],
): Promise<string> {
  let edit: PlatformEdit;
  if (op.kind === 'platform-slug') {
    const slug = model.token('slugmark');
    model.obligations = model.obligations.filter((o) => !(o.kind === 'platform-slug' && o.page === page.key));
    if (!model.movedSinceSync.has(page.key)) model.obligations.push({ kind: 'platform-slug', page: page.key, slug });
    edit = { move: found.page.title, slug };
  } else {
    const below = new Set(flatLive([found.page]).map((entry) => entry.page.id));
    const others = live.filter((entry) => !below.has(entry.page.id));
    const into = op.parent === 0 ? found.parent : op.parent === 1 ? null : pick(others, op.parent - 2)?.page.title;
    const siblings = live.filter((entry) => entry.parent === (into ?? undefined) && entry.page.id !== found.page.id).length;
    // A page of the same slug there: the editor refuses the move, as the API does.
    const slugOf = (entry: LivePage): string | undefined => entry.path.split('/').pop();
    if ((into ?? undefined) !== found.parent && live.some((entry) => entry.parent === (into ?? undefined) && slugOf(entry.page) === slugOf(found.page)))
      return `the platform cannot move ${found.page.title} beside a page of its slug`;
    // Dropped where it is: the editor changed nothing.
    const index = live.filter((entry) => entry.parent === found.parent).findIndex((entry) => entry.page.id === found.page.id);
    if ((into ?? undefined) === found.parent && op.at % (siblings + 1) === index) return `the platform leaves ${found.page.title} where it is`;
    const parent = typeof into === 'string' ? model.byTitle(into) : undefined;
    model.obligations = model.obligations.filter((o) => !(o.kind === 'platform-place' && o.page === page.key));
    if (!model.movedSinceSync.has(page.key)) model.obligations.push({ kind: 'platform-place', page: page.key, parent: parent?.key });
    edit = { move: found.page.title, ...(op.parent === 0 ? {} : { into: into ?? null }), at: op.at % (siblings + 1) };
  }
  for (const world of worlds) await editPageInPlatform(world.emulator, 'space-docs', edit);
  return `the platform ${op.kind === 'platform-slug' ? 'gives a new slug to' : 'moves'} ${found.page.title} (${JSON.stringify(edit)})`;
}

/**
 * A conflict on the branch resolved in the editor: the page's live text becomes the branch's
 * version with both sides kept, as a writer who read the conflict would type it.
 */
async function resolveInPlatform(index: number, model: LawModel, worlds: readonly LawWorld[], contract: 'current' | 'seed'): Promise<string> {
  const [first] = worlds;
  const tip = first && branchTip(first);
  if (first === undefined || tip === undefined) return 'platform-resolve: no branch';
  const files = filesAt(first.remote, tip);
  const listed = summaryPages(files.get('SUMMARY.md') ?? '');
  const live = flatLive(await liveSpace(first));
  const conflicted = listed.flatMap((entry) => {
    const text = files.get(entry.path);
    const page = model.byTitle(entry.title);
    const found = page && live.find((item) => page.titles.includes(item.page.title));
    return text !== undefined && hasMarkers(text) && page !== undefined && found !== undefined ? [{ page, live: found.page, text }] : [];
  });
  const chosen = pick(conflicted, index);
  if (chosen === undefined) return 'platform-resolve: no conflict live';
  const markdown = editedText(contract, chosen.live, keepBothSides(chosen.text.replace(/^---\n[\s\S]*?\n---\n/, '')));
  chosen.page.platformText = true;
  for (const world of worlds) {
    const same = flatLive(await liveSpace(world)).find((entry) => entry.page.title === chosen.live.title);
    if (same === undefined) throw new Error(`the runners' spaces differ: no ${chosen.live.title} in one`);
    await editPageInPlatform(world.emulator, 'space-docs', { pageId: same.page.id, markdown });
  }
  return `the platform resolves ${chosen.live.title}`;
}

async function gitOp(op: LawOp, model: LawModel, worlds: readonly LawWorld[]): Promise<string> {
  const [first] = worlds;
  if (first === undefined) return 'nothing';
  if (op.kind === 'git-merge') {
    const merged = await inEveryWorld(worlds, mergeBranch);
    // As docsync reads it: an entry whose file the merge left out gives its page no file.
    if (merged[0]) refreshPaths(model, summaryPages(await readDoc(first, 'SUMMARY.md'), pathsAt(first.dir, 'HEAD')));
    return merged[0] ? 'git merges the platform-edits branch' : 'git-merge: no branch';
  }
  if (op.kind === 'branch-resolve') {
    const commits = await inEveryWorld(worlds, resolveOnBranch);
    if (commits[0] !== undefined) model.humanCommits.push(commits[0]);
    return commits[0] === undefined ? 'branch-resolve: no conflict' : 'a person resolves the conflicts on the branch';
  }
  const summary = await readDoc(first, 'SUMMARY.md');
  const listed = summaryPages(summary);
  const inGit = model.alive().filter((page) => page.path !== undefined && listed.some((entry) => entry.path === page.path));
  const leaves = inGit.filter((page) => page.key !== 0 && !listed.some((entry) => entry.parent === page.path));
  if (op.kind === 'git-add') {
    const parent = pick([undefined, ...inGit], op.parent);
    const token = model.token('gitmark');
    const title = `Git page ${token}`;
    const path = `git-${token}.md`;
    model.pages.push({ key: model.pages.length, titles: [title], path, platformText: false, movedInGit: false, deleted: undefined });
    model.obligations.push({ kind: 'git', token, page: model.pages.length - 1 });
    const entry: LawPage = { path, title, parent: parent?.path };
    for (const world of worlds)
      await commitFiles(
        world,
        { [path]: pageText(title, `Git line ${token}.`), 'SUMMARY.md': withBullet(await readDoc(world, 'SUMMARY.md'), entry) },
        `Add ${title}`,
      );
    return `git adds ${title}${parent === undefined ? '' : ` under ${parent.path}`}`;
  }
  if (!('page' in op)) return 'nothing';
  const page = pick(op.kind === 'git-body' ? inGit : sameAs(op, leaves, model), op.page);
  const path = page?.path;
  if (page === undefined || path === undefined) return `${op.kind}: no page`;
  if (op.kind === 'git-delete') {
    page.deleted = 'git';
    // The removal is git's latest word on the page: its own earlier edits, the platform's it had taken
    // in, and a place or slug the platform gave it (as for a page git moves) are taken back by it. The
    // platform's edits of its text git had not are owed still (a conflict, or live).
    const seen = `${await readDoc(first, path)}\n${summary}`;
    model.obligations = model.obligations.filter(
      (o) =>
        o.page !== page.key || (o.kind !== 'git' && o.kind !== 'platform-place' && o.kind !== 'platform-slug' && !('token' in o && seen.includes(o.token))),
    );
    model.obligations.push({ kind: 'git-delete', page: page.key });
    for (const world of worlds)
      await commitFiles(world, { [path]: undefined, 'SUMMARY.md': withoutBullet(await readDoc(world, 'SUMMARY.md'), path) }, `Remove ${path}`);
    return `git deletes ${path}`;
  }
  if (op.kind === 'git-move') {
    const parent =
      op.parent === 0
        ? undefined
        : pick(
            inGit.filter((other) => other.key !== page.key),
            op.parent - 1,
          )?.path;
    const moved = `moved/${model.token('m')}-${path.split('/').pop() ?? 'page.md'}`;
    const title = listed.find((entry) => entry.path === path)?.title ?? page.titles[0] ?? moved;
    const token = op.at === undefined ? undefined : model.token('gitmark');
    if (token !== undefined) model.obligations.push({ kind: 'git', token, page: page.key });
    for (const world of worlds) {
      const read = await readDoc(world, path);
      const text = op.at === undefined ? read : insertParagraph(read, op.at, `Git line ${token}.`);
      const summaryText = withBullet(withoutBullet(await readDoc(world, 'SUMMARY.md'), path), { path: moved, title, parent });
      await commitFiles(world, { [path]: undefined, [moved]: text, 'SUMMARY.md': summaryText }, `Move ${path}`);
    }
    page.path = moved;
    movedInGit(model, page);
    return `git moves ${path} to ${moved}${token === undefined ? '' : ` and edits it (${token})`}`;
  }
  const token = model.token('gitmark');
  model.obligations.push({ kind: 'git', token, page: page.key });
  for (const world of worlds)
    await commitFiles(world, { [path]: insertParagraph(await readDoc(world, path), 'at' in op ? op.at : 0, `Git line ${token}.`) }, `Edit ${path}`);
  return `git edits ${path} (${token})`;
}

/** After a merge: each page's file is where git's `SUMMARY.md` lists it under one of its titles; one it moved, git moved. */
function refreshPaths(model: LawModel, listed: readonly LawPage[]): void {
  for (const page of model.alive()) {
    const entry = listed.find((item) => item.path === page.path) ?? listed.find((item) => page.titles.includes(item.title));
    if (page.path !== undefined && entry?.path !== page.path) movedInGit(model, page);
    page.path = entry?.path;
  }
}

/**
 * A page git moved goes where git says (docs/platform-edits.md): a place or slug the platform gave
 * it before, or gives it before the next sync, is git's to take or leave, and no longer owed.
 */
function movedInGit(model: LawModel, page: ModelPage): void {
  page.movedInGit = true;
  model.movedSinceSync.add(page.key);
  model.obligations = model.obligations.filter((o) => !((o.kind === 'platform-place' || o.kind === 'platform-slug') && o.page === page.key));
}
