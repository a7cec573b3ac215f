import type { UnlinkedItem } from './parse-summary.js';

/** A page in the table of contents before its file is read. `path` is relative to the source's top. */
export interface OutlineNode {
  readonly path: string;
  /** Title written in `SUMMARY.md`; undefined when inferred from folders. */
  readonly title: string | undefined;
  readonly label: string | undefined;
  readonly children: OutlineNode[];
  /** The `SUMMARY.md` items without a link it is listed under, between it and its parent, outermost first. */
  readonly under?: readonly UnlinkedItem[];
}

/** A page group: a `##` heading of `SUMMARY.md`, or the pages before any heading (`title` undefined). */
export interface OutlineGroup {
  readonly title: string | undefined;
  readonly nodes: OutlineNode[];
}
