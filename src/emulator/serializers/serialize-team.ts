import type { EmulatorContext } from '../emulator-context.js';
import type { TeamRecord } from '../state/records.js';
import type { MemberRole } from '../roles.js';
import { teamPermissions } from '../permissions.js';

/** `admin` is true for organization admins and for owners of the team (who manage its members). */
export function serializeTeam(_ctx: EmulatorContext, team: TeamRecord, role: MemberRole, callerId: string) {
  const permissions = teamPermissions(role);
  return {
    object: 'team' as const,
    id: team.id,
    title: team.title,
    members: team.members.size,
    // Teams are not granted spaces through any operation the API shows.
    spaces: 0,
    createdAt: team.createdAt,
    permissions: { ...permissions, admin: permissions.admin || team.members.get(callerId) === 'owner' },
  };
}
