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
 * the contract's rule; link entries left out (named in the report). The seed's zip import keeps `##`
 * groups as groups and moves an unlinked item's pages one level up (named). Today's content batches,
 * by default (`groups: pages`), make a group the space lacks, and an unlinked item holding pages, a
 * page of its title holding its pages.
 */
export function deliveredTree(summary: readonly ExpectedGroup[], contract: Contract): TreeNode[] {
  const items = (list: readonly ExpectedItem[]): TreeNode[] =>
    list.flatMap((item): TreeNode[] => {
      if (item.kind === 'link') return [];
      if (item.kind === 'page') return [{ type: 'document', title: expectedTitle(item, contract), children: items(item.children) }];
      const children = items(item.children);
      return contract === 'seed' || children.length === 0 ? children : [{ type: 'document', title: item.title, children }];
    });
  return summary.flatMap((group) => {
    const children = items(group.items);
    if (group.title === undefined) return children;
    // The seed's import makes a group even of one holding only link entries; batches make a page only to hold pages.
    if (contract === 'seed') return [{ type: 'group', title: group.title, children }];
    return children.length === 0 ? [] : [{ type: 'document', title: group.title, children }];
  });
}

/** Whether an unlinked item of the tree holds no page, so a delivery names it rather than making it a page. */
export function hasEmptyUnlinked(summary: readonly ExpectedGroup[]): boolean {
  const pages = (item: ExpectedItem): boolean => item.kind === 'page' || (item.kind === 'unlinked' && item.children.some(pages));
  const walk = (list: readonly ExpectedItem[]): boolean =>
    list.some((item) => item.kind !== 'link' && ((item.kind === 'unlinked' && !item.children.some(pages)) || walk(item.children)));
  return summary.some((group) => walk(group.items));
}
