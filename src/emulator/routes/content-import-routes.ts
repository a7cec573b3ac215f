import { ImportContentBodySchema } from '../../api/schemas/content.js';
import { gitbookZipImport } from '../content/gitbook-zip-import.js';
import { countImported, type ImportedContent } from '../content/imported-content.js';
import { fetchImportSource } from '../content/fetch-import-source.js';
import { htmlImport } from '../content/html-import.js';
import { markdownImport } from '../content/markdown-import.js';
import { materializeImport } from '../content/materialize-import.js';
import type { EmulatorContext } from '../emulator-context.js';
import { badRequest, conflict } from '../emulator-error.js';
import type { Caller } from '../http/caller.js';
import type { DefineRoute } from '../http/define-route.js';
import { createRevision } from '../state/revisions.js';
import { CONTENT_PREFIXES, ContentParams, findContent } from './content-target.js';

const ACCESS = { needs: 'edit', action: 'import content' } as const;
/** A zip may expand this many times its fetched size before it is taken for a zip bomb. */
const MAX_EXPANSION = 20;
const SUPPORTED: ReadonlySet<string> = new Set(['zip', 'markdown', 'website', 'html']);

/**
 * `POST S/content/import` and `POST CR/content/import` (role `edit`): fetch the URL, build pages
 * and files from it and REPLACE the content with them, as a new revision whose parent is the
 * previous one (of the space, or of the change request). `zip` (a GitBook-format repository),
 * `markdown`, and `website` / `html` (the one page at the URL, as text) are supported; other sources
 * are a 400. Nothing changes unless the import succeeds.
 */
export function contentImportRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  for (const { url: prefix } of CONTENT_PREFIXES) {
    define({
      method: 'POST',
      url: `${prefix}/content/import`,
      params: ContentParams,
      body: ImportContentBodySchema,
      status: 201,
      handler: async ({ params, body, caller }) => {
        checkWritable(ctx, caller, params);
        if (!SUPPORTED.has(body.source)) {
          throw badRequest(`Invalid body field "source": source ${body.source} is not supported by the emulator (use zip, markdown, website or html).`);
        }
        const { bytes } = await fetchImportSource(body.url, ctx.options.importLimit);
        const imported: ImportedContent =
          body.source === 'zip'
            ? gitbookZipImport(bytes, Math.min(ctx.options.importLimit * MAX_EXPANSION, 2 ** 30))
            : body.source === 'markdown'
              ? markdownImport(bytes, body.url)
              : htmlImport(bytes, body.url);
        // Looked up again: the fetch awaited, and the content may have moved on meanwhile.
        const target = checkWritable(ctx, caller, params);
        const content = materializeImport(ctx.state, imported, target.revision);
        const revision = createRevision(ctx.state, target.space.id, content, [target.revision.id]);
        const now = ctx.state.timestamp();
        if (target.changeRequest) {
          target.changeRequest.revision = revision.id;
          target.changeRequest.updatedAt = now;
        } else {
          target.space.revision = revision.id;
          target.space.updatedAt = now;
        }
        return {
          revision: revision.id,
          importedResources: countImported(imported),
          totalResources: imported.totalResources,
          skipped: imported.skipped,
        };
      },
    });
  }
}

function checkWritable(ctx: EmulatorContext, caller: Caller, params: ContentParams) {
  const target = findContent(ctx, caller, params, ACCESS);
  const status = target.changeRequest?.status;
  if (status === 'merged' || status === 'archived') {
    throw conflict(`Change request ${target.changeRequest?.number ?? ''} is ${status}; its content can no longer change.`);
  }
  return target;
}
