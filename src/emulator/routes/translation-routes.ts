import * as z from 'zod';
import { CreateTranslationBodySchema, UpdateTranslationBodySchema } from '../../api/schemas/translation.js';
import type { EmulatorContext } from '../emulator-context.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery } from '../http/input.js';
import { findIn, findOrganization } from '../http/lookup.js';
import { badRequest } from '../emulator-error.js';
import { paginate } from '../http/paginate.js';
import type { TranslationRecord } from '../state/records.js';
import { serializeTranslation } from '../serializers/serialize-translation.js';

/**
 * Translations of a space into another language, as the official document models them (the
 * emulator does not translate: see serialize-translation.ts). Role rules: reads need `read` (guests get 403); creating, renaming and
 * deleting need `admin` (organization administration), which `permissions.edit` mirrors.
 */

const OrgParams = z.object({ organizationId: z.string() });
const TranslationParams = OrgParams.extend({ translationId: z.string() });

export function translationRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  const findTranslation = (organization: string, id: string) => findIn(ctx.state.translations, 'Translation', id, (t) => t.organization === organization);

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/translations',
    params: OrgParams,
    query: pageQuery,
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
    handler: ({ params, body, caller }) => {
      const { role } = findOrganization(ctx, caller, params.organizationId, { needs: 'admin', action: 'create translations' });
      const source = ctx.state.spaces.get(body.source.space);
      if (source?.organization !== params.organizationId)
        throw badRequest(`Invalid body field "source.space": no space "${body.source.space}" in this organization.`);
      const now = ctx.state.timestamp();
      const translation: TranslationRecord = {
        id: ctx.state.newId('trans'),
        organization: params.organizationId,
        sourceSpace: source.id,
        sourceLanguage: body.source.language,
        language: body.language,
        instructions: body.instructions ?? { object: 'document', data: {}, nodes: [] },
        createdAt: now,
        updatedAt: now,
      };
      ctx.state.translations.set(translation.id, translation);
      return serializeTranslation(ctx, translation, role);
    },
  });

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/translations/:translationId',
    params: TranslationParams,
    handler: ({ params, caller }) => {
      const { role } = findOrganization(ctx, caller, params.organizationId, { needs: 'read', action: 'read translations' });
      return serializeTranslation(ctx, findTranslation(params.organizationId, params.translationId), role);
    },
  });

  define({
    method: 'PUT',
    url: '/v1/orgs/:organizationId/translations/:translationId',
    params: TranslationParams,
    body: UpdateTranslationBodySchema,
    handler: ({ params, body, caller }) => {
      const { role } = findOrganization(ctx, caller, params.organizationId, { needs: 'admin', action: 'update translations' });
      const translation = findTranslation(params.organizationId, params.translationId);
      translation.instructions = body.instructions;
      translation.updatedAt = ctx.state.timestamp();
      return serializeTranslation(ctx, translation, role);
    },
  });

  define({
    method: 'DELETE',
    url: '/v1/orgs/:organizationId/translations/:translationId',
    params: TranslationParams,
    status: 205,
    handler: ({ params, caller }) => {
      findOrganization(ctx, caller, params.organizationId, { needs: 'admin', action: 'delete translations' });
      ctx.state.translations.delete(findTranslation(params.organizationId, params.translationId).id);
    },
  });
}
