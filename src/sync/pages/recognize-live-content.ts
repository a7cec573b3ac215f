import { isDeepStrictEqual } from 'node:util';
import pMap from 'p-map';
import type { ContentApi, ContentTarget } from '../../api/resources/content.js';
import type { File, Page } from '../../api/schemas/content.js';
import { decodeText } from '../../content/gitbook/clean-text.js';
import { gitBlobOid } from '../../content/git/git-blob-oid.js';
import { documentTitle } from '../../content/gitbook/document-title.js';
import { hiddenSwitches, pageMeaning } from '../../content/gitbook/page-meaning.js';
import { parsePageMeta } from '../../content/gitbook/parse-page-meta.js';
import { titledBody } from '../../content/gitbook/page-titling.js';
import { splitFrontmatter } from '../../content/gitbook/split-frontmatter.js';
import type { Download } from '../../http/url-downloader.js';
import type { PreparedContent } from '../prepared-content.js';
import { liveMeaning } from '../settle-by-meaning.js';
import type { DesiredFile, DesiredGroup, DesiredPage, LiveFile, LivePage } from './page-plan.js';
import { rewriteFileLinks } from './rewrite-file-links.js';

/** Page reads and file downloads in flight at once. */
const READS = 8;

export interface RecognizeDeps {
  readonly api: { readonly content: Pick<ContentApi, 'getPage'> };
  /** Fetches a live file's bytes by its `downloadURL`; without it, files of unknown content are sent again. */
  readonly download?: Download | undefined;
}

/**
 * What a runner without docsync's record (a CI runner with no `.docsync/`, a folder written by
 * `pull`) finds the change request to hold, so that content already there is not sent again:
 *
 * - a live file of unknown content with the name and size of a repo file is downloaded and hashed:
 *   the same bytes make it that file;
 * - a live page at a repo page's place, of unknown content, is read: when its markdown and metadata
 *   mean what the repo's file says once docsync sends it (file links as `/files/<id>`, the title the
 *   document or the table of contents gives), it holds that page;
 * - a document at a heading page's place with its title is that heading page (no read).
 *
 * Anything it cannot tell stays unknown, and is sent again.
 */
export async function recognizeLiveContent(
  deps: RecognizeDeps,
  into: ContentTarget,
  content: Pick<PreparedContent, 'readMany'>,
  desired: { readonly groups: readonly DesiredGroup[]; readonly files: readonly DesiredFile[] },
  live: { readonly pages: readonly LivePage[]; readonly files: readonly LiveFile[]; readonly raw: readonly File[] },
  signal: AbortSignal | undefined,
): Promise<{ pages: LivePage[]; files: LiveFile[] }> {
  const files = await recognizeFiles(deps.download, desired.files, live.files, live.raw, signal);
  const fileIds = new Map(files.flatMap((file) => (file.key === undefined ? [] : [[file.key, file.id] as const])));
  const filePaths = new Map(files.flatMap((file) => (file.key === undefined ? [] : [[file.id, file.key] as const])));

  const wanted = new Map<string, DesiredPage>();
  const collect = (pages: readonly DesiredPage[]): void =>
    pages.forEach((page) => {
      wanted.set(page.path, page);
      collect(page.children);
    });
  desired.groups.forEach((group) => collect(group.pages));
  const unknown = new Map<string, LivePage>();
  const same = new Map<string, string>(); // live page id → the repo page's hash
  const walk = (pages: readonly LivePage[]): void =>
    pages.forEach((page) => {
      const want = page.key === undefined ? undefined : wanted.get(page.key);
      if (page.type === 'document' && page.hash === undefined && page.key !== undefined && want !== undefined) {
        // A heading page holds no file: its title is what docsync gave it.
        if (want.heading === true) {
          if (page.title === want.title) same.set(page.id, want.hash);
        } else if (!unknown.has(page.key)) unknown.set(page.key, page);
      }
      walk(page.children);
    });
  walk(live.pages);

  const local = new Map<string, string>();
  if (unknown.size > 0) for await (const { path, bytes } of content.readMany([...unknown.keys()])) local.set(path, decodeText(bytes));
  await pMap(
    [...unknown],
    async ([path, page]) => {
      const text = local.get(path);
      const want = wanted.get(path);
      if (text === undefined || want === undefined) return;
      // The title and the layout are compared on their own, below.
      const asWritten = pageMeaning(path, new TextEncoder().encode(text), ['layout', 'title']);
      if (asWritten === undefined) return;
      const sent = rewriteFileLinks(text, path, (file) => (fileIds.has(file) ? `/files/${fileIds.get(file)}` : undefined));
      const full = await deps.api.content.getPage(into, page.id, { format: 'markdown', signal });
      if (full.title !== (documentTitle(sent) ?? want.title) || !sameLayout(parsePageMeta(text).layout, full.layout)) return;
      // The cover compares by the path of its file; a page docsync sent holds its links as file ids,
      // one imported from git as written.
      // The titles being the same, a `# ` heading that titles the page is compared as the title: the
      // platform keeps a title apart from the document, and its editor changes that alone.
      const titling = { source: 'document', summaryTitle: undefined, fileTitle: path } as const;
      const untitled = <T extends { body: string } | undefined>(meaning: T): T =>
        meaning === undefined ? meaning : { ...meaning, body: titledBody(meaning.body, titling).body };
      const theirs = untitled(liveMeaning(full, filePaths));
      const mine = untitled({ ...asWritten, body: splitFrontmatter(sent).body });
      if (isDeepStrictEqual(mine, theirs) || isDeepStrictEqual(untitled(asWritten), theirs)) same.set(page.id, want.hash);
    },
    { concurrency: READS },
  );
  const settle = (pages: readonly LivePage[]): LivePage[] =>
    pages.map((page) => {
      const hash = same.get(page.id);
      return { ...page, ...(hash === undefined ? {} : { hash }), children: settle(page.children) };
    });
  return { pages: settle(live.pages), files };
}

