import type { FileRecord, PageRecord, RevisionRecord } from '../state/records.js';

/** A field's value on each side of a change: absent on a side where it was not set. */
type Change<T> = { before?: T; after?: T };

/** One page of a revision as a semantic change names it. */
export interface ChangedPage {
  id: string;
  type: 'document' | 'group' | 'link';
  title: string;
  path: string;
}

export type SemanticChange =
  | { type: 'page_created' | 'page_deleted'; page: ChangedPage }
  | { type: 'page_edited'; page: ChangedPage; attributes: Record<string, Change<string>> }
  | { type: 'page_moved'; page: ChangedPage; parent: Change<ChangedPage> }
  | { type: 'file_created' | 'file_deleted'; file: FileRecord }
  | { type: 'file_edited'; file: FileRecord; attributes: Record<string, Change<string | number>> };

/**
 * What changed from `base` to `head`, as the API's revision semantic changes list it: pages matched
 * by their document id (an import keeps it for a page at the same path), files by id then name.
 * Pages created, edited (title, description, slug, emoji, document), moved (to another parent; a
 * page at the top has no parent on that side) and deleted; files created, edited (name, content
 * type, size) and deleted. A reorder among siblings is no change here, as the API's list of change
 * types has none for it. Variables and reusable content are not reported: the emulator has none.
 */
export function semanticChanges(base: RevisionRecord, head: RevisionRecord): SemanticChange[] {
  const changes: SemanticChange[] = [];
  const before = pagesByDocument(base.pages);
  const after = pagesByDocument(head.pages);
  const parentsBefore = parentsByDocument(base.pages);
  const parentsAfter = parentsByDocument(head.pages);
  for (const [key, page] of after) {
    const old = before.get(key);
    if (old === undefined) {
      changes.push({ type: 'page_created', page: changedPage(page) });
      continue;
    }
    const attributes = diff({
      title: [old.title, page.title],
      description: [old.description, page.description],
      slug: [old.slug, page.slug],
      emoji: [old.emoji, page.emoji],
      document: page.type === 'document' ? [old.markdown, page.markdown] : [undefined, undefined],
    });
    if (Object.keys(attributes).length > 0) changes.push({ type: 'page_edited', page: changedPage(page), attributes });
    const [was, now] = [parentsBefore.get(key), parentsAfter.get(key)];
    if (keyOf(was) !== keyOf(now)) {
      const parent = { ...(was === undefined ? {} : { before: changedPage(was) }), ...(now === undefined ? {} : { after: changedPage(now) }) };
      changes.push({ type: 'page_moved', page: changedPage(page), parent });
    }
  }
  for (const [key, page] of before) if (!after.has(key)) changes.push({ type: 'page_deleted', page: changedPage(page) });

  const oldFiles = base.files;
  const matched = new Set<FileRecord>();
  for (const file of head.files) {
    const old = oldFiles.find((candidate) => candidate.id === file.id) ?? oldFiles.find((candidate) => candidate.name === file.name && !matched.has(candidate));
    if (old === undefined) {
      changes.push({ type: 'file_created', file });
      continue;
    }
    matched.add(old);
    const attributes = diff<string | number>({ name: [old.name, file.name], contentType: [old.contentType, file.contentType], size: [old.size, file.size] });
    if (Object.keys(attributes).length > 0 || !sameBytes(old.data, file.data)) {
      changes.push({
        type: 'file_edited',
        file,
        attributes: Object.keys(attributes).length > 0 ? attributes : { size: { before: old.size, after: file.size } },
      });
    }
  }
  for (const old of oldFiles) if (!matched.has(old)) changes.push({ type: 'file_deleted', file: old });
  return changes;
}

/** A page's identity across revisions: its document id, which an import keeps for a page at the same path. */
const keyOf = (page: PageRecord | undefined): string | undefined => (page === undefined ? undefined : (page.documentId ?? page.id));

function pagesByDocument(pages: readonly PageRecord[], into = new Map<string, PageRecord>()): Map<string, PageRecord> {
  for (const page of pages) {
    into.set(keyOf(page) ?? page.id, page);
    pagesByDocument(page.pages, into);
  }
  return into;
}

/** Each nested page's parent, by the page's identity; a top-level page has none. */
function parentsByDocument(pages: readonly PageRecord[], parent?: PageRecord, into = new Map<string, PageRecord>()): Map<string, PageRecord> {
  for (const page of pages) {
    if (parent !== undefined) into.set(keyOf(page) ?? page.id, parent);
    parentsByDocument(page.pages, page, into);
  }
  return into;
}

function changedPage(page: PageRecord): ChangedPage {
  return { id: page.id, type: page.type, title: page.title, path: page.path };
}

function diff<T extends string | number>(fields: Record<string, [T | undefined, T | undefined]>): Record<string, Change<T>> {
  const out: Record<string, Change<T>> = {};
  for (const [name, [was, now]] of Object.entries(fields)) {
    if (was === now) continue;
    out[name] = { ...(was === undefined ? {} : { before: was }), ...(now === undefined ? {} : { after: now }) };
  }
  return out;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}
