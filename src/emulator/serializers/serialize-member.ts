import type { EmulatorContext } from '../emulator-context.js';
import type { MemberRecord } from '../state/records.js';
import { serializeUserId } from './serialize-user.js';

/** A member's id is its user id, which is what `O/members/{userId}` takes. */
export function serializeMember(ctx: EmulatorContext, member: MemberRecord) {
  let spaces = 0;
  // Org roles reach every space of the organization; a guest (null) reaches none.
  if (member.role !== null) {
    for (const space of ctx.state.spaces.values()) if (space.organization === member.organization) spaces += 1;
  }
  let teams = 0;
  for (const team of ctx.state.teams.values()) {
    if (team.organization === member.organization && team.members.has(member.user)) teams += 1;
  }
  return {
    object: 'member' as const,
    id: member.user,
    role: member.role,
    user: serializeUserId(ctx, member.user),
    disabled: member.disabled,
    joinedAt: member.joinedAt,
    ...(member.lastSeenAt === undefined ? {} : { lastSeenAt: member.lastSeenAt }),
    sso: member.sso,
    spaces,
    teams,
    ...(ctx.options.contract === 'current' ? { sites: member.role === null ? 0 : sitesOf(ctx, member.organization) } : {}),
  };
}

function sitesOf(ctx: EmulatorContext, organization: string): number {
  let sites = 0;
  for (const site of ctx.state.sites.values()) if (site.organization === organization) sites += 1;
  return sites;
}
