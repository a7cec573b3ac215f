import { setImmediate as nextTurn } from 'node:timers/promises';
import * as z from 'zod';
import { MAX_JSON_DEPTH } from '../api-requester.js';
import { ResponseShapeError } from '../errors/response-shape-error.js';
import { splitJsonArray, type JsonItems } from '../json-array-items.js';
import type { Requester } from '../requester.js';
import { apiPath } from '../api-path.js';
import {
  ImportResultSchema,
  PageSchema,
  PagesResponseSchema,
  RevisionSchema,
  type ImportContentBody,
  type ImportResult,
  type Page,
  type Revision,
} from '../schemas/content.js';
import { ContentUpdateSchema, type ContentChange, type ContentUpdate } from '../schemas/content-changes.js';
import type { CallOptions } from './call-options.js';

/** Whose content: a space's main content, or a change request's (id or number) in that space. */
export interface ContentTarget {
  readonly spaceId: string;
  readonly changeRequest?: string | number | undefined;
}

/** A past revision of a space, by id: read only (`S/revisions/{revisionId}`). */
export interface RevisionTarget {
  readonly spaceId: string;
  readonly revision: string;
}

/** Query of the content reads marked M in the API: both default to true. */
export interface ContentReadOptions extends CallOptions {
  /** `false` omits mutable git metadata. */
  readonly metadata?: boolean;
  /** `false` skips computing content. */
  readonly computed?: boolean;
}

function contentPath(target: ContentTarget | RevisionTarget): string {
  const space = apiPath`/spaces/${target.spaceId}`;
  if ('revision' in target) return `${space}${apiPath`/revisions/${target.revision}`}`;
  return target.changeRequest === undefined ? `${space}/content` : `${space}${apiPath`/change-requests/${target.changeRequest}`}/content`;
}

// A large revision checked in one go held the event loop for too long, and so did one
// top-level page holding thousands of nested ones: pages are checked one level at a time, in
// batches, with timers and sockets let run between them. Top-level pages are parsed one at a time
// from the body too (see splitJsonArray): a whole revision is never held as text, nor as a tree of
// objects beside the pages made of it.
const RevisionEnvelopeSchema = RevisionSchema.extend({ pages: z.array(z.unknown()) });
const PagesEnvelopeSchema = PagesResponseSchema.extend({ pages: z.array(z.unknown()) });
// Only the fields docsync uses are kept of each page: thousands of them are held at once. A tree
// leaves out what only one page's read is used for (its app URL, its document's id, when it was made).
const ShallowPageSchema = z
  .object(PageSchema.shape)
  .omit({ urls: true, documentId: true, createdAt: true })
  .extend({ pages: z.array(z.unknown()).optional() });
/**
 * A page of a tree walked page by page ({@link ContentApi.eachPage}): the fields a caller placing
 * pages by id, path and git blob uses, the rest of each of a large space's pages left unparsed.
 */
const PageOfTreeSchema = z.object({
  ...PageSchema.pick({ id: true, title: true, type: true, path: true, git: true }).shape,
  pages: z.array(z.unknown()).optional(),
});
export type PageOfTree = Omit<z.infer<typeof PageOfTreeSchema>, 'pages'>;
/** Pages (nested ones included) checked per turn of the event loop. */
const PAGES_PER_TURN = 250;

/** A body's `pages` split from the rest, or left in it when it cannot be (the whole parse then says what is wrong). */
function pagesOf(): { readonly parseBody: (body: Buffer) => unknown; split(parsed: { pages: unknown[] }): JsonItems } {
  let items: JsonItems | undefined;
  return {
    parseBody: (body): unknown => {
      const split = splitJsonArray(body, 'pages', MAX_JSON_DEPTH);
      items = split?.items;
      return split === undefined ? (JSON.parse(body.toString('utf8')) as unknown) : split.rest;
    },
    split: (parsed) => items ?? { length: parsed.pages.length, item: (index) => parsed.pages[index] },
  };
}

/** A revision's pages checked against `PageSchema`, nested ones included, in batches; each top-level one parsed when its turn comes. */
async function parsePages(top: JsonItems, path: string): Promise<Page[]> {
  const root: Page[] = [];
  // The pages of the page last seen at each depth: a walk depth first puts each page after its parent's.
  const levels: Page[][] = [root];
  await walkPages(top, path, ShallowPageSchema, (page, depth, nested) => {
    // Set on the page, not spread into a copy: V8 gives each object spread from one built at run
    // time a hidden class of its own, 200 bytes more for each page of a 30,000-page revision.
    if (nested) levels[depth + 1] = (page as { pages?: Page[] }).pages = [];
    levels[depth]?.push(page);
  });
  return root;
}

/**
 * A revision's pages checked against `PageSchema`, depth first (each before the pages nested in it,
 * without them), handed to `visit` with their depth (0 at the top level) and whether they hold a list of pages; each
 * top-level one parsed when its turn comes.
 */
