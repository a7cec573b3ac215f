import type { SiteExternalLink, SiteSection, SiteSectionGroup, SiteSpace } from '../api/schemas/site.js';
import { identity, type DesiredSite, type DesiredSpace } from './desired-site.js';
import type { LiveShareLink, LiveSite } from './read-live-site.js';

/** Manifest objects paired with live ones: by key for groups, sections and site spaces, by name for share links. */
export interface SiteMatches {
  groups: Map<string, SiteSectionGroup>;
  sections: Map<string, SiteSection>;
  /** A matched site space may sit in another section than the manifest's: the planner moves it. */
  spaces: Map<string, SiteSpace>;
  links: Map<string, LiveShareLink>;
  externalLinks: Map<string, SiteExternalLink>;
}

/**
 * Pairs by stable identity, never by list position. First the key → id memory of the state store
 * (so renames of title and path keep the object), then, for what is left, the fallbacks: sections
 * by path then title, groups by title, site spaces by path then space id within their section,
 * share links by name, external links by URL then title. Each pass runs over every item before the next pass, so a fallback never
 * takes an object another item owns by key.
 */
export function matchSiteObjects(desired: DesiredSite, live: LiveSite, known: Readonly<Record<string, string>>): SiteMatches {
  const groups = pair(desired.groups, live.groups, (g) => known[identity.group(g.key)], [(d, l) => d.title === l.title]);
  const sections = pair(desired.sections, live.sections, (s) => known[identity.section(s.key)], [(d, l) => d.path === l.path, (d, l) => d.title === l.title]);
  const spaces = matchSpaces(desired, live, known, sections);
  const links = new Map<string, LiveShareLink>();
  for (const link of desired.shareLinks ?? []) {
    const named = live.shareLinks.filter((l) => l.name === link.name);
    const found = named.find((l) => l.id === known[identity.link(link.name)]) ?? named[0];
    if (found) links.set(link.name, found);
  }
  const externalLinks = pair(desired.externalLinks, live.externalLinks, (l) => known[identity.externalLink(l.key)], [
    (d, l) => d.url === l.url,
    (d, l) => d.title === l.title,
  ]);
  return { groups, sections, spaces, links, externalLinks };
}

function matchSpaces(
  desired: DesiredSite,
  live: LiveSite,
  known: Readonly<Record<string, string>>,
  sections: ReadonlyMap<string, SiteSection>,
): Map<string, SiteSpace> {
  const homes: { spaces: DesiredSpace[]; sectionId: string | undefined }[] = [
    { spaces: desired.rootSpaces, sectionId: undefined },
    // A section not matched yet has no live site spaces to fall back on.
    ...desired.sections.map((s) => ({ spaces: s.spaces, sectionId: sections.get(s.key)?.id ?? 'none' })),
  ];
  const matches = new Map<string, SiteSpace>();
  const claimed = new Set<string>();
  const byId = new Map(live.siteSpaces.map((s) => [s.id, s]));
  for (const space of homes.flatMap((h) => h.spaces)) {
    const found = byId.get(known[identity.space(space.key)] ?? '');
    if (found && !claimed.has(found.id)) {
      matches.set(space.key, found);
      claimed.add(found.id);
    }
  }
  const fallbacks: ((d: DesiredSpace, l: SiteSpace) => boolean)[] = [(d, l) => d.path === l.path, (d, l) => d.spaceId === l.space.id];
  for (const same of fallbacks) {
    for (const home of homes) {
      if (home.sectionId === 'none') continue;
      for (const space of home.spaces) {
        if (matches.has(space.key)) continue;
        const found = live.siteSpaces.find((l) => !claimed.has(l.id) && l.section === home.sectionId && same(space, l));
        if (found) {
          matches.set(space.key, found);
          claimed.add(found.id);
        }
      }
    }
  }
  return matches;
}

/** Generic pairing: the remembered id first, then each fallback in turn over the unclaimed. */
function pair<D extends { key: string }, L extends { id: string }>(
  desired: readonly D[],
  live: readonly L[],
  knownId: (item: D) => string | undefined,
  fallbacks: readonly ((d: D, l: L) => boolean)[],
): Map<string, L> {
  const matches = new Map<string, L>();
  const claimed = new Set<string>();
  const claim = (item: D, found: L | undefined): void => {
    if (found === undefined || claimed.has(found.id)) return;
    matches.set(item.key, found);
    claimed.add(found.id);
  };
  for (const item of desired) {
    const id = knownId(item);
    claim(
      item,
      live.find((l) => l.id === id),
    );
  }
  for (const same of fallbacks) {
    for (const item of desired) {
      if (!matches.has(item.key))
        claim(
          item,
          live.find((l) => !claimed.has(l.id) && same(item, l)),
        );
    }
  }
  return matches;
}
