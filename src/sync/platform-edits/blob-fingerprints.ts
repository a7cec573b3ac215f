import { decodeText } from '../../content/gitbook/clean-text.js';
import { pageFileFingerprint } from './page-file-fingerprint.js';
import { rewriteFileLinks } from '../pages/rewrite-file-links.js';
import { fingerprintsCurrent } from './base-version.js';
import type { TargetState } from '../../state/state-store.js';
import type { PreparedContent } from '../prepared-content.js';
import type { Titlings } from './page-titlings.js';

/** Where the fingerprints of blobs come from: the detection's input (see `DetectInput`). */
export interface FingerprintSources {
  readonly content: Pick<PreparedContent, 'readMany'>;
  readonly base: TargetState['base'];
  readonly titlings: Titlings;
  readonly readBlob?: ((oid: string) => Promise<Uint8Array | undefined>) | undefined;
  readonly pastBlobs?: ((path: string) => Promise<readonly string[]>) | undefined;
}

/**
 * A page's text with every link to a file (not a page) as one placeholder: a batch sends file links
 * as the API names them (`/files/<id>`, ids that change when files are sent again), so a version
 * docsync sent is told by the rest of its text.
 */
export function withFileLinksAsSent(text: string, path: string): string {
  return rewriteFileLinks(text, path, (file) => (file.endsWith('.md') ? undefined : '/files/*'));
}

/** Fingerprints and texts of blobs, by page and blob id, each read once: from the docs read, the state's base, or git. */
export class Fingerprints {
  private readonly known = new Map<string, string>();
  private readonly texts = new Map<string, string | undefined>();
  private readonly pathOfOid: Map<string, string>;

  constructor(
    private readonly input: FingerprintSources,
    gitOids: ReadonlyMap<string, string>,
  ) {
    // A base of another version: its fingerprints are made again from its blobs.
    if (fingerprintsCurrent(input.base)) {
      for (const [path, entry] of input.base?.pages ?? []) {
        this.known.set(`${path}\n${entry.oid}`, entry.fingerprint);
        // Left live with git's own blob under another title: that blob is git's page still.
        if (entry.live !== undefined && entry.live.oid !== entry.oid) this.known.set(`${path}\n${entry.live.oid}`, entry.live.fingerprint);
      }
    }
    this.pathOfOid = new Map([...gitOids].map(([path, oid]) => [oid, path]));
  }

  /** The fingerprint of a blob as the page at `path` (which says how it is titled). */
  async ofOid(oid: string, path: string): Promise<string> {
    const key = `${path}\n${oid}`;
    const known = this.known.get(key);
    if (known !== undefined) return known;
    const text = await this.textOf(oid);
    // A blob no longer anywhere: only equal ids compare equal.
    const fingerprint = text === undefined ? `oid:${oid}` : pageFileFingerprint(text, path, this.input.titlings(path));
    this.known.set(key, fingerprint);
    return fingerprint;
  }

  /** The fingerprint of a blob of the page at `path` with its file links as a batch sends them ({@link withFileLinksAsSent}). */
  async sentAs(oid: string, path: string): Promise<string | undefined> {
    const text = await this.textOf(oid);
    return text === undefined ? undefined : pageFileFingerprint(withFileLinksAsSent(text, path), path, this.input.titlings(path));
  }

  /** Whether the page at `path` (in the docs root) had this version in git's recent history: as a file, or as sent. */
  async inHistory(path: string, fingerprint: string, asSent: string): Promise<boolean> {
    for (const oid of (await this.input.pastBlobs?.(path)) ?? []) {
      if ((await this.ofOid(oid, path)) === fingerprint || (await this.sentAs(oid, path)) === asSent) return true;
    }
    return false;
  }

  /** A text whose blob git may not hold (the platform's side of a conflict the branch holds), known by its blob id. */
  know(oid: string, text: string): void {
    this.texts.set(oid, text);
  }

  async textOf(oid: string): Promise<string | undefined> {
    if (this.texts.has(oid)) return this.texts.get(oid);
    let text: string | undefined;
    const path = this.pathOfOid.get(oid);
    if (path !== undefined) {
      for await (const read of this.input.content.readMany([path])) text = decodeText(read.bytes);
    } else {
      const bytes = await this.input.readBlob?.(oid);
      text = bytes === undefined ? undefined : decodeText(bytes);
    }
    this.texts.set(oid, text);
    return text;
  }
}
