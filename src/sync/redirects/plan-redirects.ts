import { comparePaths } from '../../content/compare-paths.js';
import type { SiteRedirect } from '../../api/schemas/site-redirect.js';
import type { RedirectPages } from '../../state/redirect-record.js';

/** One write to a site's redirects. */
export type RedirectAction =
  | { readonly kind: 'create'; readonly source: string; readonly pageId: string; readonly why: string }
  | { readonly kind: 'update'; readonly source: string; readonly id: string; readonly pageId: string; readonly why: string }
  | { readonly kind: 'delete'; readonly source: string; readonly id: string };

export interface RedirectPlanInput {
  /** The site space's path: every source starts with `/<prefix>/`. */
  readonly prefix: string;
  readonly siteSpaceId: string;
  /** `.gitbook.yaml` redirects: old path (as written) → page file, relative to the docs root. */
  readonly fileRedirects: Readonly<Record<string, string>>;
  /** Each page of main by id: its path in the space. */
  readonly mainPages: ReadonlyMap<string, string>;
  /** Each page of main by id: the git blob id it was made from, where the API says it. */
  readonly mainBlobs: ReadonlyMap<string, string>;
  /** Page id of each page file docsync knows (relative to the docs root). */
  readonly pageIdOf: (file: string) => string | undefined;
  /** Redirect pages a sync moved from their old path. */
  readonly auto: boolean;
  /** Sources of the live redirects docsync made. */
  readonly made: readonly string[];
  /** Where the pages were as the last sync that read main left them. */
  readonly last: RedirectPages | undefined;
  /** The site's live (not draft) redirects. */
  readonly live: readonly SiteRedirect[];
}

export interface RedirectPlan {
  readonly actions: readonly RedirectAction[];
  /** Redirects of `.gitbook.yaml` whose page is not in main yet (a change request not merged). */
  readonly pending: readonly string[];
  /** Redirects that cannot be made, and hand-made ones kept in place of `.gitbook.yaml`'s. */
  readonly warnings: readonly string[];
  /** Desired redirects already live as wanted. */
  readonly unchanged: number;
  /** Sources of the redirects docsync made, once the actions are applied. */
  readonly made: readonly string[];
  /** Where the pages are now, for the next sync. */
  readonly pages: RedirectPages;
}

/**
 * What to write to a site's redirects so they are `.gitbook.yaml`'s (prefixed by the site space's
 * path, each to its page by id, so it follows the page when it moves) plus, with `auto`, one from the
 * old path of each page a sync moved. A redirect made by hand in the platform is never changed nor
 * deleted: only sources docsync recorded as its own are. Pure.
 */
