import { badRequest } from '../emulator-error.js';
import type { EmulatorState } from '../state/emulator-state.js';
import type { FileRecord, PageRecord, RevisionRecord } from '../state/records.js';
import { slugify, walkPages } from '../state/revisions.js';
import type { BatchDocument, ContentChange, InsertPageChange, UpdatePageChange } from './content-batch-body.js';
import { ChangeRefused } from './change-refused.js';
import { fileKey, type LoadedFiles } from './load-batch-files.js';
import { pageIndex, type PageEntry } from './page-index.js';
import { PageTreeDraft } from './page-tree-draft.js';
import { readMarkdownDocument, type MarkdownDocument } from './read-markdown-document.js';
import { rewriteLinks } from './rewrite-links.js';

/** The change request a batch edits. */
export interface BatchTarget {
  /** Its current content. */
  current: RevisionRecord;
  /** What `revert_page` goes back to without a `revision`: the change request's base. */
  base: RevisionRecord;
  /** A revision of the same space by id, for `revert_page`'s `revision`. */
  revisionOf: (id: string) => RevisionRecord | undefined;
}

export interface PageOutcome {
  kind: 'created' | 'updated' | 'deleted';
  page: string;
  /** The insert's `ref`, echoed. */
  ref?: string;
}

export interface BatchResult {
  pages: PageRecord[];
  files: FileRecord[];
  /** One per affected page, in the order the batch first touched it. */
  outcomes: PageOutcome[];
  /** Files the batch's `insert_files` created, in order. */
  insertedFiles: FileRecord[];
}

