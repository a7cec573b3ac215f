import { createHash } from 'node:crypto';
import type { DocsOutline } from '../gitbook/outline-docs.js';
import type { TreeEntry } from '../tree-source.js';

/** What an outline is built from: the project directory, `.gitbook.yaml`'s and `SUMMARY.md`'s texts, and the listed paths. */
export interface OutlineInputs {
  readonly directory: string;
  readonly configText: string | undefined;
  readonly summaryText: string | undefined;
  readonly listing: readonly TreeEntry[];
}

/**
 * The last outline built for one target, by a hash of what it was built from (the outline is a pure
 * function of it): a long-lived process's whole read after a page's edit, which leaves the table of
 * contents and the listed paths as they were, does not parse and resolve `SUMMARY.md` again. One
 * entry: a read replaces the one before it.
 */
export class OutlineMemo {
  #last: { readonly key: string; readonly outline: DocsOutline } | undefined;

  async outline(inputs: OutlineInputs, build: () => Promise<DocsOutline>): Promise<DocsOutline> {
    const key = outlineKey(inputs);
    if (this.#last?.key === key) return this.#last.outline;
    const outline = await build();
    this.#last = { key, outline };
    return outline;
  }
}

function outlineKey({ directory, configText, summaryText, listing }: OutlineInputs): string {
  const hash = createHash('sha256').update(JSON.stringify([directory, configText ?? null, summaryText ?? null]));
  return hash.update(JSON.stringify(listing.map((entry) => entry.path))).digest('hex');
}
