import * as z from 'zod';
import { BulkTeamMembersBodySchema, CreateTeamBodySchema, PutTeamMemberBodySchema, UpdateTeamBodySchema, type TeamMemberRole } from '../../api/schemas/team.js';
import type { EmulatorContext } from '../emulator-context.js';
import { forbidden, notFound } from '../emulator-error.js';
import type { DefineRoute } from '../http/define-route.js';
import type { Caller } from '../http/caller.js';
import { pageQuery } from '../http/input.js';
import { findIn, findOrganization } from '../http/lookup.js';
import { paginate } from '../http/paginate.js';
import { roleAtLeast, type MemberRole } from '../roles.js';
import type { TeamRecord } from '../state/records.js';
import { serializeMember } from '../serializers/serialize-member.js';
import { serializeTeam } from '../serializers/serialize-team.js';
import { findMember, resolveMember } from './member-routes.js';

/**
 * Teams and team members. Role rules: listing and reading teams needs `read` (guests get 403);
 * creating, renaming and deleting teams needs `admin`; changing a team's members needs `admin` or
 * being an `owner` of that team (the seed: owners "can manage team members").
 */

const OrgParams = z.object({ organizationId: z.string() });
const TeamParams = OrgParams.extend({ teamId: z.string() });
const TeamMemberParams = TeamParams.extend({ userId: z.string() });

function findTeam(
  ctx: EmulatorContext,
  caller: Caller,
  organization: string,
  teamId: string,
  access: { needs: 'read' | 'admin'; action: string },
): { team: TeamRecord; role: MemberRole } {
  const { role } = findOrganization(ctx, caller, organization, access);
  const team = findIn(ctx.state.teams, 'Team', teamId, (t) => t.organization === organization);
  return { team, role };
}

/** Organization admins and the team's owners manage its members. */
function findManagedTeam(ctx: EmulatorContext, caller: Caller, organization: string, teamId: string): TeamRecord {
  const { role } = findOrganization(ctx, caller, organization);
  const team = findIn(ctx.state.teams, 'Team', teamId, (t) => t.organization === organization);
  if (!roleAtLeast(role, 'admin') && team.members.get(caller.user.id) !== 'owner') {
    throw forbidden(`You need the "admin" role or to own this team to manage its members; your role is "${role ?? 'guest'}".`);
  }
  return team;
}

