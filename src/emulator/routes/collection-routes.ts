import * as z from 'zod';
import type { Role } from '../../api/schemas/common.js';
import {
  CreateCollectionBodySchema,
  MoveCollectionBodySchema,
  TransferCollectionBodySchema,
  UpdateCollectionBodySchema,
} from '../../api/schemas/collection.js';
import type { EmulatorContext } from '../emulator-context.js';
import { badRequest, notFound } from '../emulator-error.js';
import type { Caller } from '../http/caller.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery, queryBoolean } from '../http/input.js';
import { findOrganization } from '../http/lookup.js';
import { paginate } from '../http/paginate.js';
import type { MemberRole } from '../roles.js';
import type { CollectionRecord } from '../state/records.js';
import { serializeCollection } from '../serializers/serialize-collection.js';
import { serializeSpace } from '../serializers/serialize-space.js';

/**
 * Collections. Role rules: reads need `read` (guests get 403); creating, updating and moving need
 * `create`; deleting and transferring need `admin` (the collection's `permissions.admin`), and a
 * transfer also needs `admin` in the target organization. Deleting a collection keeps its content:
 * its spaces and sub-collections move up to its parent, so no space is lost by accident.
 */

const CollectionParams = z.object({ collectionId: z.string() });
const OrgParams = z.object({ organizationId: z.string() });
const DEFAULT_TITLE = 'Untitled collection';

function findCollection(ctx: EmulatorContext, caller: Caller, id: string, needs: Role, action: string): { collection: CollectionRecord; role: MemberRole } {
  const collection = ctx.state.collections.get(id);
  if (!collection || caller.roleIn(collection.organization) === undefined) throw notFound('Collection', id);
  const { role } = findOrganization(ctx, caller, collection.organization, { needs, action });
  return { collection, role };
}