const DEFAULT_TITLE = 'Untitled';
const URL_TARGET = /^https?:\/\//i;
const FILE_LINK = /^\/files\/([^/#?]+)$/;

/**
 * Applies a content batch (`POST CR/content`) to a change request's content, in order and all or
 * nothing: the result is new content for a new revision, and a change that cannot apply is a 400
 * naming it (`changes.3.into`) with nothing applied. Markdown is stored without its frontmatter,
 * which sets the page's metadata as Git Sync does and wins over the change's own fields; a markdown
 * document stands for the whole page, so metadata its frontmatter leaves out is cleared. Batch refs
 * resolve once every change applied, whatever the order: `./<ref>` of a file to `/files/<id>`,
 * `./<ref>.md` of a page to `/pages/<id>`, in every document the batch wrote. Other links are kept
 * as written.
 */
export function applyContentBatch(state: EmulatorState, target: BatchTarget, changes: readonly ContentChange[], loaded: LoadedFiles): BatchResult {
  const batch = new ContentBatch(state, target, loaded);
  changes.forEach((change, index) => {
    try {
      batch.apply(change, index);
    } catch (error) {
      if (!(error instanceof ChangeRefused)) throw error;
      throw badRequest(`Invalid body field "changes.${index}.${error.field}": ${error.message} Nothing in the batch was applied.`);
    }
  });
  return batch.finish();
}

type RefTarget = { kind: 'file' | 'page'; id: string };

class ContentBatch {
  private readonly draft: PageTreeDraft;
  private readonly files: FileRecord[];
  private readonly inserted: FileRecord[] = [];
  /** The pages the change request had before the batch, by id. */
  private readonly before: ReadonlyMap<string, PageEntry>;
  private readonly outcomes = new Map<string, PageOutcome>();
  private readonly refs = new Map<string, RefTarget>();
  /** Pages whose markdown this batch wrote: their refs resolve at the end. */
  private readonly written = new Set<string>();
  private readonly covers = new Map<string, NonNullable<MarkdownDocument['cover']>>();
  private readonly now: string;

  constructor(
    private readonly state: EmulatorState,
    private readonly target: BatchTarget,
    private readonly loaded: LoadedFiles,
  ) {
    this.draft = new PageTreeDraft(target.current.pages);
    this.files = [...target.current.files];
    this.before = pageIndex(target.current.pages).byId;
    this.now = state.timestamp();
  }

  apply(change: ContentChange, index: number): void {
    switch (change.operation) {
      case 'insert_page':
        return this.insertPage(change);
      case 'update_page':
        return this.updatePage(change);
      case 'delete_page':
        return this.removed(this.draft.remove(this.page(change.page, 'page')));
      case 'revert_page':
        return this.revertPage(change.page, change.revision, change.block);
      case 'insert_files':
        return change.files.forEach((file, f) => {
          const bytes = this.loaded.get(fileKey(index, f));
          if (bytes === undefined) throw new Error(`The bytes of changes.${index}.files.${f} were not loaded before the batch applied.`);
          const record: FileRecord = {
            id: this.state.newId('file'),
            name: file.name,
            contentType: bytes.contentType,
            size: bytes.bytes.byteLength,
            data: bytes.bytes,
          };
          if (file.ref !== undefined) this.claimRef(file.ref, `files.${f}.ref`, { kind: 'file', id: record.id });
          this.files.push(record);
          this.inserted.push(record);
        });
    }
  }

  finish(): BatchResult {
    const resolve = (target: string): string | undefined => this.resolveRef(target);
    // Pages written by this batch are its own copies: they change in place.
    for (const id of this.written) {
      const page = this.draft.find(id);
      if (page) page.markdown = rewriteLinks(page.markdown, resolve);
    }
    for (const [id, cover] of this.covers) {
      const page = this.draft.find(id);
      const file = FILE_LINK.exec(this.resolveRef(cover.target) ?? cover.target)?.[1];
      if (page === undefined) continue;
      if (URL_TARGET.test(cover.target)) page.cover = { ref: { kind: 'url', url: cover.target }, yPos: cover.yPos };
      else if (file !== undefined && this.files.some((f) => f.id === file)) page.cover = { ref: { kind: 'file', file }, yPos: cover.yPos };
    }
    return { pages: this.draft.finish(), files: this.files, outcomes: [...this.outcomes.values()], insertedFiles: this.inserted };
  }

  private insertPage(change: InsertPageChange): void {
    const parent = change.into === undefined ? undefined : this.page(change.into, 'into');
    const doc = this.document(change.document, 'document');
    const title = doc.title ?? change.title ?? DEFAULT_TITLE;
    const slug = change.slug ?? slugify(title);
    checkSlug(slug);
    const page: PageRecord = {
      id: this.state.newId('page'),
      documentId: this.state.newId('doc'),
      title,
      path: '',
      slug,
      type: 'document',
      markdown: doc.body,
      createdAt: this.now,
      updatedAt: this.now,
      pages: [],
    };
    this.setFields(page, change, doc);
    if (change.ref !== undefined) this.claimRef(change.ref, 'ref', { kind: 'page', id: page.id });
    this.draft.insert(page, parent, change.at);
    this.written.add(page.id);
    this.outcomes.set(page.id, { kind: 'created', page: page.id, ...(change.ref === undefined ? {} : { ref: change.ref }) });
  }

  private updatePage(change: UpdatePageChange): void {
    const page = this.draft.edit(this.page(change.page, 'page'));
    const doc = change.document === undefined ? undefined : this.document(change.document, 'document');
    if (doc !== undefined) {
      page.markdown = doc.body;
      // The page no longer holds the git blob it was imported from.
      delete page.git;
      this.written.add(page.id);
    }
    this.setFields(page, change, doc);
    const slug = change.slug ?? page.slug;
    if (slug !== page.slug) {
      checkSlug(slug);
      page.slug = slug;
    }
    if (change.into !== undefined || change.at !== undefined) {
      const parent = change.into === undefined ? this.draft.parentOf(page.id) : change.into === null ? undefined : this.page(change.into, 'into');
      this.draft.move(page.id, parent, change.at);
    }
    if (change.slug !== undefined) this.draft.rename(page.id, slug);
    page.updatedAt = this.now;
    this.touched(page.id);
  }

  /**
   * Whole-page revert to a revision (the base by default): a page added since is removed, a page
   * deleted since comes back where it was (without subpages that exist elsewhere now), a modified
   * page gets its document and metadata back (its place stays). Blocks: the emulator keeps pages as
   * markdown, so it has no block keys to revert.
   */
  private revertPage(id: string, revisionId: string | undefined, blocks: readonly string[] | undefined): void {
    const revision = revisionId === undefined ? this.target.base : this.target.revisionOf(revisionId);
    if (revision === undefined) throw new ChangeRefused('revision', `no revision "${revisionId ?? ''}" in this space.`);
    const then = locate(revision.pages, id);
    const now = this.draft.has(id) ? id : undefined;
    if (then === undefined && now === undefined) throw new ChangeRefused('page', `no page "${id}" in the change request or in revision "${revision.id}".`);
    if (blocks !== undefined && blocks.length > 0) {
      throw new ChangeRefused(
        'block.0',
        `no block "${blocks[0] ?? ''}" in page "${id}": the emulator keeps pages as markdown, without block keys; revert the whole page.`,
      );
    }
    if (blocks !== undefined) return;
    if (then === undefined && now !== undefined) return this.removed(this.draft.remove(now));
    if (then === undefined) return;
    if (now === undefined) {
      const restored = this.withoutPresent(then.page);
      const parent = then.parent !== undefined && this.draft.has(then.parent) ? then.parent : undefined;
      this.draft.restore(restored, parent, parent === then.parent ? then.index : undefined);
      for (const page of walkPages([restored])) this.touched(page.id, this.before.has(page.id) ? 'updated' : 'created');
      return;
    }
    const page = this.draft.edit(now);
    copyContent(then.page, page);
    this.written.delete(now);
    this.covers.delete(now);
    page.updatedAt = this.now;
    this.touched(now);
  }

  /** A copy of a page of another revision without the subpages the draft already holds. */
  private withoutPresent(page: PageRecord): PageRecord {
    return { ...page, pages: page.pages.filter((child) => !this.draft.has(child.id)).map((child) => this.withoutPresent(child)) };
  }

  /**
   * The change's metadata, then the markdown's: frontmatter wins over the change's fields, and the
   * metadata frontmatter sets is cleared first, the markdown standing for the whole page.
   */
  private setFields(page: PageRecord, change: InsertPageChange | UpdatePageChange, doc: MarkdownDocument | undefined): void {
    if (doc !== undefined) {
      delete page.description;
      delete page.icon;
      delete page.hidden;
      delete page.cover;
      delete page.layout;
      this.covers.delete(page.id);
    }
    if (change.title !== undefined) page.title = change.title;
    // `""` removes the field, as the document says of emoji, icon and condition.
    if (change.emoji === '') delete page.emoji;
    else if (change.emoji !== undefined) page.emoji = change.emoji;
    if (change.icon === '') delete page.icon;
    else if (change.icon !== undefined) page.icon = change.icon;
    if (change.condition === '') delete page.condition;
    else if (change.condition !== undefined) page.condition = change.condition;
    if (change.description === '') delete page.description;
    else if (change.description !== undefined) page.description = change.description;
    if (change.hidden !== undefined) page.hidden = change.hidden;
    if (change.noIndex !== undefined) page.noIndex = change.noIndex;
    if (change.noRobotsIndex !== undefined) page.noRobotsIndex = change.noRobotsIndex;
    if (doc === undefined) return;
    if (doc.title !== undefined) page.title = doc.title;
    if (doc.description !== undefined) page.description = doc.description;
    if (doc.icon !== undefined) page.icon = doc.icon;
    if (doc.hidden !== undefined) page.hidden = doc.hidden;
    if (doc.layout !== undefined) page.layout = { ...doc.layout };
    if (doc.cover !== undefined) this.covers.set(page.id, doc.cover);
  }

  private document(document: BatchDocument, field: string): MarkdownDocument {
    if (document.document !== undefined) {
      throw new ChangeRefused(`${field}.document`, 'the emulator keeps pages as markdown: send the page as {"markdown": "…"}.');
    }
    return readMarkdownDocument(document.markdown ?? '');
  }

  /** The id of a page the draft holds. */
  private page(id: string, field: string): string {
    if (!this.draft.has(id)) throw new ChangeRefused(field, `no page "${id}" in the change request (at this point of the batch).`);
    return id;
  }

  private claimRef(ref: string, field: string, target: RefTarget): void {
    if (ref === '') throw new ChangeRefused(field, 'a ref must not be empty.');
    if (this.refs.has(ref)) throw new ChangeRefused(field, `the ref "${ref}" is already used in this batch; refs must be unique within a batch.`);
    const taken = this.draft.pageAt(ref) ?? this.draft.pageAt(ref.replace(/\.md$/i, ''));
    if (taken !== undefined) throw new ChangeRefused(field, `the ref "${ref}" is the path of page "${taken.id}"; choose a ref no page has as its path.`);
    this.refs.set(ref, target);
  }

  /** `./<ref>` (a file) or `./<ref>.md` (a page), with an optional `#anchor`, as the id reference. */
  private resolveRef(target: string): string | undefined {
    const hash = target.indexOf('#');
    const path = (hash < 0 ? target : target.slice(0, hash)).replace(/^\.\//, '');
    const anchor = hash < 0 ? '' : target.slice(hash);
    const found = this.refs.get(path) ?? (path.toLowerCase().endsWith('.md') ? this.refs.get(path.slice(0, -3)) : undefined);
    if (found === undefined) return undefined;
    return found.kind === 'file' ? `/files/${found.id}` : `/pages/${found.id}${anchor}`;
  }

  private touched(id: string, kind: PageOutcome['kind'] = 'updated'): void {
    const seen = this.outcomes.get(id);
    if (seen === undefined) this.outcomes.set(id, { kind, page: id });
    else if (seen.kind === 'deleted') seen.kind = kind;
  }

  private removed(pages: readonly PageRecord[]): void {
    for (const page of pages) {
      this.written.delete(page.id);
      this.covers.delete(page.id);
      // A page the batch created and removed again never existed for the caller.
      if (this.before.has(page.id)) this.outcomes.set(page.id, { ...(this.outcomes.get(page.id) ?? { page: page.id }), kind: 'deleted' });
      else this.outcomes.delete(page.id);
    }
  }
}

/** A page's document and metadata, from its version in another revision. */
function copyContent(from: PageRecord, to: PageRecord): void {
  const { markdown, title, description, emoji, icon, hidden, noIndex, noRobotsIndex, condition, cover, layout, git } = from;
  delete to.git;
  delete to.description;
  delete to.emoji;
  delete to.icon;
  delete to.hidden;
  delete to.noIndex;
  delete to.noRobotsIndex;
  delete to.condition;
  delete to.cover;
  delete to.layout;
  Object.assign(to, { markdown, title }, defined({ description, emoji, icon, hidden, noIndex, noRobotsIndex, condition, cover, layout, git }));
}

function defined<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function checkSlug(slug: string): void {
  if (slug === '' || slug.includes('/') || slug === '.' || slug === '..') {
    throw new ChangeRefused('slug', `"${slug}" is not a slug: give one path segment, without "/".`);
  }
}

/** A page of a revision, its parent and its place among its siblings. */
function locate(pages: readonly PageRecord[], id: string): (PageEntry & { index: number }) | undefined {
  const index = pageIndex(pages).byId;
  const entry = index.get(id);
  if (entry === undefined) return undefined;
  const siblings = entry.parent === undefined ? pages : (index.get(entry.parent)?.page.pages ?? []);
  return { ...entry, index: siblings.indexOf(entry.page) };
}
