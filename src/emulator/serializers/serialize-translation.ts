import type { EmulatorContext } from '../emulator-context.js';
import type { TranslationRecord } from '../state/records.js';
import type { MemberRole } from '../roles.js';
import { viewEditPermissions } from '../permissions.js';

export function serializeTranslation(ctx: EmulatorContext, translation: TranslationRecord, role: MemberRole) {
  return {
    object: 'translation-settings' as const,
    id: translation.id,
    title: translation.title,
    languages: translation.languages,
    createdAt: translation.createdAt,
    updatedAt: translation.updatedAt,
    permissions: viewEditPermissions(role, 'admin'),
    urls: { location: `${ctx.baseUrl()}/v1/orgs/${translation.organization}/translations/${translation.id}` },
  };
}
