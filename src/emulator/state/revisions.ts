import type { EmulatorState } from './emulator-state.js';
import type { FileRecord, PageRecord, RevisionRecord } from './records.js';

/** A page to create: the shape fixtures and imports produce. */
export interface PageInput {
  title: string;
  slug?: string | undefined;
  markdown?: string | undefined;
  description?: string | undefined;
  hidden?: boolean | undefined;
  git?: { oid: string; path: string } | undefined;
  pages?: PageInput[] | undefined;
}

export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'page';
}

/** Builds a page tree with ids and paths; siblings with the same slug get `-2`, `-3`… */
export function buildPages(state: EmulatorState, inputs: readonly PageInput[], parentPath = ''): PageRecord[] {
  const now = state.timestamp();
  const used = new Set<string>();
  return inputs.map((input) => {
    let slug = input.slug ?? slugify(input.title);
    for (let n = 2; used.has(slug); n++) slug = `${input.slug ?? slugify(input.title)}-${n}`;
    used.add(slug);
    const path = parentPath ? `${parentPath}/${slug}` : slug;
    const page: PageRecord = {
      id: state.newId('page'),
      title: input.title,
      path,
      slug,
      type: 'document',
      markdown: input.markdown ?? '',
      createdAt: now,
      updatedAt: now,
      pages: buildPages(state, input.pages ?? [], path),
    };
    if (input.description !== undefined) page.description = input.description;
    if (input.hidden !== undefined) page.hidden = input.hidden;
    if (input.git !== undefined) page.git = input.git;
    return page;
  });
}

/** Stores a new revision of a space and returns it. */
export function createRevision(
  state: EmulatorState,
  space: string,
  content: { pages: PageRecord[]; files: FileRecord[] },
  parents: string[],
  git?: RevisionRecord['git'],
): RevisionRecord {
  const revision: RevisionRecord = {
    id: state.newId('rev'),
    space,
    parents,
    pages: content.pages,
    files: content.files,
    createdAt: state.timestamp(),
  };
  if (git) revision.git = git;
  state.revisions.set(revision.id, revision);
  return revision;
}

/** Depth-first walk over a page tree. */
export function* walkPages(pages: readonly PageRecord[]): Generator<PageRecord> {
  for (const page of pages) {
    yield page;
    yield* walkPages(page.pages);
  }
}
