import * as z from 'zod';
import { cloneGitRepository } from '../content/clone-git-repository.js';
import { gitbookRepoImport } from '../content/gitbook-zip-import.js';
import { materializeImport } from '../content/materialize-import.js';
import type { EmulatorContext } from '../emulator-context.js';
import type { DefineRoute } from '../http/define-route.js';
import { findSpace } from '../http/lookup.js';
import { createRevision } from '../state/revisions.js';

/** The fields the emulator reads; the rest of the official body (`repoTreeURL`, `gitInfo`…) is accepted and ignored. */
const ImportGitBodySchema = z.looseObject({ url: z.string().min(1), ref: z.string().min(1), force: z.boolean().optional() });

/**
 * `POST S/git/import` (role `edit`): clones the repository at `url` (any URL the emulator's git can
 * reach: a local path or `file://` URL in tests), reads `ref` as a GitBook-format repository and
 * replaces the space's content with it, as a new revision carrying the commit. Answers 204.
 */
export function gitImportRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'POST',
    url: '/v1/spaces/:spaceId/git/import',
    params: z.object({ spaceId: z.string() }),
    body: ImportGitBodySchema,
    status: 204,
    handler: async ({ params, body, caller }) => {
      findSpace(ctx, caller, params.spaceId, { needs: 'edit', action: 'import into this space' });
      const cloned = await cloneGitRepository(body.url, body.ref, ctx.options.importLimit);
      const imported = gitbookRepoImport(cloned.files);
      // Looked up again: the clone awaited, and the space may have changed meanwhile.
      const { space } = findSpace(ctx, caller, params.spaceId, { needs: 'edit', action: 'import into this space' });
      const previous = ctx.state.revisions.get(space.revision);
      if (!previous) throw new Error(`Emulator state is inconsistent: revision ${space.revision} of space ${space.id} is missing.`);
      const content = materializeImport(ctx.state, imported, previous);
      const git = { oid: cloned.commit.oid, message: cloned.commit.message, createdByService: false, ref: body.ref };
      const revision = createRevision(ctx.state, space.id, content, [previous.id], git);
      space.revision = revision.id;
      space.updatedAt = ctx.state.timestamp();
    },
  });
}
