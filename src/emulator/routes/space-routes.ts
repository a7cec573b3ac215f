import * as z from 'zod';
import { CreateSpaceBodySchema, UpdateSpaceBodySchema } from '../../api/schemas/space.js';
import type { EmulatorContext } from '../emulator-context.js';
import { badRequest } from '../emulator-error.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery } from '../http/input.js';
import { findOrganization, findSpace } from '../http/lookup.js';
import { paginate } from '../http/paginate.js';
import { serializeSpace } from '../serializers/serialize-space.js';
import { createSpace } from '../state/create-space.js';
import { deleteSiteSpace } from '../state/site-structure-edits.js';

const SpaceParams = z.object({ spaceId: z.string() });
const OrgParams = z.object({ organizationId: z.string() });

/**
 * The space resource: read (`read`), update (`edit`; `defaultLevel` needs `admin`), delete
 * (`admin`: its change requests, comments and the site spaces publishing it go too), and the
 * organization's spaces: list (`read`) and create (`create`).
 */
export function spaceRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'GET',
    url: '/v1/spaces/:spaceId',
    params: SpaceParams,
    handler: ({ params, caller }) => {
      const { space, role } = findSpace(ctx, caller, params.spaceId);
      return serializeSpace(ctx, space, role);
    },
  });

  define({
    method: 'PATCH',
    url: '/v1/spaces/:spaceId',
    params: SpaceParams,
    body: UpdateSpaceBodySchema,
    handler: ({ params, body, caller }) => {
      const access =
        body.defaultLevel === undefined
          ? { needs: 'edit' as const, action: 'update this space' }
          : { needs: 'admin' as const, action: 'change who can access this space' };
      const { space, role } = findSpace(ctx, caller, params.spaceId, access);
      if (body.title !== undefined) space.title = body.title;
      if (body.emoji === null || body.icon === null) delete space.emoji;
      if (typeof body.emoji === 'string') space.emoji = body.emoji;
      if (body.editMode !== undefined) space.editMode = body.editMode;
      if (body.defaultLevel !== undefined) space.defaultLevel = body.defaultLevel;
      space.updatedAt = ctx.state.timestamp();
      return serializeSpace(ctx, space, role);
    },
  });

  define({
    method: 'DELETE',
    url: '/v1/spaces/:spaceId',
    params: SpaceParams,
    status: 205,
    handler: ({ params, caller }) => {
      const { space } = findSpace(ctx, caller, params.spaceId, { needs: 'admin', action: 'delete this space' });
      const { state } = ctx;
      for (const siteSpace of [...state.siteSpaces.values()]) {
        const site = siteSpace.space === space.id ? state.sites.get(siteSpace.site) : undefined;
        if (site) deleteSiteSpace(state, site, siteSpace);
      }
      for (const cr of [...state.changeRequests.values()]) if (cr.space === space.id) state.changeRequests.delete(cr.id);
      for (const comment of [...state.comments.values()]) {
        if (comment.space !== space.id) continue;
        state.comments.delete(comment.id);
        for (const reply of [...state.replies.values()]) if (reply.comment === comment.id) state.replies.delete(reply.id);
      }
      for (const collection of state.collections.values()) collection.spaceOrder = collection.spaceOrder.filter((id) => id !== space.id);
      state.spaces.delete(space.id);
    },
  });

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/spaces',
    params: OrgParams,
    query: pageQuery,
    handler: ({ params, query, caller }) => {
      const { role } = findOrganization(ctx, caller, params.organizationId, { needs: 'read', action: 'list spaces' });
      const spaces = [...ctx.state.spaces.values()].filter((space) => space.organization === params.organizationId);
      return paginate(spaces, query, (space) => serializeSpace(ctx, space, role));
    },
  });

  define({
    method: 'POST',
    url: '/v1/orgs/:organizationId/spaces',
    params: OrgParams,
    body: CreateSpaceBodySchema,
    status: 201,
    handler: ({ params, body, caller }) => {
      const { role } = findOrganization(ctx, caller, params.organizationId, { needs: 'create', action: 'create spaces' });
      const parent = body.parent === undefined ? undefined : ctx.state.collections.get(body.parent);
      if (body.parent !== undefined && parent?.organization !== params.organizationId) {
        throw badRequest(`Invalid body field "parent": no collection "${body.parent}" in this organization.`);
      }
      const space = createSpace(ctx.state, params.organizationId, {
        title: body.title ?? 'Untitled',
        ...(body.emoji === undefined ? {} : { emoji: body.emoji }),
        ...(parent === undefined ? {} : { parent: parent.id }),
      });
      if (body.editMode !== undefined) space.editMode = body.editMode;
      parent?.spaceOrder.push(space.id);
      return serializeSpace(ctx, space, role);
    },
  });
}
