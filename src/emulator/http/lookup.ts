import type { Role } from '../../api/schemas/common.js';
import type { EmulatorContext } from '../emulator-context.js';
import { forbidden, notFound } from '../emulator-error.js';
import { roleAtLeast, type MemberRole } from '../roles.js';
import type { ChangeRequestRecord, OrganizationRecord, SiteRecord, SpaceRecord } from '../state/records.js';
import type { Caller } from './caller.js';

/**
 * Finding a resource the caller may see, and checking the role an action needs. A resource of an
 * organization the caller does not belong to is a 404, as if it did not exist.
 */

function check(role: MemberRole, needed: Role | undefined, action: string | undefined): void {
  if (needed === undefined || roleAtLeast(role, needed)) return;
  throw forbidden(`You need the "${needed}" role or higher to ${action ?? 'do this'}; your role is "${role ?? 'guest'}".`);
}

export interface Access {
  /** The least role the action needs; absent: any member, guests included. */
  needs?: Role;
  /** Words for the 403 message: "to <action>". */
  action?: string;
}

export function findOrganization(ctx: EmulatorContext, caller: Caller, id: string, access: Access = {}): { org: OrganizationRecord; role: MemberRole } {
  const org = ctx.state.organizations.get(id);
  const role = caller.roleIn(id);
  if (!org || role === undefined) throw notFound('Organization', id);
  check(role, access.needs, access.action);
  return { org, role };
}

export function findSpace(
  ctx: EmulatorContext,
  caller: Caller,
  id: string,
  access: Access = { needs: 'read', action: 'read this space' },
): { space: SpaceRecord; role: MemberRole } {
  const space = ctx.state.spaces.get(id);
  const role = space ? caller.roleIn(space.organization) : undefined;
  if (!space || role === undefined) throw notFound('Space', id);
  check(role, access.needs, access.action);
  return { space, role };
}

/** `changeRequestId` accepts the id or the number within the space. */
export function findChangeRequest(ctx: EmulatorContext, space: SpaceRecord, idOrNumber: string): ChangeRequestRecord {
  const byId = ctx.state.changeRequests.get(idOrNumber);
  if (byId?.space === space.id) return byId;
  if (/^\d+$/.test(idOrNumber)) {
    const number = Number(idOrNumber);
    for (const cr of ctx.state.changeRequests.values()) {
      if (cr.space === space.id && cr.number === number) return cr;
    }
  }
  throw notFound('Change request', idOrNumber);
}

export function findSite(
  ctx: EmulatorContext,
  caller: Caller,
  organization: string,
  id: string,
  access: Access = { needs: 'read', action: 'read this site' },
): { site: SiteRecord; role: MemberRole } {
  const { role } = findOrganization(ctx, caller, organization);
  const site = ctx.state.sites.get(id);
  if (site?.organization !== organization) throw notFound('Site', id);
  check(role, access.needs, access.action);
  return { site, role };
}

/** Looks up a record of a map by id, 404 when absent or when `belongs` says it is elsewhere. */
export function findIn<T>(map: ReadonlyMap<string, T>, what: string, id: string, belongs: (record: T) => boolean): T {
  const record = map.get(id);
  if (record === undefined || !belongs(record)) throw notFound(what, id);
  return record;
}
