import type { EmulatorState } from './emulator-state.js';
import type { ExternalLinkRecord, SectionGroupRecord, SectionRecord, SiteRecord, SiteSpaceRecord } from './records.js';
import { inOrder, type TopLevelItem } from './site-structure.js';

/**
 * One site's structure read in a single pass over the state's sections and site spaces, with each
 * list put in display order once. Serializing a structure through it is linear in the site's size;
 * the per-record helpers of site-structure.ts rescan the state and suit single-record answers.
 * Build it after the last edit of a request: it does not follow later changes.
 */
export class SiteLayout {
  readonly topLevel: readonly TopLevelItem[];
  readonly defaultSectionId: string | undefined;
  private readonly sectionsByGroup = new Map<string, SectionRecord[]>();
  /** Key: the section id, `undefined` for the site's root. */
  private readonly siteSpacesBySection = new Map<string | undefined, SiteSpaceRecord[]>();
  private readonly defaultSiteSpaces = new Map<string | undefined, string | undefined>();
  /** Key: the group id, `undefined` for the root; in creation order. */
  private readonly externalLinksByGroup = new Map<string | undefined, ExternalLinkRecord[]>();

  constructor(
    private readonly state: EmulatorState,
    private readonly site: SiteRecord,
  ) {
    const groups: (TopLevelItem & { id: string })[] = [];
    const ungrouped: (TopLevelItem & { id: string })[] = [];
    for (const group of state.sectionGroups.values()) if (group.site === site.id) groups.push({ kind: 'group', record: group, id: group.id });
    for (const section of state.sections.values()) {
      if (section.site !== site.id) continue;
      if (section.sectionGroup === undefined) ungrouped.push({ kind: 'section', record: section, id: section.id });
      else push(this.sectionsByGroup, section.sectionGroup, section);
    }
    for (const siteSpace of state.siteSpaces.values()) if (siteSpace.site === site.id) push(this.siteSpacesBySection, siteSpace.section, siteSpace);
    for (const link of state.externalLinks.values()) if (link.site === site.id) push(this.externalLinksByGroup, link.sectionGroup, link);
    for (const group of groups) {
      const record = group.record as SectionGroupRecord;
      this.sectionsByGroup.set(record.id, inOrder(this.sectionsByGroup.get(record.id) ?? [], record.sections));
    }
    for (const [section, list] of this.siteSpacesBySection) {
      const order = section === undefined ? site.structureOrder : (state.sections.get(section)?.siteSpaceOrder ?? []);
      this.siteSpacesBySection.set(section, inOrder(list, order));
    }
    const roots = this.siteSpacesOf(undefined).map((record) => ({ kind: 'site-space' as const, record, id: record.id }));
    this.topLevel = inOrder([...groups, ...ungrouped, ...roots], site.structureOrder);
    const sections = this.topLevel.flatMap((item) =>
      item.kind === 'group' ? this.sectionsOfGroup(item.record) : item.kind === 'section' ? [item.record] : [],
    );
    this.defaultSectionId = (sections.find((s) => s.id === site.defaultSection) ?? sections[0])?.id;
  }

  sectionsOfGroup(group: SectionGroupRecord): readonly SectionRecord[] {
    return this.sectionsByGroup.get(group.id) ?? [];
  }

  /** The external links of a group, or the site's root ones for `undefined`. */
  externalLinksOf(group: string | undefined): readonly ExternalLinkRecord[] {
    return this.externalLinksByGroup.get(group) ?? [];
  }

  /** The site spaces of a section, or the site's root ones for `undefined`, in display order. */
  siteSpacesOf(section: string | undefined): readonly SiteSpaceRecord[] {
    return this.siteSpacesBySection.get(section) ?? [];
  }

  isDefaultSection(section: SectionRecord): boolean {
    return this.defaultSectionId === section.id;
  }

  /** The default of its own section (or of the root): the one set there if it still exists, else the first. */
  isDefaultSiteSpace(siteSpace: SiteSpaceRecord): boolean {
    const key = siteSpace.section;
    if (!this.defaultSiteSpaces.has(key)) {
      const siblings = this.siteSpacesOf(key);
      const chosen = key === undefined ? this.site.defaultSiteSpace : this.state.sections.get(key)?.defaultSiteSpace;
      this.defaultSiteSpaces.set(key, (siblings.find((s) => s.id === chosen) ?? siblings[0])?.id);
    }
    return this.defaultSiteSpaces.get(key) === siteSpace.id;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
