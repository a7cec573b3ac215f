import { identity, type DesiredSite } from './desired-site.js';
import { FieldDiff } from './field-diff.js';
import type { SiteMatches } from './match-site-objects.js';
import type { ExternalLinkFieldsBody, ObjectRef, SiteAction } from './site-action.js';

/** External links' share of a plan: field updates, creations (after the groups they go in), moves between groups. */
export interface ExternalLinkPlan {
  updates: SiteAction[];
  creates: SiteAction[];
  moves: SiteAction[];
}

/** Diffs the manifest's external links against the matched live ones. Pure. */
export function planExternalLinks(desired: DesiredSite, m: SiteMatches): ExternalLinkPlan {
  const plan: ExternalLinkPlan = { updates: [], creates: [], moves: [] };
  const groupRef = (key: string | undefined): ObjectRef | undefined => {
    if (key === undefined) return undefined;
    const id = m.groups.get(key)?.id;
    return id === undefined ? { created: identity.group(key) } : { id };
  };
  for (const link of desired.externalLinks) {
    const group = groupRef(link.group);
    const found = m.externalLinks.get(link.key);
    if (!found) {
      plan.creates.push({ kind: 'create-external-link', ...link, group, groupKey: link.group });
      continue;
    }
    const diff = new FieldDiff<ExternalLinkFieldsBody>()
      .compare('title', link.title, found.title)
      .compare('url', link.url, found.url)
      .compare('description', link.description, found.description)
      .compare('icon', link.icon, found.icon)
      .compare('condition', link.condition, found.condition);
    if (diff.changed) plan.updates.push({ kind: 'update-external-link', id: found.id, key: link.key, body: diff.body, before: diff.before });
    const wanted = group === undefined ? undefined : 'id' in group ? group.id : group.created;
    if (wanted !== found.sectionGroup) plan.moves.push({ kind: 'move-external-link', id: found.id, key: link.key, group, groupKey: link.group });
  }
  return plan;
}
