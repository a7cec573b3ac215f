import type { PageChange } from './classify-pages.js';
import type { PageTexts } from './detected-edits.js';
import type { LiveDocument, LiveText } from './live-documents.js';
import type { PagesByPath } from './page-sides.js';

export interface PageTextsInput extends PagesByPath {
  /** The platform's markdown and titles of the pages it changed, by path (see page-sides.ts). */
  readonly markdown: ReadonlyMap<string, string>;
  readonly retitled: ReadonlyMap<string, string>;
  /** Pages the platform gave another path, and pages git did, base path → new path. */
  readonly renamed: ReadonlyMap<string, string>;
  readonly gitRenamed: ReadonlyMap<string, string>;
  /** Pages the platform holds at a new place that git moved or removed, base path → live path. */
  readonly placedElsewhere: ReadonlyMap<string, string>;
  readonly liveText: (doc: LiveDocument) => Promise<LiveText>;
}

/**
 * The three versions of each page the platform changed (and of each held one), as files of the repo.
 * A page moved in the platform and edited in git: its base and git versions are those of its base
 * path. One git moved: its base and platform versions are those of its base path.
 */
export async function pageTexts(changes: readonly PageChange[], input: PageTextsInput): Promise<Map<string, PageTexts>> {
  const { fingerprints } = input;
  const movedFrom = new Map([...input.renamed].map(([from, to]) => [to, from]));
  const gitMovedFrom = new Map([...input.gitRenamed].map(([from, to]) => [to, from]));
  const texts = new Map<string, PageTexts>();
  for (const change of changes) {
    if (change.kind !== 'platform' && change.kind !== 'both' && change.kind !== 'held') continue;
    const source = change.kind === 'both' ? (movedFrom.get(change.path) ?? change.path) : change.path;
    const platformAt = gitMovedFrom.get(change.path) ?? input.placedElsewhere.get(change.path) ?? change.path;
    const [baseOid, gitOid, doc] = [input.base.get(gitMovedFrom.get(change.path) ?? source), input.git.get(source), input.live.get(platformAt)];
    let platform = input.markdown.get(platformAt) ?? (doc?.oid === undefined ? undefined : await fingerprints.textOf(doc.oid));
    // What was left live, when git has no copy of it here: as the platform holds it.
    // So is a page git removed that the platform gave a child, unchanged itself.
    if (platform === undefined && doc !== undefined && (change.kind === 'held' || (change.kind === 'both' && change.git === undefined)))
      platform = (await input.liveText(doc)).text;
    const title = input.retitled.get(platformAt);
    texts.set(change.path, {
      base: baseOid === undefined ? undefined : await fingerprints.textOf(baseOid),
      git: gitOid === undefined ? undefined : await fingerprints.textOf(gitOid),
      platform,
      ...(title === undefined ? {} : { title }),
    });
  }
  return texts;
}
