import type { RunningEmulator } from '../../src/emulator/start-emulator.js';
import type { PageRecord } from '../../src/emulator/state/records.js';
import { PageTreeDraft } from '../../src/emulator/content/page-tree-draft.js';
import { createRevision } from '../../src/emulator/state/revisions.js';
import { pageText } from '../../src/sync/pull/pull-space.js';
import { gitBlobOid } from '../../src/content/git/git-blob-oid.js';
import { call, json } from './emulator-harness.js';

/** An edit made in the platform's editor: a page's new markdown (and metadata, title, layout), a page removed, or a page added. */
export type PlatformEdit =
  | {
      readonly gitPath?: string;
      readonly markdown?: string;
      readonly description?: string;
      /** The page's new title, as typed over the old one. */
      readonly newTitle?: string;
      /** Layout switches turned on or off (`outline: false`). */
      readonly layout?: Readonly<Record<string, boolean>>;
      /** Pages delivered in batches carry no git path: found by title, or by id. */
      readonly title?: string;
      readonly pageId?: string;
      /** Files uploaded with the edit (today's API), which its markdown names as `./<ref>`. */
      readonly files?: readonly { readonly name: string; readonly ref: string; readonly bytes: Uint8Array }[];
      /** The seed's API: the markdown came by a zip import made in the platform, so the page keeps a git source naming the imported blob. */
      readonly imported?: boolean;
    }
  | { readonly remove: string; readonly title?: string }
  | {
      readonly add: string;
      readonly markdown: string;
      /** Today's API: the title of the page it goes under, and its position there. */
      readonly into?: string;
      readonly at?: number;
    }
  | {
      /** The title of the page moved (with its subpages), reordered or given a new slug. */
      readonly move: string;
      /** The title of its new parent page; `null` for the top of the tree; absent to stay under its parent. */
      readonly into?: string | null;
      /** Its position among its new siblings. */
      readonly at?: number;
      /** Its new slug (the last segment of its live path). */
      readonly slug?: string;
    };

/**
 * Edits a space as a writer does in the editor: a change request opened through the API, its content
 * changed (the edited page keeps its id and loses its git source, as the editor leaves it), then
 * merged through the API. Returns the merge's revision. On today's API the content changes through
 * the API too, as a batch of page changes; the seed's API has no page-level write, so there the
 * change request's revision is rewritten in the emulator's state as the editor would leave it.
 */
export async function editPageInPlatform(emulator: RunningEmulator, spaceId: string, edit: PlatformEdit): Promise<string> {
  const created = json((await call(emulator, 'POST', `/v1/spaces/${spaceId}/change-requests`, { body: { subject: 'Edited in the editor' } })).body);
  const cr = emulator.state.changeRequests.get(created.id as string);
  const current = cr && emulator.state.revisions.get(cr.revision);
  if (!cr || !current) throw new Error(`no change request ${String(created.id)} in the emulator`);
  if (emulator.options.contract === 'current') {
    await changeThroughApi(emulator, spaceId, cr.id, current.pages, edit);
    return merge(emulator, spaceId, cr.id);
  }
  const now = emulator.state.timestamp();
  if ('move' in edit) {
    cr.revision = createRevision(emulator.state, spaceId, { pages: moved(current.pages, edit, now), files: current.files }, [current.id]).id;
    cr.updatedAt = now;
    return merge(emulator, spaceId, cr.id);
  }
  const found: string[] = [];
  const rewrite = (pages: readonly PageRecord[]): PageRecord[] =>
    pages.flatMap((page) => {
      if ('remove' in edit && matches(page, edit)) {
        found.push(page.id);
        return [];
      }
      if (!('remove' in edit) && !('add' in edit) && matches(page, edit)) {
        found.push(page.id);
        const { git, ...rest } = page;
        const markdown = edit.markdown ?? page.markdown;
        const imported = edit.imported === true && git !== undefined ? { git: { path: git.path, oid: gitBlobOid(new TextEncoder().encode(markdown)) } } : {};
        return [
          {
            ...rest,
            ...imported,
            ...(edit.markdown === undefined ? {} : { markdown: edit.markdown }),
            ...(edit.description === undefined ? {} : { description: edit.description }),
            ...(edit.newTitle === undefined ? {} : { title: edit.newTitle }),
            ...(edit.layout === undefined ? {} : { layout: { ...page.layout, ...edit.layout } }),
            updatedAt: now,
            pages: rewrite(page.pages),
          },
        ];
      }
      return [{ ...page, pages: rewrite(page.pages) }];
    });
  const pages = rewrite(current.pages);
  if ('add' in edit) {
    const slug = edit.add.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    pages.push({
      id: emulator.state.newId('page'),
      title: edit.add,
      path: slug,
      slug,
      type: 'document',
      markdown: edit.markdown,
      createdAt: now,
      updatedAt: now,
      pages: [],
    });
  } else if (found.length === 0) throw new Error(`no page to edit in ${spaceId}`);
  cr.revision = createRevision(emulator.state, spaceId, { pages, files: current.files }, [current.id]).id;
  cr.updatedAt = now;
  return merge(emulator, spaceId, cr.id);
}