export function planRedirects(input: RedirectPlanInput): RedirectPlan {
  const warnings: string[] = [];
  const pending: string[] = [];
  const made = new Set(input.made);
  // Sources a live page answers at: a redirect there would hide it. Made once a page moved (never on a first sync).
  let pageSources: ReadonlySet<string | undefined> | undefined;
  const answered = (source: string): boolean =>
    (pageSources ??= new Set(Array.from(input.mainPages.values(), (path) => redirectSource(input.prefix, path)))).has(source);
  const desired = new Map<string, { pageId: string; why: string }>();
  // Sources `.gitbook.yaml` still names whose page main does not show yet: what docsync made there stays.
  const waiting = new Set<string>();

  // Pages that moved since the last sync: their old path leads to them, unless a page lives there now.
  const moved = new Map<string, string>();
  if (input.auto) {
    const keep = (source: string, pageId: string): void => {
      if (!input.mainPages.has(pageId) || answered(source)) return;
      moved.set(source, pageId);
      desired.set(source, { pageId, why: `page moved from ${source}` });
    };
    for (const [source, pageId] of Object.entries(input.last?.moved ?? {})) keep(source, pageId);
    const last: Pick<RedirectPages, 'pages' | 'blobs'> = input.last ?? { pages: {}, blobs: {} };
    // A page re-created under a new id (an import) is found by its blob id, when only one page has it:
    // indexed once a recorded page is gone from main.
    let byBlob: Map<string, string | undefined> | undefined;
    const recreated = (blob: string): string | undefined => {
      if (byBlob === undefined) {
        byBlob = new Map();
        for (const [pageId, blob] of input.mainBlobs) if (last.pages[pageId] === undefined) byBlob.set(blob, byBlob.has(blob) ? undefined : pageId);
      }
      return byBlob.get(blob);
    };
    for (const [oldId, oldPath] of Object.entries(last.pages)) {
      const blob = last.blobs[oldId];
      const pageId = input.mainPages.has(oldId) || blob === undefined ? oldId : (recreated(blob) ?? oldId);
      const now = input.mainPages.get(pageId);
      const source = now === undefined || now === oldPath ? undefined : redirectSource(input.prefix, oldPath);
      if (source !== undefined) keep(source, pageId);
    }
  }
  for (const [from, file] of Object.entries(input.fileRedirects)) {
    const source = redirectSource(input.prefix, from);
    if (source === undefined) {
      warnings.push(`redirect "${from}": not a path a site can redirect from (letters, digits, "-", ".", "_", "~" per segment); skipped`);
      continue;
    }
    const pageId = input.pageIdOf(file);
    if (pageId === undefined || !input.mainPages.has(pageId)) {
      pending.push(`${from} → ${file}`);
      waiting.add(source);
    } else desired.set(source, { pageId, why: `.gitbook.yaml: ${from} → ${file}` });
  }

  const live = new Map(input.live.map((r) => [r.source, r]));
  const actions: RedirectAction[] = [];
  let unchanged = 0;
  const ours = new Set<string>();
  for (const [source, { pageId, why }] of desired) {
    const found = live.get(source);
    if (found === undefined) {
      actions.push({ kind: 'create', source, pageId, why });
      ours.add(source);
    } else if (leadsTo(found, input.siteSpaceId, pageId)) {
      unchanged += 1;
      if (made.has(source)) ours.add(source);
    } else if (made.has(source)) {
      actions.push({ kind: 'update', source, id: found.id, pageId, why });
      ours.add(source);
    } else {
      warnings.push(`redirect from ${source}: the site has one made in the platform, leading elsewhere; kept (remove it there to let docsync's apply)`);
      moved.delete(source);
    }
  }
  for (const source of made) {
    const found = live.get(source);
    if (desired.has(source) || found === undefined) continue;
    if (waiting.has(source)) {
      ours.add(source);
      continue;
    }
    actions.push({ kind: 'delete', source, id: found.id });
  }
  return {
    actions,
    pending,
    warnings,
    unchanged,
    made: [...ours].sort(comparePaths),
    pages: { moved: Object.fromEntries(moved), pages: Object.fromEntries(input.mainPages), blobs: Object.fromEntries(input.mainBlobs) },
  };
}

/** `/<prefix>/<path>` for a redirect's old path (`guides/old`, `/guides/old.html`), each segment URL-encoded; undefined when nothing is left. */
export function redirectSource(prefix: string, from: string): string | undefined {
  const segments = [...prefix.split('/'), ...from.trim().split('/')].filter((s) => s !== '' && s !== '.');
  if (segments.length === 0 || segments.includes('..')) return undefined;
  const source = `/${segments.map(encodeSegment).join('/')}`;
  return source.length <= 512 ? source : undefined;
}

/** Percent-encodes all but the characters both documents allow unencoded (`A-Za-z0-9-._~`). */
function encodeSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // a literal % stays, encoded
  }
  return encodeURIComponent(decoded).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function leadsTo(redirect: SiteRedirect, siteSpaceId: string, pageId: string): boolean {
  const to = redirect.destination;
  return to.kind === 'site-page' && 'pageId' in to && to.pageId === pageId && to.siteSpaceId === siteSpaceId;
}
