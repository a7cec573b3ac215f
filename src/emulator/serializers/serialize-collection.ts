import type { EmulatorContext } from '../emulator-context.js';
import type { CollectionRecord } from '../state/records.js';
import type { MemberRole } from '../roles.js';
import { collectionPermissions } from '../permissions.js';
import { APP_ORIGIN } from './serialize-space.js';

export function serializeCollection(ctx: EmulatorContext, collection: CollectionRecord, role: MemberRole) {
  return {
    object: 'collection' as const,
    id: collection.id,
    title: collection.title,
    ...(collection.description === undefined ? {} : { description: collection.description }),
    organization: collection.organization,
    ...(collection.parent === undefined ? {} : { parent: collection.parent }),
    defaultLevel: collection.defaultLevel,
    urls: {
      location: `${ctx.baseUrl()}/v1/collections/${collection.id}`,
      app: `${APP_ORIGIN}/o/${collection.organization}/c/${collection.id}`,
    },
    permissions: collectionPermissions(role),
  };
}
