import type { RunningEmulator } from '../../src/emulator/start-emulator.js';
import { call, json } from './emulator-harness.js';
import { expectedTitle, type Contract, type ExpectedGroup, type ExpectedItem } from './gitbook-repo-arbitrary.js';

/** A page of a space's tree as the comparisons see it: type, title, children. */
export interface TreeNode {
  readonly type: string;
  readonly title: string;
  readonly children: readonly TreeNode[];
}

interface RawPage {
  type: string;
  title: string;
  pages?: RawPage[];
}

/** The tree of a change request's content, or of the space's main content without one. */
export async function liveTree(emulator: RunningEmulator, spaceId: string, changeRequest?: string): Promise<TreeNode[]> {
  const path = changeRequest === undefined ? `/v1/spaces/${spaceId}/content` : `/v1/spaces/${spaceId}/change-requests/${changeRequest}/content`;
  const pages = json((await call(emulator, 'GET', path)).body).pages as RawPage[];
  const node = (page: RawPage): TreeNode => ({ type: page.type, title: page.title, children: (page.pages ?? []).map(node) });
  return pages.map(node);
}

/**
 * The tree docsync gives a generated repo on a contract, as docs/structure.md says: pages titled by
 * the contract's rule; link entries left out and an unlinked item's pages one level up (both named in
 * the report); `##` groups kept as groups by the seed's zip import, their pages at the root on today's
 * API when the space holds no group of that title (named too).
 */
export function deliveredTree(summary: readonly ExpectedGroup[], contract: Contract): TreeNode[] {
  const items = (list: readonly ExpectedItem[]): TreeNode[] =>
    list.flatMap((item) =>
      item.kind === 'link'
        ? []
        : item.kind === 'unlinked'
          ? items(item.children)
          : [{ type: 'document', title: expectedTitle(item, contract), children: items(item.children) }],
    );
  return summary.flatMap((group) =>
    group.title !== undefined && contract === 'seed' ? [{ type: 'group', title: group.title, children: items(group.items) }] : items(group.items),
  );
}