/** The collection and every collection nested in it, at any depth. */
function subtree(ctx: EmulatorContext, root: string): Set<string> {
  const ids = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of ctx.state.collections.values()) {
      if (c.parent !== undefined && ids.has(c.parent) && !ids.has(c.id)) {
        ids.add(c.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** A parent given in a body must be a collection of the same organization. */
function checkParent(ctx: EmulatorContext, organization: string, parent: string): CollectionRecord {
  const record = ctx.state.collections.get(parent);
  if (record?.organization !== organization) {
    throw badRequest(`Invalid body field "parent": collection "${parent}" is not in the organization.`);
  }
  return record;
}

export function collectionRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'GET',
    url: '/v1/collections/:collectionId',
    params: CollectionParams,
    handler: ({ params, caller }) => {
      const { collection, role } = findCollection(ctx, caller, params.collectionId, 'read', 'read this collection');
      return serializeCollection(ctx, collection, role);
    },
  });

  define({
    method: 'DELETE',
    url: '/v1/collections/:collectionId',
    params: CollectionParams,
    status: 205,
    handler: ({ params, caller }) => {
      const { collection } = findCollection(ctx, caller, params.collectionId, 'admin', 'delete collections');
      const parent = collection.parent === undefined ? undefined : ctx.state.collections.get(collection.parent);
      for (const child of ctx.state.collections.values()) {
        if (child.parent === collection.id) child.parent = collection.parent;
      }
      for (const space of ctx.state.spaces.values()) {
        if (space.parent !== collection.id) continue;
        space.parent = collection.parent;
        parent?.spaceOrder.push(space.id);
      }
      ctx.state.collections.delete(collection.id);
    },
  });

  define({
    method: 'PATCH',
    url: '/v1/collections/:collectionId',
    params: CollectionParams,
    body: UpdateCollectionBodySchema,
    handler: ({ params, body, caller }) => {
      const { collection, role } = findCollection(ctx, caller, params.collectionId, 'create', 'update collections');
      if (body.title !== undefined) collection.title = body.title;
      if (body.description !== undefined) collection.description = body.description;
      if (body.defaultLevel !== undefined) collection.defaultLevel = body.defaultLevel;
      return serializeCollection(ctx, collection, role);
    },
  });

  define({
    method: 'GET',
    url: '/v1/collections/:collectionId/spaces',
    params: CollectionParams,
    query: pageQuery,
    handler: ({ params, query, caller }) => {
      const { collection, role } = findCollection(ctx, caller, params.collectionId, 'read', 'list the spaces of this collection');
      // Display order first (`spaceOrder`), then spaces it does not list yet, in creation order.
      const rank = (id: string) => {
        const index = collection.spaceOrder.indexOf(id);
        return index === -1 ? collection.spaceOrder.length : index;
      };
      const spaces = [...ctx.state.spaces.values()]
        .filter((space) => space.parent === collection.id)
        .map((space, index) => ({ space, index }))
        .sort((a, b) => rank(a.space.id) - rank(b.space.id) || a.index - b.index)
        .map((entry) => entry.space);
      return paginate(spaces, query, (space) => serializeSpace(ctx, space, role));
    },
  });

  define({
    method: 'POST',
    url: '/v1/collections/:collectionId/move',
    params: CollectionParams,
    body: MoveCollectionBodySchema,
    handler: ({ params, body, caller }) => {
      const { collection, role } = findCollection(ctx, caller, params.collectionId, 'create', 'move collections');
      const parent = body.parent === undefined ? collection.parent : (body.parent ?? undefined);
      if (parent !== undefined) {
        checkParent(ctx, collection.organization, parent);
        if (subtree(ctx, collection.id).has(parent)) {
          throw badRequest(`Invalid body field "parent": a collection cannot be moved into itself or one of its sub-collections.`);
        }
      }
      // The position names a space beside which the collection goes; it must share the new parent.
      for (const side of ['before', 'after'] as const) {
        const ref = body.position[side];
        if (ref === undefined) continue;
        const space = ctx.state.spaces.get(ref.space);
        if (space?.organization !== collection.organization || space.parent !== parent) {
          throw badRequest(`Invalid body field "position.${side}.space": space "${ref.space}" is not in the target parent.`);
        }
      }
      collection.parent = parent;
      return serializeCollection(ctx, collection, role);
    },
  });

  define({
    method: 'POST',
    url: '/v1/collections/:collectionId/transfer',
    params: CollectionParams,
    body: TransferCollectionBodySchema,
    handler: ({ params, body, caller }) => {
      const { collection } = findCollection(ctx, caller, params.collectionId, 'admin', 'transfer collections');
      const { role } = findOrganization(ctx, caller, body.organization, {
        needs: 'admin',
        action: 'transfer collections into this organization',
      });
      // Already there: a repeated transfer (say, after a dropped response) is a no-op.
      if (body.organization === collection.organization) return serializeCollection(ctx, collection, role);
      const moved = subtree(ctx, collection.id);
      for (const id of moved) {
        const record = ctx.state.collections.get(id);
        if (record) record.organization = body.organization;
      }
      for (const space of ctx.state.spaces.values()) {
        if (space.parent !== undefined && moved.has(space.parent)) space.organization = body.organization;
      }
      // The old parent belongs to the old organization, so the collection lands at the top level.
      delete collection.parent;
      return serializeCollection(ctx, collection, role);
    },
  });

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/collections',
    params: OrgParams,
    query: pageQuery.extend({ nested: queryBoolean.optional() }),
    handler: ({ params, query, caller }) => {
      const { role } = findOrganization(ctx, caller, params.organizationId, { needs: 'read', action: 'list collections' });
      const nested = query.nested ?? true;
      const collections = [...ctx.state.collections.values()].filter((c) => c.organization === params.organizationId && (nested || c.parent === undefined));
      return paginate(collections, query, (c) => serializeCollection(ctx, c, role));
    },
  });

  define({
    method: 'POST',
    url: '/v1/orgs/:organizationId/collections',
    params: OrgParams,
    body: CreateCollectionBodySchema,
    status: 201,
    handler: ({ params, body, caller }) => {
      const { org, role } = findOrganization(ctx, caller, params.organizationId, { needs: 'create', action: 'create collections' });
      const parent = body.parent === undefined ? undefined : checkParent(ctx, org.id, body.parent);
      const collection: CollectionRecord = {
        id: ctx.state.newId('coll'),
        organization: org.id,
        title: body.title ?? DEFAULT_TITLE,
        ...(parent === undefined ? {} : { parent: parent.id }),
        // Content inherits its access level from where it is created.
        defaultLevel: parent === undefined ? org.defaultRole : parent.defaultLevel,
        spaceOrder: [],
      };
      ctx.state.collections.set(collection.id, collection);
      return serializeCollection(ctx, collection, role);
    },
  });
}
