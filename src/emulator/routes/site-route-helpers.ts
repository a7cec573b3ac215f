import { timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { badRequest, forbidden } from '../emulator-error.js';
import type { EmulatorContext } from '../emulator-context.js';
import type { Caller } from '../http/caller.js';
import { findIn, findSite } from '../http/lookup.js';
import type { MemberRole } from '../roles.js';
import type { PublishedView } from '../serializers/site-urls.js';
import type { SectionGroupRecord, SectionRecord, SiteRecord, SiteSpaceRecord, SpaceRecord } from '../state/records.js';
import type { Placement } from '../state/site-structure-edits.js';

/**
 * Shared by the site, section group, section, site space and share link routes.
 * Roles: reading a site and its structure needs `read` (guests get 403); every write to a site
 * (its settings, structure, share links, adaptive schema, deletion) needs `create`.
 */

export const SiteParams = z.object({ organizationId: z.string(), siteId: z.string() });
export type SiteParamsType = z.infer<typeof SiteParams>;

export function readSite(ctx: EmulatorContext, caller: Caller, params: SiteParamsType): { site: SiteRecord; role: MemberRole } {
  return findSite(ctx, caller, params.organizationId, params.siteId);
}

export function writeSite(ctx: EmulatorContext, caller: Caller, params: SiteParamsType, action: string): { site: SiteRecord; role: MemberRole } {
  return findSite(ctx, caller, params.organizationId, params.siteId, { needs: 'create', action });
}

export const ShareKeyQuery = z.object({ shareKey: z.string().optional() });

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Gates the published views of a `share-link` site: a given `shareKey` must be the key of an
 * active share link of the site (403 otherwise), and then resolves published URLs. Without a key
 * the view is refused unless `keyless` allows it (see the callers). Other sites ignore the key.
 */
export function resolveShareKey(ctx: EmulatorContext, site: SiteRecord, shareKey: string | undefined, keyless: boolean): PublishedView {
  if (site.visibility !== 'share-link') return {};
  if (shareKey === undefined) {
    if (keyless) return {};
    throw forbidden('This site is visible only through a share link: pass the "shareKey" of an active share link.');
  }
  for (const link of ctx.state.shareLinks.values()) {
    if (link.site === site.id && link.active && sameSecret(link.key, shareKey)) return { shareKey };
  }
  throw forbidden('The "shareKey" does not match an active share link of this site.');
}

export function findSection(ctx: EmulatorContext, site: SiteRecord, id: string): SectionRecord {
  return findIn(ctx.state.sections, 'Site section', id, (s) => s.site === site.id);
}

export function findSectionGroup(ctx: EmulatorContext, site: SiteRecord, id: string): SectionGroupRecord {
  return findIn(ctx.state.sectionGroups, 'Site section group', id, (g) => g.site === site.id);
}

export function findSiteSpace(ctx: EmulatorContext, site: SiteRecord, id: string): SiteSpaceRecord {
  return findIn(ctx.state.siteSpaces, 'Site space', id, (s) => s.site === site.id);
}

/** A record named in a request body: a miss is a 400 naming the field, not a 404 of the URL. */
export function bodyRef<T>(map: ReadonlyMap<string, T>, id: string, field: string, what: string, belongs: (record: T) => boolean): T {
  const record = map.get(id);
  if (record === undefined || !belongs(record)) throw badRequest(`Invalid body field "${field}": ${what} "${id}" not found.`);
  return record;
}

/** An empty `condition`: today's `Expression` allows it, the seed's `Condition` (1 to 1024 characters) does not. */
export function assertConditionFits(ctx: EmulatorContext, condition: string | null | undefined): void {
  if (condition === '' && ctx.options.contract === 'seed')
    throw badRequest('Invalid body field "condition": must be 1 to 1024 characters, or null to remove it.');
}

/** A space of the site's organization, named by a body field. */
export function bodySpace(ctx: EmulatorContext, site: SiteRecord, id: string, field: string): SpaceRecord {
  return bodyRef(ctx.state.spaces, id, field, 'space in this organization', (s) => s.organization === site.organization);
}

/** Sibling paths must differ: a section among the site's sections, a site space among its section's. */
export function assertPathFree(path: string, siblings: readonly { id: string; path: string }[], selfId?: string): void {
  if (siblings.some((s) => s.id !== selfId && s.path === path)) {
    throw badRequest(`Invalid body field "path": "${path}" is already used by a sibling; paths must be unique.`);
  }
}

/** The `{before, after}` of the deprecated move operations; `before` wins when both are given. */
export function placementOf<R>(position: { before?: R | undefined; after?: R | undefined }, idOf: (ref: R) => string): Placement {
  if (position.before !== undefined) return { anchor: idOf(position.before), where: 'before' };
  if (position.after !== undefined) return { anchor: idOf(position.after), where: 'after' };
  throw badRequest('Invalid body field "position": give "before" or "after".');
}
