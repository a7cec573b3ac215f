import * as z from 'zod';
import { RoleSchema } from '../../api/schemas/common.js';
import { UpdateMemberBodySchema } from '../../api/schemas/member.js';
import type { EmulatorContext } from '../emulator-context.js';
import { badRequest, conflict, notFound } from '../emulator-error.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery } from '../http/input.js';
import { findOrganization } from '../http/lookup.js';
import { paginate } from '../http/paginate.js';
import { memberKey } from '../state/emulator-state.js';
import type { MemberRecord } from '../state/records.js';
import { serializeMember } from '../serializers/serialize-member.js';
import { serializeSpace } from '../serializers/serialize-space.js';
import { serializeTeam } from '../serializers/serialize-team.js';

/**
 * Organization members. Role rules: listing and reading members needs `read` (guests get 403);
 * changing a role, removing a member and marking one an SSO member need `admin`. The organization
 * always keeps one admin, so the last one can be neither demoted nor removed (409).
 */

const MemberParams = z.object({ organizationId: z.string(), userId: z.string() });
/** Only `desc` (the default) is shown in the seed; `asc` is its obvious counterpart. */
export const OrderSchema = z.enum(['asc', 'desc']).default('desc');

export function findMember(ctx: EmulatorContext, organization: string, userId: string): MemberRecord {
  const member = ctx.state.members.get(memberKey(organization, userId));
  if (!member) throw notFound('Member', userId);
  return member;
}

/**
 * A member named by user id or e-mail address (team member operations take both); `field` names
 * the body field in the 400 when nobody matches.
 */
export function resolveMember(ctx: EmulatorContext, organization: string, entry: string, field: string): MemberRecord {
  const byId = ctx.state.members.get(memberKey(organization, entry));
  if (byId) return byId;
  const email = entry.toLowerCase();
  for (const user of ctx.state.users.values()) {
    if (user.email.toLowerCase() !== email) continue;
    const member = ctx.state.members.get(memberKey(organization, user.id));
    if (member) return member;
  }
  throw badRequest(`Invalid body field "${field}": "${entry}" is not a member of the organization.`);
}

/** Stable order by `key`; ties keep creation order, and `desc` reverses the whole order. */
export function ordered<T>(items: readonly T[], key: (item: T) => string, order: 'asc' | 'desc'): T[] {
  const sign = order === 'asc' ? 1 : -1;
  return items
    .map((item, index) => ({ item, index, key: key(item) }))
    .sort((a, b) => sign * (a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index))
    .map((entry) => entry.item);
}

function membersOf(ctx: EmulatorContext, organization: string): MemberRecord[] {
  return [...ctx.state.members.values()].filter((m) => m.organization === organization);
}

function assertKeepsAnAdmin(ctx: EmulatorContext, member: MemberRecord, action: string): void {
  if (member.role !== 'admin') return;
  const admins = membersOf(ctx, member.organization).filter((m) => m.role === 'admin');
  if (admins.length <= 1) throw conflict(`Cannot ${action} the last admin of the organization; make another member admin first.`);
}

export function memberRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/members',
    params: z.object({ organizationId: z.string() }),
    query: pageQuery.extend({
      order: OrderSchema,
      role: RoleSchema.optional(),
      search: z.string().optional(),
      sort: z.enum(['joinedAt', 'lastSeenAt']).default('joinedAt'),
    }),
    handler: ({ params, query, caller }) => {
      findOrganization(ctx, caller, params.organizationId, { needs: 'read', action: 'list members' });
      const search = query.search?.toLowerCase();
      let members = membersOf(ctx, params.organizationId).filter((member) => {
        if (query.role !== undefined && member.role !== query.role) return false;
        if (query.sort === 'lastSeenAt' && member.lastSeenAt === undefined) return false;
        if (search === undefined) return true;
        const user = ctx.state.users.get(member.user);
        return user !== undefined && (user.displayName.toLowerCase().includes(search) || user.email.toLowerCase().includes(search));
      });
      members = ordered(members, (m) => (query.sort === 'lastSeenAt' ? (m.lastSeenAt ?? '') : m.joinedAt), query.order);
      return paginate(members, query, (member) => serializeMember(ctx, member));
    },
  });

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/members/:userId',
    params: MemberParams,
    handler: ({ params, caller }) => {
      findOrganization(ctx, caller, params.organizationId, { needs: 'read', action: 'read members' });
      return serializeMember(ctx, findMember(ctx, params.organizationId, params.userId));
    },
  });

  define({
    method: 'PATCH',
    url: '/v1/orgs/:organizationId/members/:userId',
    params: MemberParams,
    body: UpdateMemberBodySchema,
    handler: ({ params, body, caller }) => {
      findOrganization(ctx, caller, params.organizationId, { needs: 'admin', action: 'change member roles' });
      const member = findMember(ctx, params.organizationId, params.userId);
      if (body.role !== 'admin') assertKeepsAnAdmin(ctx, member, 'demote');
      member.role = body.role;
      return serializeMember(ctx, member);
    },
  });

  define({
    method: 'DELETE',
    url: '/v1/orgs/:organizationId/members/:userId',
    params: MemberParams,
    status: 204,
    handler: ({ params, caller }) => {
      findOrganization(ctx, caller, params.organizationId, { needs: 'admin', action: 'remove members' });
      const member = findMember(ctx, params.organizationId, params.userId);
      assertKeepsAnAdmin(ctx, member, 'remove');
      ctx.state.members.delete(memberKey(params.organizationId, params.userId));
      // Team memberships belong to the organization membership and go with it.
      for (const team of ctx.state.teams.values()) {
        if (team.organization === params.organizationId) team.members.delete(params.userId);
      }
    },
  });

  define({
    method: 'POST',
    url: '/v1/orgs/:organizationId/members/:userId/sso',
    params: MemberParams,
    handler: ({ params, caller }) => {
      findOrganization(ctx, caller, params.organizationId, { needs: 'admin', action: 'mark members as SSO members' });
      const member = findMember(ctx, params.organizationId, params.userId);
      member.sso = true;
      return serializeMember(ctx, member);
    },
  });

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/members/:userId/spaces',
    params: MemberParams,
    query: pageQuery.extend({ order: OrderSchema }),
    handler: ({ params, query, caller }) => {
      const { role } = findOrganization(ctx, caller, params.organizationId, { needs: 'read', action: 'list member spaces' });
      const member = findMember(ctx, params.organizationId, params.userId);
      const permission = member.role;
      // A guest member holds no organization-wide role, so no space is reached through it.
      if (permission === null) return { items: [], count: 0 };
      const spaces = [...ctx.state.spaces.values()].filter((s) => s.organization === params.organizationId);
      return paginate(
        ordered(spaces, (s) => s.createdAt, query.order),
        query,
        (space) => ({
          permission,
          space: serializeSpace(ctx, space, role),
        }),
      );
    },
  });

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/members/:userId/teams',
    params: MemberParams,
    query: pageQuery.extend({ title: z.string().optional() }),
    handler: ({ params, query, caller }) => {
      const { role } = findOrganization(ctx, caller, params.organizationId, { needs: 'read', action: 'list member teams' });
      findMember(ctx, params.organizationId, params.userId);
      const title = query.title?.toLowerCase();
      const teams = [...ctx.state.teams.values()].filter(
        (team) =>
          team.organization === params.organizationId && team.members.has(params.userId) && (title === undefined || team.title.toLowerCase().includes(title)),
      );
      return paginate(teams, query, (team) => ({
        team: serializeTeam(ctx, team, role, caller.user.id),
        member: { role: team.members.get(params.userId) ?? 'member' },
      }));
    },
  });
}