/**
 * Whether the live page shows the layout the frontmatter sets (`title: {visible: false}` as
 * `title: false`), and hides no more of what a frontmatter's layout sets (a layout changed in the
 * platform's editor). An API that reports no layout cannot tell it apart: the rest of the page decides.
 */
function sameLayout(local: Readonly<Record<string, unknown>> | undefined, live: Page['layout']): boolean {
  if (live === undefined) return true;
  if (!isDeepStrictEqual(hiddenSwitches(local), hiddenSwitches(live))) return false;
  const shown: Record<string, unknown> = live;
  return Object.entries(local ?? {}).every(([key, value]) => {
    const visible = typeof value === 'object' && value !== null && 'visible' in value ? value.visible : value;
    return shown[key] === undefined || shown[key] === visible;
  });
}

/** Live files of unknown content matched to repo files by name and size, then by the blob oid of their bytes. */
async function recognizeFiles(
  download: Download | undefined,
  desired: readonly DesiredFile[],
  live: readonly LiveFile[],
  raw: readonly File[],
  signal: AbortSignal | undefined,
): Promise<LiveFile[]> {
  const held = new Set(live.flatMap((file) => (file.key === undefined || file.hash === undefined ? [] : [`${file.key}\n${file.hash}`])));
  const missing = desired.filter((file) => !held.has(`${file.path}\n${file.hash}`));
  if (download === undefined || missing.length === 0) return [...live];
  const byId = new Map(raw.map((file) => [file.id, file]));
  const candidates = live.filter((file) => file.hash === undefined);
  const found = new Map<string, LiveFile>(); // live file id → recognized
  const pairs: { want: DesiredFile; file: File }[] = [];
  for (const want of missing) {
    const name = want.path.slice(want.path.lastIndexOf('/') + 1);
    for (const candidate of candidates) {
      const file = byId.get(candidate.id);
      // A file imported from git names its path; one sent in a batch only its name.
      const named = candidate.key === undefined ? file?.name === name : candidate.key === want.path;
      if (file === undefined || !named || file.size !== want.size) continue;
      pairs.push({ want, file });
    }
  }
  const hashes = new Map<string, string>();
  await pMap(
    [...new Set(pairs.map((pair) => pair.file))],
    async (file) => {
      try {
        const bytes = await download(file.downloadURL, { signal, maxBytes: file.size });
        hashes.set(file.id, gitBlobOid(bytes));
      } catch {
        // Not readable now: its content stays unknown, and the repo's file is sent again.
      }
    },
    { concurrency: READS },
  );
  const taken = new Set<string>();
  for (const { want, file } of pairs) {
    if (found.has(file.id) || taken.has(want.path) || hashes.get(file.id) !== want.hash) continue;
    found.set(file.id, { id: file.id, key: want.path, hash: want.hash });
    taken.add(want.path);
  }
  return live.map((file) => found.get(file.id) ?? file);
}
