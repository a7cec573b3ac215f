import type { EmulatorState } from './emulator-state.js';
import type { SectionGroupRecord, SectionRecord, SiteRecord, SiteSpaceRecord } from './records.js';

/**
 * Reading a site's structure in display order. Membership lives on the child records
 * (`section.sectionGroup`, `siteSpace.section`); order lives in the parent's list
 * (`site.structureOrder`, `group.sections`, `section.siteSpaceOrder`). Children missing from an
 * order list come last in creation order, so a fixture that fills no order lists still reads well.
 */

/** `items` sorted by their index in `order`; unlisted items keep their relative order at the end. */
export function inOrder<T extends { id: string }>(items: readonly T[], order: readonly string[]): T[] {
  const rank = new Map(order.map((id, index) => [id, index]));
  return items
    .map((item, index) => ({ item, key: rank.get(item.id) ?? order.length + index }))
    .sort((a, b) => a.key - b.key)
    .map((entry) => entry.item);
}

function valuesWhere<T>(map: ReadonlyMap<string, T>, keep: (record: T) => boolean): T[] {
  return [...map.values()].filter(keep);
}

export type TopLevelItem =
  { kind: 'group'; record: SectionGroupRecord } | { kind: 'section'; record: SectionRecord } | { kind: 'site-space'; record: SiteSpaceRecord };

/** Section groups, ungrouped sections and root site spaces, in display order. */
export function topLevelItems(state: EmulatorState, site: SiteRecord): TopLevelItem[] {
  const items: (TopLevelItem & { id: string })[] = [
    ...valuesWhere(state.sectionGroups, (g) => g.site === site.id).map((record) => ({ kind: 'group' as const, record, id: record.id })),
    ...valuesWhere(state.sections, (s) => s.site === site.id && s.sectionGroup === undefined).map((record) => ({
      kind: 'section' as const,
      record,
      id: record.id,
    })),
    ...rootSiteSpacesUnordered(state, site).map((record) => ({ kind: 'site-space' as const, record, id: record.id })),
  ];
  return inOrder(items, site.structureOrder);
}

export function sectionGroupsOf(state: EmulatorState, site: SiteRecord): SectionGroupRecord[] {
  return topLevelItems(state, site).flatMap((item) => (item.kind === 'group' ? [item.record] : []));
}

export function sectionsOfGroup(state: EmulatorState, group: SectionGroupRecord): SectionRecord[] {
  return inOrder(
    valuesWhere(state.sections, (s) => s.sectionGroup === group.id),
    group.sections,
  );
}

/** Every section of the site, groups expanded in place. */
export function sectionsOf(state: EmulatorState, site: SiteRecord): SectionRecord[] {
  return topLevelItems(state, site).flatMap((item) => {
    if (item.kind === 'group') return sectionsOfGroup(state, item.record);
    return item.kind === 'section' ? [item.record] : [];
  });
}

function rootSiteSpacesUnordered(state: EmulatorState, site: SiteRecord): SiteSpaceRecord[] {
  return valuesWhere(state.siteSpaces, (s) => s.site === site.id && s.section === undefined);
}

export function rootSiteSpaces(state: EmulatorState, site: SiteRecord): SiteSpaceRecord[] {
  return inOrder(rootSiteSpacesUnordered(state, site), site.structureOrder);
}

export function siteSpacesOfSection(state: EmulatorState, section: SectionRecord): SiteSpaceRecord[] {
  return inOrder(
    valuesWhere(state.siteSpaces, (s) => s.section === section.id),
    section.siteSpaceOrder,
  );
}

/** Root site spaces first, then those of each section in section order. */
export function siteSpacesOf(state: EmulatorState, site: SiteRecord): SiteSpaceRecord[] {
  return [...rootSiteSpaces(state, site), ...sectionsOf(state, site).flatMap((s) => siteSpacesOfSection(state, s))];
}

/** The site space's siblings: the site spaces of its section, or the root ones. */
export function siblingSiteSpaces(state: EmulatorState, site: SiteRecord, sectionId: string | undefined): SiteSpaceRecord[] {
  if (sectionId === undefined) return rootSiteSpaces(state, site);
  const section = state.sections.get(sectionId);
  return section ? siteSpacesOfSection(state, section) : [];
}

/** The default section: the one set on the site if it still exists, else the first. */
export function defaultSectionOf(state: EmulatorState, site: SiteRecord): SectionRecord | undefined {
  const sections = sectionsOf(state, site);
  return sections.find((s) => s.id === site.defaultSection) ?? sections[0];
}

/** The default site space of a section (or of the root): the one set if it still exists, else the first. */
export function defaultSiteSpaceIn(state: EmulatorState, site: SiteRecord, section: SectionRecord | undefined): SiteSpaceRecord | undefined {
  const siblings = section ? siteSpacesOfSection(state, section) : rootSiteSpaces(state, site);
  const chosen = section ? section.defaultSiteSpace : site.defaultSiteSpace;
  return siblings.find((s) => s.id === chosen) ?? siblings[0];
}

/** `base`, or `base-2`, `base-3`… whichever is not taken; kept within the 100-char path bound. */
export function uniquePath(base: string, taken: ReadonlySet<string>): string {
  const root = base.slice(0, 100);
  if (!taken.has(root)) return root;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${root.slice(0, 100 - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
