import { relativeTo } from './doc-path.js';
import type { FileIndex } from '../file-index.js';
import { DEFAULT_GITBOOK_CONFIG } from './gitbook-config.js';
import { inferStructure } from './infer-structure.js';
import type { DocsLocation } from './locate-docs.js';
import type { OutlineGroup, OutlineNode } from './outline.js';
import { parseSummarySteps } from './parse-summary.js';
import { resolveSummarySteps } from './resolve-summary.js';
import { summaryStructure, type SummaryStructure } from './summary-structure.js';
import { runAtOnce } from '../time-slice.js';

/** The table of contents of a docs root, before any page is read. */
export interface DocsOutline {
  readonly groups: OutlineGroup[];
  /** Every page path, in table-of-contents order. */
  readonly pages: readonly string[];
  /** `SUMMARY.md` exists but does not list the readme (it was put first). */
  readonly readmeAdded: boolean;
  /** Markdown files under the root that `SUMMARY.md` leaves out (GitBook ignores them). */
  readonly unlisted: readonly string[];
  /** Non-markdown files `SUMMARY.md` links to: bundled as files, not pages. */
  readonly files: readonly string[];
  /** `SUMMARY.md` entries whose file does not exist. */
  readonly missing: number;
  /** What was skipped or doubted and why, as `file:line: message`, in line order per file. */
  readonly warnings: readonly string[];
  /** What `SUMMARY.md` holds beyond pages; undefined without one. */
  readonly structure: SummaryStructure | undefined;
}

/**
 * GitBook's Git Sync rules for the page tree: `SUMMARY.md` when it exists (headings are groups, nested
 * bullets child pages, each file once), else the folders; the readme is always the first page, even when
 * `SUMMARY.md` leaves it out. Redirects must name a file under the root. `summaryText` is undefined when
 * `SUMMARY.md` does not exist. Pure: the same listing and texts give the same outline.
 */
export function outlineDocs(index: FileIndex, location: DocsLocation, summaryText: string | undefined): DocsOutline {
  return runAtOnce(outlineDocsSteps(index, location, summaryText));
}

/** {@link outlineDocs} in steps, so a caller can let the event loop run between them (a large tree takes too long in one go). */
export function* outlineDocsSteps(index: FileIndex, location: DocsLocation, summaryText: string | undefined): Generator<void, DocsOutline, void> {
  const { root, readmePath, summaryPath, configPath, parsed } = location;
  const warnings: string[] = [];
  const readmeExists = index.has(readmePath);
  let groups: OutlineGroup[];
  let missing = 0;
  let files: readonly string[] = [];
  let readmeAdded = false;
  let structure: SummaryStructure | undefined;
  if (summaryText === undefined) {
    if (parsed.config.structure.summary !== DEFAULT_GITBOOK_CONFIG.structure.summary) {
      warnings.push(`${configPath}: structure.summary "${parsed.config.structure.summary}" not found; pages inferred from folders`);
    }
    groups = inferStructure(index, root, readmePath);
  } else {
    const undecodable = summaryText.indexOf('\uFFFD');
    if (undecodable >= 0) {
      // decodeText turned each byte that is not UTF-8 into U+FFFD: the titles on that line are not what the author wrote.
      const line = summaryText.slice(0, undecodable).split('\n').length;
      warnings.push(`${summaryPath}:${line}: not UTF-8 (an unreadable byte became "\uFFFD"); titles may be garbled: save the file as UTF-8`);
    }
    const parsedSummary = yield* parseSummarySteps(summaryText);
    structure = summaryStructure(parsedSummary);
    const resolved = yield* resolveSummarySteps(parsedSummary, { summaryPath, root, index });
    warnings.push(...resolved.warnings);
    groups = resolved.groups;
    missing = resolved.missing;
    files = resolved.files;
    readmeAdded = readmeExists && !outlinePaths(groups).includes(readmePath);
    if (readmeAdded) {
      warnings.push(
        `${summaryPath}: the readme ${relativeTo(root, readmePath) ?? readmePath} is not listed; it goes first, as GitBook makes it the first page`,
      );
      putFirst(groups, readmePath);
    }
  }
  if (!readmeExists) warnings.push(`${readmePath}: readme (structure.readme) not found; the space has no first page`);

  const pages = outlinePaths(groups);
  const listed = new Set(pages);
  yield;
  const unlisted =
    summaryText === undefined
      ? []
      : index
          .under(root)
          .map((entry) => entry.path)
          .filter((path) => /\.md$/i.test(path) && path !== summaryPath && !listed.has(path) && !isDotted(relativeTo(root, path) ?? path));
  for (const [from, to] of Object.entries(parsed.config.redirects)) {
    const target = root === '' ? to : `${root}/${to}`;
    const where = `${configPath}:${parsed.redirectLines[from] ?? 1}`;
    if (!index.has(target)) warnings.push(`${where}: redirect "${from}" points at ${to}, which does not exist under the docs root`);
    else if (/\.md$/i.test(target) && !listed.has(target))
      warnings.push(`${where}: redirect "${from}" points at ${to}, which is not a page of the table of contents`);
  }
  return { groups, pages, readmeAdded, unlisted, files, missing, warnings, structure };
}

/** Every page path of an outline, parents before children. */
export function outlinePaths(groups: readonly OutlineGroup[]): string[] {
  const paths: string[] = [];
  const walk = (nodes: readonly OutlineNode[]): void => {
    for (const node of nodes) {
      paths.push(node.path);
      walk(node.children);
    }
  };
  for (const group of groups) walk(group.nodes);
  return paths;
}

function putFirst(groups: OutlineGroup[], path: string): void {
  const node: OutlineNode = { path, title: undefined, label: undefined, children: [] };
  const first = groups[0];
  if (first?.title === undefined && first !== undefined) first.nodes.unshift(node);
  else groups.unshift({ title: undefined, nodes: [node] });
}

/** Dot-folders and dot-files (`.gitbook/`, `.github/`) hold no pages. */
function isDotted(relative: string): boolean {
  return relative.split('/').some((part) => part.startsWith('.'));
}
