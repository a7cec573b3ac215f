import type { SiteSpace, UpdateSectionBody, UpdateSectionGroupBody, UpdateSiteSpaceBody } from '../api/schemas/site.js';
import { identity, type DesiredSection, type DesiredSite, type DesiredSpace } from './desired-site.js';
import { FieldDiff } from './field-diff.js';
import type { SiteMatches } from './match-site-objects.js';
import type { LiveSite } from './read-live-site.js';
import type { ObjectRef, SiteAction } from './site-action.js';

/** The structure's share of a plan, by stage; the caller orders the stages. */
export interface StructurePlan {
  updates: SiteAction[];
  creates: SiteAction[];
  moves: SiteAction[];
  defaults: SiteAction[];
  /** Live site spaces the manifest moved to another section: recreated there, the old copy deleted last. */
  moved: SiteSpace[];
  /** Space key → live id, for site spaces kept where they are. */
  keptSpaces: Map<string, string>;
}

/** Where a site space should live: a live section, a section this plan creates, or the root. */
type Home = { kind: 'live'; sectionId: string; sectionKey: string } | { kind: 'new'; sectionKey: string } | { kind: 'root' };

/**
 * Sections, section groups and site spaces: field updates of matched objects, creations, group
 * membership (the moves), and defaults. Pure: reads the matches, returns actions.
 */
export function planSiteStructure(desired: DesiredSite, live: LiveSite | undefined, m: SiteMatches): StructurePlan {
  const plan: StructurePlan = { updates: [], creates: [], moves: [], defaults: [], moved: [], keptSpaces: new Map() };
  const sectionRef = (key: string): ObjectRef => refOf(m.sections.get(key)?.id, identity.section(key));

  for (const group of desired.groups) {
    const found = m.groups.get(group.key);
    if (!found) continue;
    const diff = new FieldDiff<UpdateSectionGroupBody>().compare('title', group.title, found.title);
    if (group.icon !== undefined) diff.compare('icon', group.icon, found.icon);
    if (diff.changed) plan.updates.push({ kind: 'update-section-group', id: found.id, key: group.key, body: diff.body, before: diff.before });
  }

  for (const section of desired.sections) {
    const found = m.sections.get(section.key);
    if (found) {
      const diff = new FieldDiff<UpdateSectionBody>()
        .compare('title', section.title, found.title)
        .compare('path', section.path, found.path)
        .compare('description', section.description, found.description)
        .compare('icon', section.icon, found.icon)
        .compare('condition', section.condition, found.condition);
      if (diff.changed) plan.updates.push({ kind: 'update-section', id: found.id, key: section.key, body: diff.body, before: diff.before });
      for (const space of section.spaces) planSpace(plan, m, space, { kind: 'live', sectionId: found.id, sectionKey: section.key });
      continue;
    }
    const [first, ...rest] = section.spaces;
    if (!first) continue;
    plan.creates.push(createSection(section, first));
    const old = m.spaces.get(first.key);
    if (old) plan.moved.push(old);
    for (const space of rest) planSpace(plan, m, space, { kind: 'new', sectionKey: section.key });
  }
  for (const space of desired.rootSpaces) planSpace(plan, m, space, { kind: 'root' });

  for (const group of desired.groups) {
    if (m.groups.has(group.key)) continue;
    const sections = group.sections.map((key) => ({ ref: sectionRef(key), key }));
    plan.creates.push({ kind: 'create-section-group', key: group.key, title: group.title, icon: group.icon, sections });
  }

  for (const section of desired.sections) {
    const current = m.sections.get(section.key);
    const group = section.group === undefined ? undefined : m.groups.get(section.group);
    if (section.group !== undefined && group && current?.sectionGroup !== group.id) {
      plan.moves.push({
        kind: 'add-section-to-group',
        group: { id: group.id },
        groupKey: section.group,
        section: sectionRef(section.key),
        sectionKey: section.key,
      });
    }
    if (section.group === undefined && current?.sectionGroup !== undefined) {
      plan.moves.push({ kind: 'remove-section-from-group', groupId: current.sectionGroup, section: current.id, sectionKey: section.key });
    }
  }

  planDefaults(plan, desired, live, m);
  return plan;
}

