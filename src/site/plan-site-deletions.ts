import type { SiteSpace } from '../api/schemas/site.js';
import type { DesiredSite } from './desired-site.js';
import type { SiteMatches } from './match-site-objects.js';
import type { LiveSite } from './read-live-site.js';
import type { DeleteReason, SiteAction, UnmanagedObject } from './site-action.js';

export interface DeletionPlan {
  /** Site spaces, then sections, external links, groups, then share links. */
  deletes: SiteAction[];
  unmanaged: UnmanagedObject[];
}

/**
 * What the manifest does not declare. An object docsync managed before (its id is in the state
 * store) and the manifest dropped is deleted; any other is unmanaged: reported, and deleted only
 * with `prune`. A section's site spaces go with it, so they are never listed on their own when the
 * section is deleted or left alone.
 */
export function planSiteDeletions(
  desired: DesiredSite,
  live: LiveSite,
  m: SiteMatches,
  known: Readonly<Record<string, string>>,
  moved: readonly SiteSpace[],
  prune: boolean,
): DeletionPlan {
  const managed = new Set(Object.values(known));
  const reasonFor = (id: string): DeleteReason | undefined => (managed.has(id) ? 'removed' : prune ? 'pruned' : undefined);
  const plan: DeletionPlan = { deletes: [], unmanaged: [] };
  const sectionTitles = new Map(live.sections.map((s) => [s.id, s.title]));

  const keptSections = new Set([...m.sections.values()].map((s) => s.id));
  const deletedSections = new Set<string>();
  const sectionDeletes: SiteAction[] = [];
  for (const section of live.sections) {
    if (keptSections.has(section.id)) continue;
    const label = `"${section.title}" (/${section.path})`;
    const reason = reasonFor(section.id);
    if (reason) {
      deletedSections.add(section.id);
      sectionDeletes.push({ kind: 'delete-section', id: section.id, label, reason });
    } else plan.unmanaged.push({ kind: 'section', id: section.id, label });
  }

  const keptSpaces = new Set([...m.spaces.values()].map((s) => s.id));
  const movedIds = new Set(moved.map((s) => s.id));
  for (const space of live.siteSpaces) {
    // Inside a section being deleted, the section takes it along.
    if (space.section !== undefined && deletedSections.has(space.section)) continue;
    const label = `"${space.title}" (${space.path})${space.section === undefined ? ' at the root' : ` in "${sectionTitles.get(space.section) ?? space.section}"`}`;
    if (movedIds.has(space.id)) {
      plan.deletes.push({ kind: 'delete-site-space', id: space.id, label, reason: 'moved' });
      continue;
    }
    // Inside a section left alone, the section speaks for it.
    if (keptSpaces.has(space.id) || (space.section !== undefined && !keptSections.has(space.section))) continue;
    const reason = reasonFor(space.id);
    if (reason) plan.deletes.push({ kind: 'delete-site-space', id: space.id, label, reason });
    else plan.unmanaged.push({ kind: 'site-space', id: space.id, label });
  }
  plan.deletes.push(...sectionDeletes);

  const keptExternalLinks = new Set([...m.externalLinks.values()].map((l) => l.id));
  const groupTitles = new Map(live.groups.map((g) => [g.id, g.title]));
  for (const link of live.externalLinks) {
    if (keptExternalLinks.has(link.id)) continue;
    const label = `"${link.title}" (${link.url})${link.sectionGroup === undefined ? ' at the root' : ` in "${groupTitles.get(link.sectionGroup) ?? link.sectionGroup}"`}`;
    const reason = reasonFor(link.id);
    if (reason) plan.deletes.push({ kind: 'delete-external-link', id: link.id, label, reason });
    else plan.unmanaged.push({ kind: 'external-link', id: link.id, label });
  }

  const keptGroups = new Set([...m.groups.values()].map((g) => g.id));
  for (const group of live.groups) {
    if (keptGroups.has(group.id)) continue;
    const label = `"${group.title}"`;
    const reason = reasonFor(group.id);
    if (reason) plan.deletes.push({ kind: 'delete-section-group', id: group.id, label, reason });
    else plan.unmanaged.push({ kind: 'section-group', id: group.id, label });
  }

  // Without `shareLinks` in the manifest, share links are not managed at all.
  if (desired.shareLinks !== undefined) {
    const keptLinks = new Set([...m.links.values()].map((l) => l.id));
    for (const link of live.shareLinks) {
      if (keptLinks.has(link.id)) continue;
      const label = `"${link.name}"`;
      const reason = reasonFor(link.id);
      if (reason) plan.deletes.push({ kind: 'delete-share-link', id: link.id, label, reason });
      else plan.unmanaged.push({ kind: 'share-link', id: link.id, label });
    }
  }
  return plan;
}
