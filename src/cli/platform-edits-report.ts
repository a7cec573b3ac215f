import type { PlatformEditsResult } from '../sync/platform-edits/platform-edits-step.js';
import { serverText } from '../logging/sanitize-output.js';

/** What became of one kept page, as the reports say it. */
const OUTCOME: Record<PlatformEditsResult['pages'][number]['outcome'], string> = {
  edited: 'edited in the platform',
  merged: 'edited on both sides, merged',
  conflict: 'edited on both sides, conflict markers from line',
  removed: 'removed in the platform',
  moved: 'moved in the platform',
};

/** Where the platform's versions went and what went live, in one sentence: `adopt` leaves them live, `preserve` puts git's over them. */
export function platformEditsSentence(edits: PlatformEditsResult, dryRun: boolean): string {
  const count = `${edits.pages.length} ${edits.pages.length === 1 ? 'page' : 'pages'}`;
  const where = `the branch ${edits.branch} on ${edits.remote}`;
  const live = edits.mode === 'adopt' ? "the platform's version stays live" : "git's version goes live";
  if (dryRun) return `platform edits: ${count} would be committed to ${where}, and ${live}`;
  const commit = edits.commit === undefined ? '' : ` (commit ${edits.commit.slice(0, 12)}${edits.pushed ? ', pushed' : ', there already'})`;
  return `platform edits: ${count} committed to ${where}${commit}; ${live}`;
}

/** Each kept page and what became of it: `edited in the platform  docs/a.md`. */
export function platformEditsPages(edits: PlatformEditsResult): string[] {
  return edits.pages.map((page) => `${OUTCOME[page.outcome]}${page.outcome === 'conflict' ? ` ${page.line ?? 1}` : ''}: ${serverText(page.file)}`);
}

/** The annotation on a page both sides changed in the same lines: which version went live depends on the mode. */
export function conflictAnnotation(edits: PlatformEditsResult): string {
  const live = edits.mode === 'adopt' ? "the platform's version stayed live" : "git's version went live";
  return `edited both in the platform and in git in the same lines: ${live}, the merge with conflict markers from this line is on the branch ${edits.branch}. Resolve them there and merge the branch.`;
}
