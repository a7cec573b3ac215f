import { z } from 'zod';
import { listEnvelope } from '../../api/schemas/common.js';
import {
  CreateTranslationBodySchema,
  TranslationSettingsSchema,
  UpdateTranslationBodySchema,
} from '../../api/schemas/translation.js';
import type { EmulatorContext } from '../emulator-context.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery } from '../http/input.js';
import { findIn, findOrganization } from '../http/lookup.js';
import { paginate } from '../http/paginate.js';
import type { TranslationRecord } from '../state/records.js';
import { serializeTranslation } from '../serializers/serialize-translation.js';

/**
 * Translation settings. Role rules: reads need `read` (guests get 403); creating, renaming and
 * deleting need `admin` (organization administration), which `permissions.edit` mirrors.
 */

const OrgParams = z.object({ organizationId: z.string() });
const TranslationParams = OrgParams.extend({ translationSettingsId: z.string() });

export function translationRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  const findTranslation = (organization: string, id: string) =>
    findIn(ctx.state.translations, 'Translation settings', id, (t) => t.organization === organization);

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/translations',
    params: OrgParams,
    query: pageQuery,
    response: listEnvelope(TranslationSettingsSchema),
    handler: ({ params, query, caller }) => {
      const { role } = findOrganization(ctx, caller, params.organizationId, { needs: 'read', action: 'list translations' });
      const items = [...ctx.state.translations.values()].filter((t) => t.organization === params.organizationId);
      return paginate(items, query, (t) => serializeTranslation(ctx, t, role));
    },
  });

  define({
    method: 'POST',
    url: '/v1/orgs/:organizationId/translations',
    params: OrgParams,
    body: CreateTranslationBodySchema,
    status: 201,
    response: TranslationSettingsSchema,
    handler: ({ params, body, caller }) => {
      const { role } = findOrganization(ctx, caller, params.organizationId, { needs: 'admin', action: 'create translations' });
      const now = ctx.state.timestamp();
      const translation: TranslationRecord = {
        id: ctx.state.newId('trans'),
        organization: params.organizationId,
        title: body.title,
        // No operation the seed shows sets languages, so settings start with none.
        languages: [],
        createdAt: now,
        updatedAt: now,
      };
      ctx.state.translations.set(translation.id, translation);
      return serializeTranslation(ctx, translation, role);
    },
  });

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/translations/:translationSettingsId',
    params: TranslationParams,
    response: TranslationSettingsSchema,
    handler: ({ params, caller }) => {
      const { role } = findOrganization(ctx, caller, params.organizationId, { needs: 'read', action: 'read translations' });
      return serializeTranslation(ctx, findTranslation(params.organizationId, params.translationSettingsId), role);
    },
  });

  define({
    method: 'PUT',
    url: '/v1/orgs/:organizationId/translations/:translationSettingsId',
    params: TranslationParams,
    body: UpdateTranslationBodySchema,
    response: TranslationSettingsSchema,
    handler: ({ params, body, caller }) => {
      const { role } = findOrganization(ctx, caller, params.organizationId, { needs: 'admin', action: 'update translations' });
      const translation = findTranslation(params.organizationId, params.translationSettingsId);
      translation.title = body.title;
      translation.updatedAt = ctx.state.timestamp();
      return serializeTranslation(ctx, translation, role);
    },
  });

  define({
    method: 'DELETE',
    url: '/v1/orgs/:organizationId/translations/:translationSettingsId',
    params: TranslationParams,
    status: 205,
    handler: ({ params, caller }) => {
      findOrganization(ctx, caller, params.organizationId, { needs: 'admin', action: 'delete translations' });
      ctx.state.translations.delete(findTranslation(params.organizationId, params.translationSettingsId).id);
    },
  });
}