/** The pages an edit names: by git path, id or title (a removal by git path, or title). */
function matches(page: PageRecord, edit: PlatformEdit): boolean {
  if ('remove' in edit) return page.git?.path === edit.remove || (edit.title !== undefined && page.type === 'document' && page.title === edit.title);
  if ('add' in edit) return false;
  if ('move' in edit) return page.type === 'document' && page.title === edit.move;
  return (edit.gitPath !== undefined && page.git?.path === edit.gitPath) || page.id === edit.pageId || (page.type === 'document' && page.title === edit.title);
}

/** The edit as one content batch of today's API (`POST …/change-requests/{id}/content`). */
async function changeThroughApi(
  emulator: RunningEmulator,
  spaceId: string,
  changeRequest: string,
  tree: readonly PageRecord[],
  edit: PlatformEdit,
): Promise<void> {
  const found = walkAll(tree).filter((page) => matches(page, edit));
  let changes: Record<string, unknown>[];
  if ('move' in edit) {
    const [page] = found;
    const parent = edit.into === undefined || edit.into === null ? undefined : walkAll(tree).find((p) => p.type === 'document' && p.title === edit.into);
    if (page === undefined || (typeof edit.into === 'string' && parent === undefined))
      throw new Error(`no page ${edit.move} or ${String(edit.into)} in ${spaceId}`);
    changes = [
      {
        operation: 'update_page',
        page: page.id,
        ...(edit.into === undefined ? {} : { into: parent?.id ?? null }),
        ...(edit.at === undefined ? {} : { at: edit.at }),
        ...(edit.slug === undefined ? {} : { slug: edit.slug }),
      },
    ];
  } else if ('add' in edit) {
    const parent = edit.into === undefined ? undefined : walkAll(tree).find((page) => page.type === 'document' && page.title === edit.into);
    if (edit.into !== undefined && parent === undefined) throw new Error(`no page ${edit.into} to add under in ${spaceId}`);
    changes = [
      {
        operation: 'insert_page',
        title: edit.add,
        slug: edit.add.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        document: { markdown: edit.markdown },
        ...(parent === undefined ? {} : { into: parent.id }),
        ...(edit.at === undefined ? {} : { at: edit.at }),
      },
    ];
  } else if (found.length === 0) {
    throw new Error(`no page to edit in ${spaceId}`);
  } else if ('remove' in edit) {
    changes = found.map((page) => ({ operation: 'delete_page', page: page.id }));
  } else {
    // Today's API sets a layout by the document's frontmatter only (the page's other metadata with it),
    // whose heading then titles the page: a new title goes after it.
    const layout = (page: PageRecord) => ({ description: page.description, icon: page.icon, hidden: page.hidden, layout: { ...page.layout, ...edit.layout } });
    const document = (page: PageRecord) =>
      edit.markdown !== undefined
        ? { document: { markdown: edit.markdown } }
        : edit.layout !== undefined
          ? { document: { markdown: pageText(layout(page), page.markdown) } }
          : {};
    const uploads = (edit.files ?? []).map((file) => ({
      name: file.name,
      ref: file.ref,
      base64: Buffer.from(file.bytes).toString('base64'),
      contentType: 'image/png',
    }));
    changes = found.flatMap((page) => {
      const content = { ...document(page), ...(edit.description === undefined ? {} : { description: edit.description }) };
      return [
        ...(Object.keys(content).length === 0 ? [] : [{ operation: 'update_page', page: page.id, ...content }]),
        ...(edit.newTitle === undefined ? [] : [{ operation: 'update_page', page: page.id, title: edit.newTitle }]),
      ];
    });
    if (uploads.length > 0) changes.unshift({ operation: 'insert_files', files: uploads });
  }
  const answer = await call(emulator, 'POST', `/v1/spaces/${spaceId}/change-requests/${changeRequest}/content`, { body: { changes } });
  if (answer.status !== 200) throw new Error(`the editor's change was refused (${answer.status}): ${JSON.stringify(answer.body)}`);
}

/**
 * The seed's API has no page-level write: a move as the editor leaves the tree (the page keeps its
 * id and git source; its path, and its subpages', follow its new place and slug).
 */
function moved(tree: readonly PageRecord[], edit: Extract<PlatformEdit, { move: string }>, now: string): PageRecord[] {
  const all = walkAll(tree);
  const page = all.find((p) => matches(p, edit));
  const parent = typeof edit.into === 'string' ? all.find((p) => p.type === 'document' && p.title === edit.into) : undefined;
  if (page === undefined || (typeof edit.into === 'string' && parent === undefined)) throw new Error(`no page ${edit.move} or ${String(edit.into)} to move`);
  const draft = new PageTreeDraft(tree);
  draft.edit(page.id).updatedAt = now;
  if (edit.into !== undefined || edit.at !== undefined) draft.move(page.id, edit.into === undefined ? draft.parentOf(page.id) : parent?.id, edit.at);
  if (edit.slug !== undefined) draft.rename(page.id, edit.slug);
  return draft.finish();
}

/** Every page of a tree, parents before their children. */
function walkAll(pages: readonly PageRecord[]): PageRecord[] {
  return pages.flatMap((page) => [page, ...walkAll(page.pages)]);
}

async function merge(emulator: RunningEmulator, spaceId: string, changeRequest: string): Promise<string> {
  const merged = await call(emulator, 'POST', `/v1/spaces/${spaceId}/change-requests/${changeRequest}/merge`);
  if (json(merged.body).result !== 'merge') throw new Error(`the editor's change request did not merge: ${JSON.stringify(merged.body)}`);
  return json(merged.body).revision as string;
}
