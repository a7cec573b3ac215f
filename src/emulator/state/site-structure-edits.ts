import type { EmulatorState } from './emulator-state.js';
import type { SectionGroupRecord, SectionRecord, SiteRecord, SiteSpaceRecord } from './records.js';
import { sectionsOfGroup, siteSpacesOfSection, topLevelItems } from './site-structure.js';

/**
 * Changing a site's structure while keeping membership (on children) and order (on parents) in
 * step. Before an order list is edited it is rewritten from the display order, so ids a fixture
 * never listed get a real place first.
 */

export type Placement = { anchor: string; where: 'before' | 'after' };

/** Puts `id` just before or after `anchor` in `list` (removing it from where it was). */
export function placeRelative(list: string[], id: string, placement: Placement): void {
  const from = list.indexOf(id);
  if (from >= 0) list.splice(from, 1);
  const at = list.indexOf(placement.anchor);
  const index = at < 0 ? list.length : placement.where === 'before' ? at : at + 1;
  list.splice(index, 0, id);
}

export function settleTopLevel(state: EmulatorState, site: SiteRecord): string[] {
  site.structureOrder = topLevelItems(state, site).map((item) => item.record.id);
  return site.structureOrder;
}

export function settleGroup(state: EmulatorState, group: SectionGroupRecord): string[] {
  group.sections = sectionsOfGroup(state, group).map((s) => s.id);
  return group.sections;
}

export function settleSection(state: EmulatorState, section: SectionRecord): string[] {
  section.siteSpaceOrder = siteSpacesOfSection(state, section).map((s) => s.id);
  return section.siteSpaceOrder;
}

function without(list: string[], id: string): string[] {
  return list.filter((entry) => entry !== id);
}

/** Takes a section out of its group (or the top level), leaving it nowhere until placed again. */
export function detachSection(state: EmulatorState, site: SiteRecord, section: SectionRecord): void {
  const group = section.sectionGroup === undefined ? undefined : state.sectionGroups.get(section.sectionGroup);
  if (group) group.sections = without(group.sections, section.id);
  delete section.sectionGroup;
  site.structureOrder = without(site.structureOrder, section.id);
}

/** Puts a detached section into a group (appended, or placed) or at the top level. */
export function attachSection(
  state: EmulatorState,
  site: SiteRecord,
  section: SectionRecord,
  group: SectionGroupRecord | undefined,
  placement?: Placement,
): void {
  if (group) {
    const order = settleGroup(state, group);
    section.sectionGroup = group.id;
    if (placement) placeRelative(order, section.id, placement);
    else order.push(section.id);
    return;
  }
  const order = settleTopLevel(state, site);
  if (placement) placeRelative(order, section.id, placement);
  else order.push(section.id);
}

/**
 * Takes a site space out of its section's (or the root's) order; the caller then deletes or re-homes
 * it. `keepDefault` is for moves within the same container, where the default should not change.
 */
export function detachSiteSpace(state: EmulatorState, site: SiteRecord, siteSpace: SiteSpaceRecord, keepDefault = false): void {
  const section = siteSpace.section === undefined ? undefined : state.sections.get(siteSpace.section);
  if (section) {
    section.siteSpaceOrder = without(section.siteSpaceOrder, siteSpace.id);
    if (!keepDefault && section.defaultSiteSpace === siteSpace.id) delete section.defaultSiteSpace;
  } else {
    site.structureOrder = without(site.structureOrder, siteSpace.id);
    if (!keepDefault && site.defaultSiteSpace === siteSpace.id) delete site.defaultSiteSpace;
  }
}

export function deleteSiteSpace(state: EmulatorState, site: SiteRecord, siteSpace: SiteSpaceRecord): void {
  detachSiteSpace(state, site, siteSpace);
  state.siteSpaces.delete(siteSpace.id);
}

/** Deletes a section with its site spaces. */
export function deleteSection(state: EmulatorState, site: SiteRecord, section: SectionRecord): void {
  for (const siteSpace of siteSpacesOfSection(state, section)) state.siteSpaces.delete(siteSpace.id);
  detachSection(state, site, section);
  if (site.defaultSection === section.id) delete site.defaultSection;
  state.sections.delete(section.id);
}

/** Deletes a group; its sections return to the top level where the group stood, in group order, its external links to the root. */
export function deleteSectionGroup(state: EmulatorState, site: SiteRecord, group: SectionGroupRecord): void {
  const order = settleTopLevel(state, site);
  const sections = sectionsOfGroup(state, group);
  const at = order.indexOf(group.id);
  order.splice(at < 0 ? order.length : at, at < 0 ? 0 : 1, ...sections.map((s) => s.id));
  for (const section of sections) delete section.sectionGroup;
  // Its external links go to the root with it.
  for (const link of state.externalLinks.values()) if (link.sectionGroup === group.id) delete link.sectionGroup;
  state.sectionGroups.delete(group.id);
}

/** Deletes a site and everything hanging from it. */
export function deleteSite(state: EmulatorState, site: SiteRecord): void {
  const owned = <T extends { site: string }>(map: Map<string, T>): void => {
    for (const [id, record] of map) if (record.site === site.id) map.delete(id);
  };
  owned(state.siteSpaces);
  owned(state.sections);
  owned(state.sectionGroups);
  owned(state.shareLinks);
  owned(state.externalLinks);
  owned(state.siteRedirects);
  state.sites.delete(site.id);
}
