import type { Page } from '../../api/schemas/content.js';
import { headingPage, type GroupsMode } from './desired-pages.js';
import { headingKey, type DesiredGroup, type DesiredPage } from './page-plan.js';

/**
 * Where each `##` group's pages go on today's API, which cannot create a group: into a group of that
 * title the space holds (each live group serves one), else, with `groups: pages`, into a heading page
 * of the group's title at the top level, in the group's place; with `flat` they are left for the
 * planner, which puts them at the top level. The warning names the groups made pages.
 */
export function placeGroups(
  desired: readonly DesiredGroup[],
  live: readonly Pick<Page, 'type' | 'title'>[],
  mode: GroupsMode,
  summary: string,
): { groups: DesiredGroup[]; warnings: string[] } {
  if (mode === 'flat') return { groups: [...desired], warnings: [] };
  const free = new Map<string, number>();
  for (const page of live) if (page.type === 'group') free.set(page.title, (free.get(page.title) ?? 0) + 1);
  const taken = new Set<string>();
  const collect = (pages: readonly DesiredPage[]): void =>
    pages.forEach((page) => {
      taken.add(page.path);
      collect(page.children);
    });
  desired.forEach((group) => collect(group.pages));

  const top: DesiredPage[] = [];
  const kept: DesiredGroup[] = [];
  const made: string[] = [];
  for (const group of desired) {
    if (group.title === undefined) top.push(...group.pages);
    else if (group.pages.length === 0) continue;
    else if ((free.get(group.title) ?? 0) > 0) {
      free.set(group.title, (free.get(group.title) ?? 0) - 1);
      kept.push(group);
    } else {
      const key = headingKey(summary, group.title, taken);
      taken.add(key);
      top.push(headingPage(key, group.title, group.pages));
      made.push(`"${group.title}"`);
    }
  }
  const warnings: string[] = [];
  if (made.length > 0) {
    const [first] = made;
    const named = made.length === 1 ? `the group ${first} is` : `the groups ${made.join(', ')} are`;
    warnings.push(
      `${named} not in the space and the API cannot create groups: each is a page of its title holding its pages (create the groups once in the editor and the next sync places the pages in them)`,
    );
  }
  return { groups: [{ title: undefined, pages: top }, ...kept], warnings };
}
