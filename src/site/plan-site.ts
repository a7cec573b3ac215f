import { identity, type DesiredSite } from './desired-site.js';
import { matchSiteObjects, type SiteMatches } from './match-site-objects.js';
import type { ContractName } from '../api/contracts/api-contract.js';
import { planExternalLinks } from './plan-external-links.js';
import { planSiteDeletions } from './plan-site-deletions.js';
import { planSiteSettings } from './plan-site-settings.js';
import { planSiteStructure } from './plan-site-structure.js';
import type { LiveSite } from './read-live-site.js';
import type { SiteAction, SitePlan } from './site-action.js';

export interface PlanSiteOptions {
  /** Delete live objects the manifest does not declare. Default false. */
  prune?: boolean;
  /**
   * The API's published contract, when known: on the seed's, which has no external links, the
   * manifest's links are reported and left out. Undefined: today's features are assumed.
   */
  contract?: ContractName | undefined;
}

/**
 * The ordered writes that turn the live site into the desired one. Pure: the same inputs give the
 * same plan, and a site already in shape gives none. Order: the site (created if missing, its
 * adaptive schema, its settings); field updates of matched objects (freeing paths before creations
 * take them); creations (sections, their site spaces, groups holding them, then external links);
 * moves between groups; defaults, once their targets exist; share links; deletions last.
 * @param known identity → live id remembered by the state store (`{}` when lost).
 */
export function planSite(wanted: DesiredSite, live: LiveSite | undefined, known: Readonly<Record<string, string>>, options: PlanSiteOptions = {}): SitePlan {
  const notes = [...wanted.notes];
  let desired = wanted;
  if (options.contract === 'seed' && wanted.externalLinks.length > 0) {
    notes.push(
      `this API (the seed's) has no external links: ${wanted.externalLinks.map((l) => `"${l.key}"`).join(', ')} left out; today's API (@gitbook/api 0.202.0 on) has them`,
    );
    desired = { ...wanted, externalLinks: [] };
  }
  const actions: SiteAction[] = [];
  if (!live) actions.push({ kind: 'create-site', title: desired.title, visibility: desired.visibility });
  actions.push(...planSiteSettings(desired, live, notes));

  const m = live ? matchSiteObjects(desired, live, known) : emptyMatches();
  const structure = planSiteStructure(desired, live, m);
  const deletion = live ? planSiteDeletions(desired, live, m, known, structure.moved, options.prune ?? false) : { deletes: [], unmanaged: [] };

  let { creates, defaults } = structure;
  // Without a section, a new site space goes to the default section: the root takes spaces only once no section is left.
  const remainingSections = (live?.sections.length ?? 0) - deletion.deletes.filter((a) => a.kind === 'delete-section').length;
  if (desired.rootSpaces.length > 0 && remainingSections > 0) {
    const atRoot = (a: SiteAction): boolean => (a.kind === 'create-site-space' || a.kind === 'set-default-site-space') && a.section === undefined;
    if (creates.some(atRoot) || defaults.some(atRoot)) {
      notes.push('spaces can be added at the root only when the site has no sections; apply again once they are deleted (with --prune for unmanaged ones)');
      creates = creates.filter((a) => !atRoot(a));
      defaults = defaults.filter((a) => !atRoot(a));
    }
  }

  const links = planExternalLinks(desired, m);
  actions.push(...structure.updates, ...links.updates, ...creates, ...links.creates, ...structure.moves, ...links.moves, ...defaults);
  actions.push(...planShareLinks(desired, m));
  actions.push(...deletion.deletes);

  return {
    organization: desired.organization,
    siteId: live?.site.id,
    title: desired.title,
    actions,
    unmanaged: deletion.unmanaged,
    notes,
    identities: identitiesOf(m, structure.keptSpaces),
  };
}

function planShareLinks(desired: DesiredSite, m: SiteMatches): SiteAction[] {
  const actions: SiteAction[] = [];
  for (const link of desired.shareLinks ?? []) {
    const found = m.links.get(link.name);
    if (!found) actions.push({ kind: 'create-share-link', name: link.name, active: link.active });
    else if (found.active !== link.active) {
      actions.push({ kind: 'update-share-link', id: found.id, name: link.name, body: { active: link.active }, before: { active: found.active } });
    }
  }
  return actions;
}

function identitiesOf(m: SiteMatches, keptSpaces: ReadonlyMap<string, string>): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const [key, group] of m.groups) ids[identity.group(key)] = group.id;
  for (const [key, section] of m.sections) ids[identity.section(key)] = section.id;
  for (const [key, id] of keptSpaces) ids[identity.space(key)] = id;
  for (const [name, link] of m.links) ids[identity.link(name)] = link.id;
  for (const [key, link] of m.externalLinks) ids[identity.externalLink(key)] = link.id;
  return ids;
}

function emptyMatches(): SiteMatches {
  return { groups: new Map(), sections: new Map(), spaces: new Map(), links: new Map(), externalLinks: new Map() };
}