async function walkPages<P extends { pages?: unknown[] | undefined }>(
  top: JsonItems,
  path: string,
  schema: z.ZodType<P>,
  visit: (page: Omit<P, 'pages'>, depth: number, nested: boolean) => void,
): Promise<void> {
  await nextTurn(); // the body's JSON.parse came just before
  let sinceYield = 0;
  const walkLevel = async (items: JsonItems, at: readonly (string | number)[]): Promise<void> => {
    for (let index = 0; index < items.length; index++) {
      let item: unknown;
      try {
        item = items.item(index);
      } catch (cause) {
        throw new ResponseShapeError({ method: 'GET', path, status: 200, cause });
      }
      const parsed = schema.safeParse(item);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({ ...issue, path: [...at, index, ...issue.path] }));
        throw new ResponseShapeError({ method: 'GET', path, status: 200, issues, input: { pages: { [index]: item } }, cause: parsed.error });
      }
      if (++sinceYield >= PAGES_PER_TURN) {
        sinceYield = 0;
        await nextTurn();
      }
      const { pages: children, ...page } = parsed.data;
      visit(page, (at.length - 1) / 2, children !== undefined);
      // Most pages hold an empty list: no walk of it (an async call each, at 30,000 pages).
      if (children !== undefined && children.length > 0) await walkLevel(arrayItems(children), [...at, index, 'pages']);
    }
  };
  await walkLevel(top, ['pages']);
}

function arrayItems(array: readonly unknown[]): JsonItems {
  return { length: array.length, item: (index) => array[index] };
}

/** Content of a space or of a change request (`S/content…`, `CR/content…`), and space search. */
export class ContentApi {
  readonly #client: Requester;

  constructor(client: Requester) {
    this.#client = client;
  }

  /** The current revision (or a past one of a space): pages, files, reusable content. */
  async getRevision(target: ContentTarget | RevisionTarget, options: ContentReadOptions = {}): Promise<Revision> {
    const path = contentPath(target);
    const pages = pagesOf();
    const revision = await this.#client.request({
      path,
      query: { metadata: options.metadata, computed: options.computed },
      schema: RevisionEnvelopeSchema,
      parseBody: pages.parseBody,
      signal: options.signal,
    });
    return { ...revision, pages: await parsePages(pages.split(revision), this.#client.basePath + path) };
  }

  /** The page tree of the current revision. */
  async listPages(target: ContentTarget, options: ContentReadOptions = {}): Promise<Page[]> {
    const { items, path } = await this.#pageTree(target, options);
    return parsePages(items, path);
  }

  /**
   * The page tree of the current revision, each page handed to `visit` as it is parsed (without its
   * `pages`), depth first with its depth (0 at the top level): what a caller keeps of a large space, not the tree of every
   * page's fields.
   */
  async eachPage(target: ContentTarget, visit: (page: PageOfTree, depth: number) => void, options: ContentReadOptions = {}): Promise<void> {
    const { items, path } = await this.#pageTree(target, options);
    await walkPages(items, path, PageOfTreeSchema, visit);
  }

  /** `…/pages` read with its top-level pages left unparsed, and the path as sent (for the messages of a page that does not parse). */
  async #pageTree(target: ContentTarget, options: ContentReadOptions): Promise<{ items: JsonItems; path: string }> {
    const path = `${contentPath(target)}/pages`;
    const pages = pagesOf();
    const response = await this.#client.request({
      path,
      query: { metadata: options.metadata, computed: options.computed },
      schema: PagesEnvelopeSchema,
      parseBody: pages.parseBody,
      signal: options.signal,
    });
    return { items: pages.split(response), path: this.#client.basePath + path };
  }

  /** One page, with its markdown when `format` asks for it. */
  getPage(
    target: ContentTarget | RevisionTarget,
    pageId: string,
    options: ContentReadOptions & { readonly format?: string; readonly evaluated?: boolean } = {},
  ): Promise<Page> {
    return this.#client.request({
      path: `${contentPath(target)}${apiPath`/page/${pageId}`}`,
      query: { format: options.format, evaluated: options.evaluated, metadata: options.metadata, computed: options.computed },
      schema: PageSchema,
      signal: options.signal,
    });
  }

  /** Imports content the API fetches from `url` (for docsync: a zip at an artifact URL). Never retried once sent. */
  import(target: ContentTarget, body: ImportContentBody, options: CallOptions = {}): Promise<ImportResult> {
    return this.#client.request({
      method: 'POST',
      path: `${contentPath(target)}/import`,
      body,
      schema: ImportResultSchema,
      signal: options.signal,
    });
  }

  /**
   * Applies one ordered batch of page and file changes (at most 50) to a change request, atomically:
   * all of it lands or none. Never resent once it may have reached the server: the caller reads the
   * change request again and plans from what is there.
   */
  applyChanges(spaceId: string, changeRequest: string | number, changes: readonly ContentChange[], options: CallOptions = {}): Promise<ContentUpdate> {
    return this.#client.request({
      method: 'POST',
      path: contentPath({ spaceId, changeRequest }),
      query: { compat: false },
      body: { changes },
      schema: ContentUpdateSchema,
      signal: options.signal,
    });
  }
}
