import type { Verification } from '../content/bundle/verify-content.js';

/** Pages an import would add, change or remove, by path in the docs root. */
export interface PageDiff {
  added: string[];
  changed: string[];
  /** Live pages the import replaces away, those made in the editor (no source file) included. */
  removed: string[];
  unchanged: number;
  /** The same for files (assets). */
  files: { added: string[]; changed: string[]; removed: string[] };
  /** Titles of the added, changed and removed pages, by path (the local title; the live one for removed pages). */
  titles?: Record<string, string>;
}

/**
 * The bundle versus the live content, as what an import would do: added, changed, removed. `titles`
 * (by path, local and live) names the pages of the diff.
 */
export function pageDiff(verification: Verification, titles?: Readonly<Record<string, string>>): PageDiff {
  const diff = pathDiff(verification);
  if (titles === undefined) return diff;
  const named = [...diff.added, ...diff.changed, ...diff.removed].flatMap((path) => (titles[path] === undefined ? [] : [[path, titles[path]] as const]));
  return { ...diff, titles: Object.fromEntries(named) };
}

function pathDiff(verification: Verification): PageDiff {
  const { diff } = verification;
  const files = { added: [...(diff?.files?.missing ?? [])], changed: [...(diff?.files?.changed ?? [])], removed: [...(diff?.files?.unexpected ?? [])] };
  if (!diff) return { added: [], changed: [], removed: [], unchanged: verification.expected.pages, files };
  return {
    added: [...diff.missing],
    changed: [...diff.changed],
    removed: [...diff.unexpected],
    unchanged: verification.expected.pages - diff.missing.length - diff.changed.length,
    files,
  };
}
