import type { DesiredGroup, DesiredSection, DesiredShareLink, DesiredSite, DesiredSpace } from './desired-site.js';
import { ManifestIssueError } from './errors/manifest-issue-error.js';
import type { ManifestSection, ManifestSpace, SiteManifest } from './manifest-schema.js';

type Path = (string | number)[];

const HIDDEN_NOTE = '`hidden` is accepted for docs.yaml compatibility, but the API cannot set it';

/**
 * Checks the rules a schema cannot (unique keys and paths, one default per level, every space key
 * resolved to a space id) and flattens the manifest into a {@link DesiredSite}. Throws a
 * {@link ManifestIssueError} pointing at the offending node.
 * @param spaceTargets docsync.yaml `spaces` target name → space id, for `target:` references.
 */
export function resolveManifest(manifest: SiteManifest, spaceTargets: ReadonlyMap<string, string> = new Map()): DesiredSite {
  const { site } = manifest;
  const keys = new Map<string, Path>();
  const claimKey = (key: string, at: Path): void => {
    if (keys.has(key)) throw new ManifestIssueError(`key "${key}" is used twice; keys must be unique in the manifest`, [...at, 'key']);
    keys.set(key, at);
  };
  const spaceKeys = new Set<string>();
  const notes = new Set<string>();
  const resolveSpace = (item: ManifestSpace, at: Path): DesiredSpace => {
    claimKey(item.key, at);
    if (item.hidden !== undefined) notes.add(HIDDEN_NOTE);
    spaceKeys.add(item.key);
    return {
      key: item.key,
      spaceId: spaceIdOf(item, at, manifest.spaces, spaceTargets),
      path: item.path,
      condition: item.condition ?? null,
      default: item.default ?? false,
    };
  };
  const resolveSection = (item: ManifestSection, at: Path, group?: string): DesiredSection => {
    claimKey(item.key, at);
    if (item.hidden !== undefined) notes.add(HIDDEN_NOTE);
    const spaces = item.children.map((child, i) => resolveSpace(child, [...at, 'children', i]));
    uniqueBy(spaces, (s) => s.path, (_, i) => [...at, 'children', i], 'path', 'space path');
    onlyOneDefault(spaces, [...at, 'children'], 'space of this section');
    return {
      key: item.key,
      title: item.title,
      path: item.path,
      description: item.description ?? null,
      icon: item.icon ?? null,
      condition: item.condition ?? null,
      default: item.default ?? false,
      group,
      spaces,
    };
  };

  const groups: DesiredGroup[] = [];
  const sections: DesiredSection[] = [];
  const rootSpaces: DesiredSpace[] = [];
  for (const [index, item] of site.structure.entries()) {
    const at: Path = ['site', 'structure', index];
    if (item.type === 'space') rootSpaces.push(resolveSpace(item, at));
    else if (item.type === 'section') sections.push(resolveSection(item, at));
    else {
      claimKey(item.key, at);
      groups.push({ key: item.key, title: item.title, icon: item.icon, sections: item.children.map((s) => s.key) });
      for (const [i, child] of item.children.entries()) {
        sections.push(resolveSection(child, [...at, 'children', i], item.key));
      }
    }
  }
  if (rootSpaces.length > 0 && sections.length + groups.length > 0) {
    const first = site.structure.findIndex((item) => item.type === 'space');
    throw new ManifestIssueError('a site has either sections (and groups) or spaces at its root, not both', ['site', 'structure', first]);
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
  if (shareLinks) uniqueBy(shareLinks, (l) => l.name, (_, i) => ['site', 'shareLinks', i], 'name', 'share link name');

  return {
    organization: site.organization,
    id: site.id,
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
    externalLinks: [],
    shareLinks,
    notes: [...notes],
  };
}

function spaceIdOf(
  item: ManifestSpace,
  at: Path,
  map: SiteManifest['spaces'],
  targets: ReadonlyMap<string, string>,
): string {
  const mapped = map?.[item.key];
  const given = [item.spaceId, item.target, mapped].filter((v) => v !== undefined).length;
  if (given === 0) {
    throw new ManifestIssueError(`no space id for space key "${item.key}": give spaceId, target, or an entry in the top-level spaces map`, [...at, 'key']);
  }
  if (given > 1) throw new ManifestIssueError(`space key "${item.key}" names its space more than once; keep one of spaceId, target, spaces map`, [...at, 'key']);
  if (item.spaceId !== undefined) return item.spaceId;
  const ref = mapped ?? { target: item.target ?? '' };
  if (typeof ref === 'string') return ref;
  if ('spaceId' in ref) return ref.spaceId;
  const found = targets.get(ref.target);
  if (found === undefined) {
    const where = mapped === undefined ? [...at, 'target'] : ['spaces', item.key];
    throw new ManifestIssueError(`no spaces target named "${ref.target}" in docsync.yaml`, where);
  }
  return found;
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
