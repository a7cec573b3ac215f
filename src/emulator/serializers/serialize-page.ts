import type { PageRecord } from '../state/records.js';

export interface PageView {
  /** App URL of the content the page belongs to (space or change request), without a trailing slash. */
  appBase: string;
  /** `metadata=false` leaves out mutable git metadata. */
  metadata: boolean;
  /** The markdown is sent for a single page read, not in trees. */
  markdown: boolean;
}

/** How the app lays a document page out; the emulator renders nothing, so every page has the defaults. */
const DEFAULT_LAYOUT = {
  width: 'default',
  cover: false,
  coverSize: 'hero',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  coverMask: 'none',
  tags: true,
  actions: true,
  anchors: true,
} as const;

/** The defaults, with the switches the page's document set (only those the layout has). */
function layoutOf(page: PageRecord): Record<string, unknown> {
  if (page.layout === undefined) return DEFAULT_LAYOUT;
  const set = Object.entries(page.layout).filter(([key]) => typeof (DEFAULT_LAYOUT as Record<string, unknown>)[key] === 'boolean');
  return { ...DEFAULT_LAYOUT, ...Object.fromEntries(set) };
}

export function serializePage(page: PageRecord, view: PageView): Record<string, unknown> & { id: string; title: string; type: string } {
  if (page.type === 'link') return serializeLink(page);
  return {
    id: page.id,
    title: page.title,
    // `kind` repeats `type`, except that a document is a `sheet`.
    kind: page.type === 'document' ? 'sheet' : page.type,
    type: page.type,
    // Page tags are not emulated.
    tags: [],
    ...(page.type === 'document' ? { layout: layoutOf(page) } : {}),
    ...(page.emoji === undefined ? {} : { emoji: page.emoji }),
    ...(page.icon === undefined ? {} : { icon: page.icon }),
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    ...(view.markdown ? { markdown: page.markdown } : {}),
    urls: { app: `${view.appBase}/${page.path}` },
    slug: page.slug,
    path: page.path,
    ...(page.description === undefined ? {} : { description: page.description }),
    ...(page.cover === undefined ? {} : { cover: page.cover }),
    documentId: page.documentId ?? `doc_${page.id}`,
    ...(page.hidden === undefined ? {} : { hidden: page.hidden }),
    ...(page.noIndex === undefined ? {} : { noIndex: page.noIndex }),
    ...(page.noRobotsIndex === undefined ? {} : { noRobotsIndex: page.noRobotsIndex }),
    ...(page.condition === undefined ? {} : { condition: page.condition }),
    ...(view.metadata && page.git ? { git: page.git } : {}),
    pages: page.pages.map((child) => serializePage(child, { ...view, markdown: false })),
  };
}

/** A link page (RevisionPageLink): its URL as `target` and `href`; it has no path, document nor children. */
function serializeLink(page: PageRecord): Record<string, unknown> & { id: string; title: string; type: string } {
  const href = page.href ?? '';
  return {
    id: page.id,
    title: page.title,
    kind: 'link',
    type: 'link',
    target: { kind: 'url', url: href },
    href,
    ...(page.emoji === undefined ? {} : { emoji: page.emoji }),
    ...(page.icon === undefined ? {} : { icon: page.icon }),
    ...(page.hidden === undefined ? {} : { hidden: page.hidden }),
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
  };
}
