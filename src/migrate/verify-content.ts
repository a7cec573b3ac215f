import type { Page } from '../api/schemas/content.js';
import { byPath, contentFingerprint, type ContentExpectation, type ExpectedPage } from './content-expectation.js';

/** How many paths of each kind a diff summary names before it says "and N more". */
const SHOWN = 5;

/** The proof of one item: what was expected, what is live, and how they differ. */
export interface Verification {
  readonly ok: boolean;
  /** `exact`: pages and blob ids compared; `page-count`: only the number of pages. */
  readonly basis: ContentExpectation['kind'];
  readonly expected: { readonly pages: number; readonly fingerprint?: string | undefined };
  readonly actual: { readonly pages: number; readonly fingerprint: string };
  /** Set when `ok` is false. */
  readonly diff?: VerificationDiff | undefined;
}

export interface VerificationDiff {
  /** Expected pages that are not live. */
  readonly missing: readonly string[];
  /** Live pages that were not expected. */
  readonly unexpected: readonly string[];
  /** Pages live at the expected path with other content. */
  readonly changed: readonly string[];
  /** One line: counts and the first paths of each kind. */
  readonly summary: string;
}

/** The live document pages (groups and links are structure) as (source path, blob id) pairs. */
export function livePages(pages: readonly Page[]): ExpectedPage[] {
  const found: ExpectedPage[] = [];
  const walk = (list: readonly Page[]): void => {
    for (const page of list) {
      if (page.type === 'document') {
        found.push(page.git ? { path: page.git.path, oid: page.git.oid } : { path: `(no source file) ${page.path ?? page.id}`, oid: '-' });
      }
      walk(page.pages ?? []);
    }
  };
  walk(pages);
  return found.sort(byPath);
}

/**
 * Compares what an item's source promised with the target's live page tree (one `listPages` read):
 * page count, and for exact expectations the fingerprint over sorted (path, blob id). A mismatch
 * names the missing, unexpected and changed paths.
 */
export function verifyContent(expectation: ContentExpectation, live: readonly Page[]): Verification {
  const actualPages = livePages(live);
  const actual = { pages: actualPages.length, fingerprint: contentFingerprint(actualPages) };
  if (expectation.kind === 'page-count') {
    const ok = expectation.atLeast === true ? actual.pages >= expectation.pages : actual.pages === expectation.pages;
    return {
      ok,
      basis: 'page-count',
      expected: { pages: expectation.pages },
      actual,
      ...(ok
        ? {}
        : {
            diff: {
              missing: [],
              unexpected: [],
              changed: [],
              summary: `expected ${expectation.atLeast === true ? 'at least ' : ''}${plural(expectation.pages)} (${expectation.reason}), found ${actual.pages}`,
            },
          }),
    };
  }
  const expected = { pages: expectation.pages.length, fingerprint: contentFingerprint(expectation.pages) };
  if (expected.fingerprint === actual.fingerprint) return { ok: true, basis: 'exact', expected, actual };
  const liveByPath = new Map(actualPages.map((page) => [page.path, page.oid]));
  const missing: string[] = [];
  const changed: string[] = [];
  for (const page of expectation.pages) {
    const oid = liveByPath.get(page.path);
    if (oid === undefined) missing.push(page.path);
    else if (oid !== page.oid) changed.push(page.path);
    liveByPath.delete(page.path);
  }
  const unexpected = [...liveByPath.keys()];
  const parts = [`expected ${plural(expected.pages)}, found ${actual.pages}`];
  if (missing.length > 0) parts.push(`missing ${list(missing)}`);
  if (changed.length > 0) parts.push(`different content in ${list(changed)}`);
  if (unexpected.length > 0) parts.push(`unexpected ${list(unexpected)}`);
  if (parts.length === 1) parts.push('the same paths, listed twice or in another form');
  return { ok: false, basis: 'exact', expected, actual, diff: { missing, unexpected, changed, summary: parts.join('; ') } };
}

function plural(n: number): string {
  return `${n} page${n === 1 ? '' : 's'}`;
}

function list(paths: readonly string[]): string {
  const shown = paths.slice(0, SHOWN).join(', ');
  return paths.length > SHOWN ? `${shown} and ${paths.length - SHOWN} more` : shown;
}
