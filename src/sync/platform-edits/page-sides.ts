import { documentTitle } from '../../content/gitbook/document-title.js';
import { pageFileFingerprint } from './page-file-fingerprint.js';
import { liveTitle } from '../../content/gitbook/page-titling.js';
import { parsePageMeta } from '../../content/gitbook/parse-page-meta.js';
import { withFileLinksAsSent, type Fingerprints } from './blob-fingerprints.js';
import type { LiveDocument, LiveText } from './live-documents.js';
import type { Titlings } from './page-titlings.js';

/** Each page's version on each side (base, git, the platform), by path: a blob id where all sides agree, else what the page means. */
export interface PageSides {
  readonly base: Map<string, string>;
  readonly git: Map<string, string>;
  readonly platform: Map<string, string>;
  /** The platform's markdown of each page it changed, as read. */
  readonly markdown: Map<string, string>;
  /** The title the platform gave a page, where `SUMMARY.md` gives the page link text: that text becomes it. */
  readonly retitled: Map<string, string>;
}

/** Where each side has a page: blob ids by path (the base's and git's), the live pages by path, and how to read blobs. */
export interface PagesByPath {
  readonly base: ReadonlyMap<string, string>;
  readonly git: ReadonlyMap<string, string>;
  readonly live: ReadonlyMap<string, LiveDocument>;
  readonly fingerprints: Fingerprints;
}

export interface PageSidesInput extends PagesByPath {
  /** The base's version of a page: as the import that made it titled it, where it did. */
  readonly baseFingerprint: (path: string, oid: string) => Promise<string>;
  /** A live page's markdown and title, read from the API. */
  readonly liveText: (doc: LiveDocument) => Promise<LiveText>;
  readonly titlings: Titlings;
  /** Without state: the blob id the platform-edits branch holds for each page a sync left live. */
  readonly branchHeld: ReadonlyMap<string, string>;
  /** A page's text with links to files uploaded in the platform as the branch writes them. */
  readonly asOnBranch: (text: string, path: string) => string;
}

/**
 * What each side holds of each page. Pages whose blob ids agree on every side are compared by blob
 * id, nothing read; a live page edited in the platform (no blob id) is read, and is the platform's
 * version only when neither docsync sent it nor git had it.
 */
export async function pageSides(input: PageSidesInput): Promise<PageSides> {
  const sides = { base: new Map<string, string>(), git: new Map<string, string>(), platform: new Map<string, string>() };
  const markdown = new Map<string, string>();
  const retitled = new Map<string, string>();
  for (const path of new Set([...input.base.keys(), ...input.git.keys(), ...input.live.keys()])) {
    const [baseOid, gitOid, doc] = [input.base.get(path), input.git.get(path), input.live.get(path)];
    const oids = [baseOid, gitOid, doc?.oid].filter((oid) => oid !== undefined);
    const agree = (doc === undefined || doc.oid !== undefined) && oids.every((oid) => oid === oids[0]);
    if (agree) {
      // Same blob wherever the page exists: compared by blob id, nothing read.
      if (baseOid !== undefined) sides.base.set(path, `oid:${baseOid}`);
      if (gitOid !== undefined) sides.git.set(path, `oid:${gitOid}`);
      if (doc?.oid !== undefined) sides.platform.set(path, `oid:${doc.oid}`);
      continue;
    }
    if (baseOid !== undefined) sides.base.set(path, await input.baseFingerprint(path, baseOid));
    if (gitOid !== undefined) sides.git.set(path, await input.fingerprints.ofOid(gitOid, path));
    if (doc?.oid !== undefined) sides.platform.set(path, await input.fingerprints.ofOid(doc.oid, path));
    else if (doc !== undefined) {
      const { text, title, retitled: changedTitle } = await input.liveText(doc);
      const titling = input.titlings(path);
      const fingerprint = pageFileFingerprint(text, path, titling, title);
      const [baseSide, gitSide] = [sides.base.get(path), sides.git.get(path)];
      // A version docsync sent (its file links as the API names them), or one git had before (a paused
      // worker's late write, say), is not the platform's: git holds it already.
      const asSent = pageFileFingerprint(withFileLinksAsSent(text, path), path, titling, title);
      const sent = async (oid: string | undefined): Promise<boolean> => oid !== undefined && (await input.fingerprints.sentAs(oid, path)) === asSent;
      let platformSide: string | undefined = fingerprint;
      if (fingerprint !== baseSide && fingerprint !== gitSide) {
        if (await sent(gitOid)) platformSide = gitSide;
        else if ((await sent(baseOid)) || (await input.fingerprints.inHistory(path, fingerprint, asSent))) platformSide = baseSide;
      }
      const keptOid = platformSide === fingerprint ? input.branchHeld.get(path) : undefined;
      if (keptOid !== undefined) {
        const kept = await input.fingerprints.ofOid(keptOid, path);
        if (kept !== fingerprint && pageFileFingerprint(input.asOnBranch(text, path), path, titling, title) === kept) platformSide = kept;
      }
      if (platformSide === fingerprint) markdown.set(path, text);
      // The table of contents says it too where it gives the page link text: a title changed in the
      // platform, or another page's at this path (a page moved in to become the readme).
      if (platformSide === fingerprint && titling.summaryTitle !== undefined && title !== titling.summaryTitle) {
        const gitText = gitOid === undefined ? undefined : await input.fingerprints.textOf(gitOid);
        const gitTitle = gitText === undefined ? undefined : liveTitle(titling, documentTitle(gitText), parsePageMeta(gitText).heading);
        if (changedTitle || (gitTitle !== undefined && gitTitle !== title)) retitled.set(path, title);
      }
      if (platformSide !== undefined) sides.platform.set(path, platformSide);
    }
  }
  return { ...sides, markdown, retitled };
}
