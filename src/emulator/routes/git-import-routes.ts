import * as z from 'zod';
import { cloneGitRepository } from '../content/clone-git-repository.js';
import { gitbookRepoImport } from '../content/gitbook-zip-import.js';
import { materializeImport } from '../content/materialize-import.js';
import type { EmulatorContext } from '../emulator-context.js';
import { badRequest } from '../emulator-error.js';
import type { DefineRoute } from '../http/define-route.js';
import { findSpace } from '../http/lookup.js';
import { createRevision } from '../state/revisions.js';
import { isLocalGitUrl, withoutCredentials } from './git-remote-url.js';

/** The fields the emulator reads; the rest of the official body (`repoTreeURL`, `gitInfo`…) is accepted and ignored. */
const ImportGitBodySchema = z.looseObject({
  url: z.string().min(1),
  ref: z.string().min(1),
  repoProjectDirectory: z.string().optional(),
  force: z.boolean().optional(),
});

/**
 * `POST S/git/import` (importGitRepository, role `edit`): as the API's document says, the import is
 * queued and runs after the 204. It clones `ref` of the repository at `url`, reads it (below
 * `repoProjectDirectory`) as a GitBook-format repository, with `SUMMARY.md`'s groups, link entries and
 * items without a link, and replaces the space's content with it, as a new revision carrying the
 * commit (`git.oid`). A clone that fails (unreachable URL, missing ref) changes nothing, as the API
 * reports no failure on this call. Only local URLs are cloned unless the emulator runs with
 * `gitRemotes: any` (400 naming `url` otherwise); credentials in the URL are never echoed.
 */
export function gitImportRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'POST',
    url: '/v1/spaces/:spaceId/git/import',
    params: z.object({ spaceId: z.string() }),
    body: ImportGitBodySchema,
    status: 204,
    handler: ({ params, body, caller }) => {
      findSpace(ctx, caller, params.spaceId, { needs: 'edit', action: 'import into this space' });
      if (ctx.options.gitRemotes === 'local' && !isLocalGitUrl(body.url))
        throw badRequest(
          `Invalid body field "url": the emulator clones local repositories only (a path, file:// or a loopback host), not ${withoutCredentials(body.url)}; start it with gitRemotes: any to allow others.`,
        );
      const { state } = ctx;
      ctx.schedule(0, async () => {
        const cloned = await cloneGitRepository(body.url, body.ref, ctx.options.importLimit);
        const imported = gitbookRepoImport(underFolder(cloned.files, body.repoProjectDirectory), { structure: true });
        // Looked up again: the clone awaited, and the space may have changed meanwhile (or the emulator been reset).
        if (ctx.state !== state) return;
        const { space } = findSpace(ctx, caller, params.spaceId, { needs: 'edit', action: 'import into this space' });
        const previous = state.revisions.get(space.revision);
        if (!previous) throw new Error(`Emulator state is inconsistent: revision ${space.revision} of space ${space.id} is missing.`);
        const content = materializeImport(state, imported, previous);
        const git = { oid: cloned.commit.oid, message: cloned.commit.message, createdByService: false, ref: body.ref };
        const revision = createRevision(state, space.id, content, [previous.id], git);
        space.revision = revision.id;
        space.updatedAt = state.timestamp();
      });
      return Promise.resolve();
    },
  });
}

/** The files below `folder` (the project's directory in the repository), by their paths in it. */
function underFolder(files: ReadonlyMap<string, Uint8Array>, folder: string | undefined): ReadonlyMap<string, Uint8Array> {
  const prefix = (folder ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix === '') return files;
  return new Map([...files].filter(([path]) => path.startsWith(`${prefix}/`)).map(([path, data]) => [path.slice(prefix.length + 1), data]));
}
