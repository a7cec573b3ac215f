import type { DesiredExternalLink, DesiredGroup, DesiredSection, DesiredShareLink, DesiredSite, DesiredSpace } from './desired-site.js';
import { ManifestIssueError } from './errors/manifest-issue-error.js';
import { siteTitleProblem } from './errors/site-title-error.js';
import type { ManifestExternalLink, ManifestNestedGroup, ManifestSection, ManifestSectionGroup, ManifestSpace, SiteManifest } from './manifest-schema.js';

type Path = (string | number)[];

const HIDDEN_NOTE = '`hidden` is accepted for docs.yaml compatibility, but the API cannot set it';
const DRAFT_NOTE = '`draft` is accepted for gitbook-docs.yaml compatibility; docsync does not manage drafts';

/** What docsync.yaml adds to a manifest that does not say it itself (a plain gitbook-docs.yaml). */
export interface ManifestContext {
  /** docsync.yaml `spaces` target name → space id, for `target:` references. */
  spaceTargets?: ReadonlyMap<string, string> | undefined;
  /** A space's `content.directory` → the space id of the `spaces` target that syncs that folder. */
  spaceOfDirectory?: ((directory: string) => string | undefined) | undefined;
  /** docsync.yaml `site.spaces`: space key → space id. */
  spaceIds?: Readonly<Record<string, string>> | undefined;
  /** docsync.yaml `site.organization` and `site.id`, used when the manifest has none. */
  organization?: string | undefined;
  siteId?: string | undefined;
}

/**
 * Checks the rules a schema cannot (unique keys and paths, one default per level, every space key
 * resolved to a space id, external links only beside sections) and flattens the manifest into a
 * {@link DesiredSite}. Throws a {@link ManifestIssueError} pointing at the offending node.
 */
export function resolveManifest(manifest: SiteManifest, context: ManifestContext = {}): DesiredSite {
  const { site } = manifest;
  const organization = site.organization ?? context.organization;
  if (organization === undefined) {
    throw new ManifestIssueError('no organization: set site.organization here or in the site section of docsync.yaml', ['site']);
  }
  const keys = new Map<string, Path>();
  const claimKey = (key: string, at: Path): void => {
    if (keys.has(key)) throw new ManifestIssueError(`key "${key}" is used twice; keys must be unique in the manifest`, [...at, 'key']);
    keys.set(key, at);
  };
  const spaceKeys = new Set<string>();
  const notes = new Set<string>();
  const titleProblem = siteTitleProblem(site.title);
  if (titleProblem !== undefined) notes.add(`${titleProblem}: site apply will stop before writing anything until site.title is changed`);
  const resolveSpace = (item: ManifestSpace, at: Path): DesiredSpace => {
    claimKey(item.key, at);
    if (item.hidden !== undefined) notes.add(HIDDEN_NOTE);
    if (item.draft !== undefined) notes.add(DRAFT_NOTE);
    spaceKeys.add(item.key);
    return {
      key: item.key,
      spaceId: spaceIdOf(item, at, manifest.spaces, context),
      path: item.path,
      condition: conditionOf(item.condition),
      default: item.default ?? false,
    };
  };
  const resolveSection = (item: ManifestSection, at: Path, group?: string): DesiredSection => {
    claimKey(item.key, at);
    if (item.hidden !== undefined) notes.add(HIDDEN_NOTE);
    if (item.draft !== undefined) notes.add(DRAFT_NOTE);
    const spaces = item.children.map((child, i) => resolveSpace(child, [...at, 'children', i]));
    uniqueBy(
      spaces,
      (s) => s.path,
      (_, i) => [...at, 'children', i],
      'path',
      'space path',
    );
    onlyOneDefault(spaces, [...at, 'children'], 'space of this section');
    return {
      key: item.key,
      title: item.title,
      path: item.path,
      description: item.description ?? null,
      icon: item.icon ?? null,
      condition: conditionOf(item.condition),
      default: item.default ?? false,
      group,
      spaces,
    };
  };

  const resolveLink = (item: ManifestExternalLink, at: Path, group?: string): DesiredExternalLink => {
    claimKey(item.key, at);
    if (item.draft !== undefined) notes.add(DRAFT_NOTE);
    const { key, title, url } = item;
    return { key, title, url, description: item.description ?? null, icon: item.icon ?? null, condition: conditionOf(item.condition), group };
  };

  const groups: DesiredGroup[] = [];
  const sections: DesiredSection[] = [];
  const rootSpaces: DesiredSpace[] = [];
  const externalLinks: DesiredExternalLink[] = [];
  const resolveGroup = (item: ManifestSectionGroup | ManifestNestedGroup, at: Path): void => {
    claimKey(item.key, at);
    if (item.draft !== undefined) notes.add(DRAFT_NOTE);
    const group: DesiredGroup = { key: item.key, title: item.title, icon: item.icon, sections: [] };
    groups.push(group);
    for (const [i, child] of item.children.entries()) {
      const where = [...at, 'children', i];
      if (child.type === 'section') {
        sections.push(resolveSection(child, where, item.key));
        group.sections.push(child.key);
      } else if (child.type === 'external-link') externalLinks.push(resolveLink(child, where, item.key));
      else {
        // The API nests groups only on today's contract; docsync keeps every group at the top level.
        notes.add(`section group "${child.key}" is nested in "${item.key}" in the manifest; docsync manages it as a top-level group`);
        resolveGroup(child, where);
      }
    }
  };
  for (const [index, item] of site.structure.entries()) {
    const at: Path = ['site', 'structure', index];
    if (item.type === 'space') rootSpaces.push(resolveSpace(item, at));
    else if (item.type === 'section') sections.push(resolveSection(item, at));
    else if (item.type === 'external-link') externalLinks.push(resolveLink(item, at));
    else resolveGroup(item, at);
  }
  if (rootSpaces.length > 0 && sections.length + groups.length + externalLinks.length > 0) {
    const first = site.structure.findIndex((item) => item.type === 'space');
    throw new ManifestIssueError('a site has either sections (with groups and external links) or spaces at its root, not both', ['site', 'structure', first]);
  }
  const link = externalLinks[0];
  if (link !== undefined && sections.length === 0) {
    throw new ManifestIssueError('an external link needs a site with sections: declare at least one section', [
      ...(keys.get(link.key) ?? ['site', 'structure']),
      'type',
    ]);
  }
  const keyed = (item: { key: string }): Path => keys.get(item.key) ?? ['site', 'structure'];
  uniqueBy(sections, (s) => s.path, keyed, 'path', 'section path');
  uniqueBy(rootSpaces, (s) => s.path, keyed, 'path', 'space path');
  onlyOneDefault(sections, ['site', 'structure'], 'section', keys);
  onlyOneDefault(rootSpaces, ['site', 'structure'], 'space at the root', keys);
  for (const key of Object.keys(manifest.spaces ?? {})) {
    if (!spaceKeys.has(key)) throw new ManifestIssueError(`unknown space key "${key}": no space item of the structure has it`, ['spaces', key]);
  }
  const shareLinks: DesiredShareLink[] | undefined = site.shareLinks?.map((link) => ({ name: link.name, active: link.active }));
  if (shareLinks)
    uniqueBy(
      shareLinks,
      (l) => l.name,
      (_, i) => ['site', 'shareLinks', i],
      'name',
      'share link name',
    );

  return {
    organization,
    id: site.id ?? context.siteId,
    title: site.title,
    visibility: site.visibility,
    basename: site.basename,
    proxy: site.proxy,
    hostname: site.hostname,
    agentsContext: site.agentsContext,
    adaptiveEnabled: site.adaptiveContent?.enabled,
    adaptiveSchema: site.adaptiveContent?.jsonSchema,
    groups,
    sections,
    rootSpaces,
    externalLinks,
    shareLinks,
    notes: [...notes],
  };
}

