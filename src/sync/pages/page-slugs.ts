import type { DesiredGroup, DesiredPage } from './page-plan.js';

/** The API's bound on a slug. */
const SLUG_MAX = 100;

/** Lowercase letters, digits and dashes, as page paths are. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug === '' ? 'page' : slug;
}

/**
 * Git Sync's slug of a page: its file's name, a folder's name for that folder's README, the title
 * for the docs root's README and for a heading page.
 */
function baseSlug(page: DesiredPage): string {
  if (page.heading === true) return slugify(page.title);
  const segments = page.path.split('/');
  const file = segments.at(-1) ?? page.path;
  if (!/^readme\.md$/i.test(file)) return slugify(file.replace(/\.(md|markdown)$/i, ''));
  const folder = segments.at(-2);
  return slugify(folder ?? page.title);
}

/**
 * Each page's slug, unique among its siblings (`-2`, `-3`, … after a taken one), by path. Groups are
 * not part of page paths, so the pages of all groups at the root are siblings.
 */
export function pageSlugs(groups: readonly DesiredGroup[]): Map<string, string> {
  const slugs = new Map<string, string>();
  const assign = (siblings: readonly DesiredPage[]): void => {
    const taken = new Set<string>();
    for (const page of siblings) {
      const base = baseSlug(page);
      let slug = base;
      for (let n = 2; taken.has(slug); n++) slug = `${base.slice(0, SLUG_MAX - String(n).length - 1)}-${n}`;
      taken.add(slug);
      slugs.set(page.path, slug);
    }
    for (const page of siblings) assign(page.children);
  };
  assign(groups.flatMap((group) => group.pages));
  return slugs;
}
