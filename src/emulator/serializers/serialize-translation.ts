import type { EmulatorContext } from '../emulator-context.js';
import type { TranslationRecord } from '../state/records.js';
import type { MemberRole } from '../roles.js';
import { viewEditPermissions } from '../permissions.js';

/** The emulator records translations but runs none: each stays `pending`, with empty stats. */
export function serializeTranslation(ctx: EmulatorContext, translation: TranslationRecord, role: MemberRole) {
  return {
    object: 'translation' as const,
    id: translation.id,
    status: 'pending' as const,
    source: { space: translation.sourceSpace, language: translation.sourceLanguage },
    language: translation.language,
    instructions: translation.instructions,
    createdAt: translation.createdAt,
    updatedAt: translation.updatedAt,
    stats: { runs: 0, totalWords: 0, totalPages: 0, totalDuration: 0, latestRunDuration: 0, latestPages: 0, latestWords: 0 },
    permissions: viewEditPermissions(role, 'admin'),
    urls: { location: `${ctx.baseUrl()}/v1/orgs/${translation.organization}/translations/${translation.id}` },
  };
}