function spaceIdOf(item: ManifestSpace, at: Path, map: SiteManifest['spaces'], context: ManifestContext): string {
  const mapped = map?.[item.key];
  const given = [item.spaceId, item.target, mapped].filter((v) => v !== undefined).length;
  if (given > 1)
    throw new ManifestIssueError(`space key "${item.key}" names its space more than once; keep one of spaceId, target, spaces map`, [...at, 'key']);
  if (given === 0) {
    const directory = item.content?.directory;
    const found = context.spaceIds?.[item.key] ?? (typeof directory === 'string' ? context.spaceOfDirectory?.(directory) : undefined);
    if (found !== undefined) return found;
    throw new ManifestIssueError(
      `no space id for space key "${item.key}": give spaceId, target, an entry in the spaces map (here or in site.spaces of docsync.yaml), or a content.directory that a spaces target of docsync.yaml syncs`,
      [...at, 'key'],
    );
  }
  if (item.spaceId !== undefined) return item.spaceId;
  const ref = mapped ?? { target: item.target ?? '' };
  if (typeof ref === 'string') return ref;
  if ('spaceId' in ref) return ref.spaceId;
  const found = context.spaceTargets?.get(ref.target);
  if (found === undefined) {
    const where = mapped === undefined ? [...at, 'target'] : ['spaces', item.key];
    throw new ManifestIssueError(`no spaces target named "${ref.target}" in docsync.yaml`, where);
  }
  return found;
}

/** An empty condition (allowed by gitbook-docs.yaml) means none. */
function conditionOf(condition: string | null | undefined): string | null {
  return condition === undefined || condition === '' ? null : condition;
}

/** `locate` gives the YAML path of an item, for the line of the second use. */
function uniqueBy<T>(items: readonly T[], value: (item: T) => string, locate: (item: T, index: number) => Path, field: string, what: string): void {
  const seen = new Set<string>();
  for (const [index, item] of items.entries()) {
    const v = value(item);
    if (seen.has(v)) throw new ManifestIssueError(`${what} "${v}" is used twice; it must be unique`, [...locate(item, index), field]);
    seen.add(v);
  }
}

function onlyOneDefault(items: readonly { key: string; default: boolean }[], at: Path, what: string, keys?: Map<string, Path>): void {
  const defaults = items.filter((item) => item.default);
  const second = defaults[1];
  if (second) {
    const where = keys?.get(second.key) ?? [...at, items.indexOf(second)];
    throw new ManifestIssueError(`only one ${what} can be the default ("${defaults[0]?.key ?? ''}" already is)`, [...where, 'default']);
  }
}
