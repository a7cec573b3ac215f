import { z } from 'zod';
import { listEnvelope } from '../../api/schemas/common.js';
import { FileSchema, PageSchema, PagesResponseSchema, RevisionSchema } from '../../api/schemas/content.js';
import type { EmulatorContext } from '../emulator-context.js';
import { notFound } from '../emulator-error.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery, queryBoolean } from '../http/input.js';
import { paginate } from '../http/paginate.js';
import { serializeFile } from '../serializers/serialize-file.js';
import { serializePage } from '../serializers/serialize-page.js';
import { serializeRevision } from '../serializers/serialize-revision.js';
import { walkPages } from '../state/revisions.js';
import { contentImportRoutes } from './content-import-routes.js';
import { contentLinkRoutes } from './content-link-routes.js';
import { CONTENT_PREFIXES, ContentParams, MetadataQuery, findContent } from './content-target.js';

/**
 * Content of a space (`S`) and of a change request (`CR`): each handler is written once and
 * registered under both prefixes. Reads need `read`; imports need `edit` (see content-import-routes).
 * `computed=false` is accepted and changes nothing: the emulator has no computed pages.
 */
export function contentRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  for (const { url: prefix } of CONTENT_PREFIXES) {
    define({
      method: 'GET',
      url: `${prefix}/content`,
      params: ContentParams,
      query: MetadataQuery,
      response: RevisionSchema,
      handler: ({ params, query, caller }) => {
        const target = findContent(ctx, caller, params);
        return serializeRevision(target.revision, { appBase: target.appBase, metadata: query.metadata ?? true });
      },
    });

    define({
      method: 'GET',
      url: `${prefix}/content/pages`,
      params: ContentParams,
      query: MetadataQuery,
      response: PagesResponseSchema,
      handler: ({ params, query, caller }) => {
        const target = findContent(ctx, caller, params);
        const view = { appBase: target.appBase, metadata: query.metadata ?? true, markdown: false };
        return { pages: target.revision.pages.map((page) => serializePage(page, view)) };
      },
    });

    define({
      method: 'GET',
      url: `${prefix}/content/files`,
      params: ContentParams,
      query: pageQuery.extend(MetadataQuery.shape),
      response: listEnvelope(FileSchema),
      handler: ({ params, query, caller }) => {
        const target = findContent(ctx, caller, params);
        return paginate(target.revision.files, query, (file) => serializeFile(target.space.id, file, query.metadata ?? true));
      },
    });

    define({
      method: 'GET',
      url: `${prefix}/content/files/:fileId`,
      params: ContentParams.extend({ fileId: z.string() }),
      query: MetadataQuery,
      response: FileSchema,
      handler: ({ params, query, caller }) => {
        const target = findContent(ctx, caller, params);
        const file = target.revision.files.find((f) => f.id === params.fileId);
        if (!file) throw notFound('File', params.fileId);
        return serializeFile(target.space.id, file, query.metadata ?? true);
      },
    });

    define({
      method: 'GET',
      url: `${prefix}/content/page/:pageId`,
      params: ContentParams.extend({ pageId: z.string() }),
      // `format` is accepted as any string: the values beyond the default are not documented.
      query: MetadataQuery.extend({ format: z.string().optional(), evaluated: queryBoolean.optional() }),
      response: PageSchema,
      handler: ({ params, query, caller }) => {
        const target = findContent(ctx, caller, params);
        const page = [...walkPages(target.revision.pages)].find((p) => p.id === params.pageId);
        if (!page) throw notFound('Page', params.pageId);
        return serializePage(page, { appBase: target.appBase, metadata: query.metadata ?? true, markdown: true });
      },
    });
  }
  contentImportRoutes(define, ctx);
  contentLinkRoutes(define, ctx);
}