export function teamRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/teams',
    params: OrgParams,
    query: pageQuery.extend({ owner: z.string().optional(), title: z.string().optional() }),
    handler: ({ params, query, caller }) => {
      const { role } = findOrganization(ctx, caller, params.organizationId, { needs: 'read', action: 'list teams' });
      const title = query.title?.toLowerCase();
      // `owner`: the teams that member can manage, i.e. all of them for an organization admin.
      const ownerRole = query.owner === undefined ? undefined : findMember(ctx, params.organizationId, query.owner).role;
      const teams = [...ctx.state.teams.values()].filter((team) => {
        if (team.organization !== params.organizationId) return false;
        if (title !== undefined && !team.title.toLowerCase().includes(title)) return false;
        if (query.owner === undefined || ownerRole === 'admin') return true;
        return team.members.get(query.owner) === 'owner';
      });
      return paginate(teams, query, (team) => serializeTeam(ctx, team, role, caller.user.id));
    },
  });

  define({
    method: 'PUT',
    url: '/v1/orgs/:organizationId/teams',
    params: OrgParams,
    body: CreateTeamBodySchema,
    status: 201,
    handler: ({ params, body, caller }) => {
      const { role } = findOrganization(ctx, caller, params.organizationId, { needs: 'admin', action: 'create teams' });
      const members = new Map<string, TeamMemberRole>();
      for (const [index, entry] of (body.members ?? []).entries()) {
        members.set(resolveMember(ctx, params.organizationId, entry, `members.${index}`).user, 'member');
      }
      const id = ctx.state.newId('team');
      const team: TeamRecord = {
        id,
        organization: params.organizationId,
        title: body.title,
        createdAt: ctx.state.timestamp(),
        members,
      };
      ctx.state.teams.set(id, team);
      return serializeTeam(ctx, team, role, caller.user.id);
    },
  });

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/teams/:teamId',
    params: TeamParams,
    handler: ({ params, caller }) => {
      const { team, role } = findTeam(ctx, caller, params.organizationId, params.teamId, { needs: 'read', action: 'read teams' });
      return serializeTeam(ctx, team, role, caller.user.id);
    },
  });

  define({
    method: 'PATCH',
    url: '/v1/orgs/:organizationId/teams/:teamId',
    params: TeamParams,
    body: UpdateTeamBodySchema,
    handler: ({ params, body, caller }) => {
      const { team, role } = findTeam(ctx, caller, params.organizationId, params.teamId, { needs: 'admin', action: 'rename teams' });
      team.title = body.title;
      return serializeTeam(ctx, team, role, caller.user.id);
    },
  });

  define({
    method: 'DELETE',
    url: '/v1/orgs/:organizationId/teams/:teamId',
    params: TeamParams,
    status: 204,
    handler: ({ params, caller }) => {
      const { team } = findTeam(ctx, caller, params.organizationId, params.teamId, { needs: 'admin', action: 'delete teams' });
      ctx.state.teams.delete(team.id);
      // A SAML provider must not keep pointing new users at a team that is gone.
      for (const provider of ctx.state.samlProviders.values()) {
        if (provider.defaultTeam === team.id) delete provider.defaultTeam;
      }
    },
  });

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/teams/:teamId/members',
    params: TeamParams,
    query: pageQuery,
    handler: ({ params, query, caller }) => {
      const { team, role } = findTeam(ctx, caller, params.organizationId, params.teamId, {
        needs: 'read',
        action: 'list team members',
      });
      const entries = [...team.members.entries()];
      return paginate(entries, query, ([userId, teamRole]) => ({
        organization: serializeMember(ctx, findMember(ctx, params.organizationId, userId)),
        team: { role: teamRole },
        permissions: { view: roleAtLeast(role, 'read') },
      }));
    },
  });

  define({
    method: 'PUT',
    url: '/v1/orgs/:organizationId/teams/:teamId/members',
    params: TeamParams,
    body: BulkTeamMembersBodySchema,
    status: 204,
    handler: ({ params, body, caller }) => {
      const team = findManagedTeam(ctx, caller, params.organizationId, params.teamId);
      const org = params.organizationId;
      // Resolve every entry before changing anything, so a bad entry leaves the team untouched.
      const add = (body.add ?? []).map((entry, i) => resolveMember(ctx, org, entry, `add.${i}`).user);
      const roles = Object.entries(body.memberships ?? {}).map(
        ([entry, { role }]) => [resolveMember(ctx, org, entry, `memberships.${entry}`).user, role] as const,
      );
      const remove = (body.remove ?? []).map((entry, i) => resolveMember(ctx, org, entry, `remove.${i}`).user);
      for (const user of add) if (!team.members.has(user)) team.members.set(user, 'member');
      for (const [user, role] of roles) team.members.set(user, role);
      // Removal goes last: a user in both `add` and `remove` ends up removed.
      for (const user of remove) team.members.delete(user);
    },
  });

  define({
    method: 'PUT',
    url: '/v1/orgs/:organizationId/teams/:teamId/members/:userId',
    params: TeamMemberParams,
    body: PutTeamMemberBodySchema,
    status: 204,
    handler: ({ params, body, caller }) => {
      const team = findManagedTeam(ctx, caller, params.organizationId, params.teamId);
      const user = findMember(ctx, params.organizationId, params.userId).user;
      // Without a role an existing membership keeps its role and a new one is a plain member.
      team.members.set(user, body.role ?? team.members.get(user) ?? 'member');
    },
  });

  define({
    method: 'DELETE',
    url: '/v1/orgs/:organizationId/teams/:teamId/members/:userId',
    params: TeamMemberParams,
    status: 204,
    handler: ({ params, caller }) => {
      const team = findManagedTeam(ctx, caller, params.organizationId, params.teamId);
      if (!team.members.delete(params.userId)) throw notFound('Team member', params.userId);
    },
  });
}