function planSpace(plan: StructurePlan, m: SiteMatches, space: DesiredSpace, home: Home): void {
  const found = m.spaces.get(space.key);
  const inPlace = found !== undefined && home.kind !== 'new' && found.section === (home.kind === 'live' ? home.sectionId : undefined);
  if (found && inPlace) {
    plan.keptSpaces.set(space.key, found.id);
    const diff = new FieldDiff<UpdateSiteSpaceBody>()
      .compare('path', space.path, found.path)
      .compare('condition', space.condition, found.condition)
      .compare('spaceId', space.spaceId, found.space.id);
    if (diff.changed) plan.updates.push({ kind: 'update-site-space', id: found.id, key: space.key, body: diff.body, before: diff.before });
    return;
  }
  if (found) plan.moved.push(found);
  plan.creates.push({
    kind: 'create-site-space',
    key: space.key,
    spaceId: space.spaceId,
    path: space.path,
    condition: space.condition,
    section: home.kind === 'live' ? { id: home.sectionId } : home.kind === 'new' ? { created: identity.section(home.sectionKey) } : undefined,
    sectionKey: home.kind === 'root' ? undefined : home.sectionKey,
  });
}

function createSection(section: DesiredSection, first: DesiredSpace): SiteAction {
  return {
    kind: 'create-section',
    key: section.key,
    title: section.title,
    path: section.path,
    icon: section.icon,
    description: section.description,
    condition: section.condition,
    firstSpace: { key: first.key, spaceId: first.spaceId, path: first.path, condition: first.condition },
  };
}

/**
 * Defaults, once their targets exist. A new section's first site space, and the first section
 * created in a site without sections, become defaults on their own (the API falls back to the
 * first), so no write is planned for them; the next plan checks.
 */
function planDefaults(plan: StructurePlan, desired: DesiredSite, live: LiveSite | undefined, m: SiteMatches): void {
  const spaceRef = (key: string): ObjectRef => refOf(plan.keptSpaces.get(key), identity.space(key));
  const wanted = desired.sections.find((s) => s.default);
  if (wanted) {
    const found = m.sections.get(wanted.key);
    const automatic = !found && (live?.sections.length ?? 0) === 0 && desired.sections[0] === wanted;
    if (found ? !found.default : !automatic) {
      plan.defaults.push({ kind: 'set-default-section', section: refOf(found?.id, identity.section(wanted.key)), sectionKey: wanted.key });
    }
  }
  for (const section of desired.sections) {
    const space = section.spaces.find((s) => s.default);
    if (!space) continue;
    const found = m.sections.get(section.key);
    const kept = plan.keptSpaces.has(space.key) ? m.spaces.get(space.key) : undefined;
    const automatic = !found && section.spaces[0] === space;
    if (kept ? kept.default : automatic) continue;
    plan.defaults.push({
      kind: 'set-default-site-space',
      siteSpace: spaceRef(space.key),
      spaceKey: space.key,
      section: refOf(found?.id, identity.section(section.key)),
      sectionKey: section.key,
    });
  }
  const root = desired.rootSpaces.find((s) => s.default);
  if (root) {
    const kept = plan.keptSpaces.has(root.key) ? m.spaces.get(root.key) : undefined;
    const automatic = !live?.siteSpaces.some((s) => s.section === undefined) && desired.rootSpaces[0] === root;
    if (!(kept ? kept.default : automatic)) plan.defaults.push({ kind: 'set-default-site-space', siteSpace: spaceRef(root.key), spaceKey: root.key });
  }
}

function refOf(id: string | undefined, created: string): ObjectRef {
  return id === undefined ? { created } : { id };
}
