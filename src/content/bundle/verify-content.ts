import { contentFingerprint, type ContentExpectation, type ExpectedFile, type ExpectedPage } from './content-expectation.js';
import { comparePaths } from '../compare-paths.js';

/** What verification reads of a live page (the API's page tree). */
export interface LivePage {
  readonly id: string;
  readonly type: string;
  readonly path?: string | undefined;
  readonly git?: { readonly path: string; readonly oid: string } | undefined;
  readonly pages?: readonly LivePage[] | undefined;
}

/** What verification reads of a live file (an uploaded asset). */
export interface LiveFile {
  readonly id: string;
  readonly name: string;
  readonly git?: { readonly path: string; readonly oid: string } | undefined;
}

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
  /** Set when files were compared: the same three lists for files (assets). */
  readonly files?: { readonly missing: readonly string[]; readonly unexpected: readonly string[]; readonly changed: readonly string[] } | undefined;
  /** One line: counts and the first paths of each kind. */
  readonly summary: string;
}

/** The live document pages (groups and links are structure) as (source path, blob id) pairs. */
export function livePages(pages: readonly LivePage[]): ExpectedPage[] {
  const found: ExpectedPage[] = [];
  const walk = (list: readonly LivePage[]): void => {
    for (const page of list) {
      if (page.type === 'document') {
        found.push(page.git ? { path: page.git.path, oid: page.git.oid } : { path: `(no source file) ${page.path ?? page.id}`, oid: '-' });
      }
      walk(page.pages ?? []);
    }
  };
  walk(pages);
  return found.sort((a, b) => comparePaths(a.path, b.path));
}

/**
 * Compares what an item's source promised with the target's live page tree (one `listPages` read):
 * page count, and for exact expectations the fingerprint over sorted (path, blob id); with expected
 * files and the live ones (a revision read gives both), files the same way. A mismatch names the
 * missing, unexpected and changed paths.
 */
export function verifyContent(expectation: ContentExpectation, live: readonly LivePage[], liveFiles?: readonly LiveFile[]): Verification {
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
  const files = expectation.files && liveFiles ? compare(expectation.files, liveFileEntries(liveFiles)) : undefined;
  const pagesMatch = expected.fingerprint === actual.fingerprint;
  if (pagesMatch && (files === undefined || files.ok)) return { ok: true, basis: 'exact', expected, actual };
  const pages = compare(expectation.pages, actualPages);
  const parts = [`expected ${plural(expected.pages)}, found ${actual.pages}`];
  if (pages.missing.length > 0) parts.push(`missing ${list(pages.missing)}`);
  if (pages.changed.length > 0) parts.push(`different content in ${list(pages.changed)}`);
  if (pages.unexpected.length > 0) parts.push(`unexpected ${list(pages.unexpected)}`);
  if (!pagesMatch && parts.length === 1) parts.push('the same paths, listed twice or in another form');
  if (files && !files.ok) {
    parts.push(`expected ${files.expected} file${files.expected === 1 ? '' : 's'}, found ${files.actual}`);
    if (files.missing.length > 0) parts.push(`missing files ${list(files.missing)}`);
    if (files.changed.length > 0) parts.push(`different content in files ${list(files.changed)}`);
    if (files.unexpected.length > 0) parts.push(`unexpected files ${list(files.unexpected)}`);
  }
  const { missing, unexpected, changed } = pages;
  return {
    ok: false,
    basis: 'exact',
    expected,
    actual,
    diff: {
      missing,
      unexpected,
      changed,
      ...(files ? { files: { missing: files.missing, unexpected: files.unexpected, changed: files.changed } } : {}),
      summary: parts.join('; '),
    },
  };
}

/** The live files as (source path, blob id); a file without git metadata (uploaded by hand) by its name. */
function liveFileEntries(files: readonly LiveFile[]): ExpectedFile[] {
  return files
    .map((file) => (file.git ? { path: file.git.path, oid: file.git.oid } : { path: `(no source file) ${file.name}`, oid: '-' }))
    .sort((a, b) => comparePaths(a.path, b.path));
}

/** Expected versus live entries by path, then blob id. */
function compare(expected: readonly ExpectedPage[], live: readonly ExpectedPage[]) {
  const liveByPath = new Map(live.map((entry) => [entry.path, entry.oid]));
  const missing: string[] = [];
  const changed: string[] = [];
  for (const entry of expected) {
    const oid = liveByPath.get(entry.path);
    if (oid === undefined) missing.push(entry.path);
    else if (oid !== entry.oid) changed.push(entry.path);
    liveByPath.delete(entry.path);
  }
  const unexpected = [...liveByPath.keys()];
  const ok = missing.length === 0 && changed.length === 0 && unexpected.length === 0 && expected.length === live.length;
  return { ok, missing, changed, unexpected, expected: expected.length, actual: live.length };
}

function plural(n: number): string {
  return `${n} page${n === 1 ? '' : 's'}`;
}

function list(paths: readonly string[]): string {
  const shown = paths.slice(0, SHOWN).join(', ');
  return paths.length > SHOWN ? `${shown} and ${paths.length - SHOWN} more` : shown;
}
