import * as z from 'zod';
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
import { fileDownloadBase } from './file-download-route.js';
import { CONTENT_READ_BASES, ContentParams, MetadataQuery, findContent } from './content-target.js';

/**
 * Content of a space (`S`), of a change request (`CR`) and of any revision of the space by id: each
 * read is written once and registered under the three bases (content-target.ts). Reads need `read`; imports need `edit` (see content-import-routes).
 * `computed=false` is accepted and changes nothing: the emulator has no computed pages.
 */
export function contentRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  for (const base of CONTENT_READ_BASES) {
    define({
      method: 'GET',
      url: base,
      params: ContentParams,
      query: MetadataQuery,
      handler: ({ params, query, caller }) => {
        const target = findContent(ctx, caller, params);
        return serializeRevision(target.revision, {
          appBase: target.appBase,
          downloadBase: fileDownloadBase(ctx, target.revision.id),
          metadata: query.metadata ?? true,
        });
      },
    });

    define({
      method: 'GET',
      url: `${base}/pages`,
      params: ContentParams,
      query: MetadataQuery,
      handler: ({ params, query, caller }) => {
        const target = findContent(ctx, caller, params);
        const view = { appBase: target.appBase, metadata: query.metadata ?? true, markdown: false };
        return { pages: target.revision.pages.map((page) => serializePage(page, view)) };
      },
    });

    define({
      method: 'GET',
      url: `${base}/files`,
      params: ContentParams,
      query: pageQuery.extend(MetadataQuery.shape),
      handler: ({ params, query, caller }) => {
        const target = findContent(ctx, caller, params);
        return paginate(target.revision.files, query, (file) => serializeFile(fileDownloadBase(ctx, target.revision.id), file, query.metadata ?? true));
      },
    });

    define({
      method: 'GET',
      url: `${base}/files/:fileId`,
      params: ContentParams.extend({ fileId: z.string() }),
      query: MetadataQuery,
      handler: ({ params, query, caller }) => {
        const target = findContent(ctx, caller, params);
        const file = target.revision.files.find((f) => f.id === params.fileId);
        if (!file) throw notFound('File', params.fileId);
        return serializeFile(fileDownloadBase(ctx, target.revision.id), file, query.metadata ?? true);
      },
    });

    define({
      method: 'GET',
      url: `${base}/page/:pageId`,
      params: ContentParams.extend({ pageId: z.string() }),
      // `format` is accepted as any string: the values beyond the default are not documented.
      query: MetadataQuery.extend({ format: z.string().optional(), evaluated: queryBoolean.optional() }),
      handler: ({ params, query, caller }) => {
        const target = findContent(ctx, caller, params);
        const page = [...walkPages(target.revision.pages)].find((p) => p.id === params.pageId);
        if (!page) throw notFound('Page', params.pageId);
        return serializePage(page, { appBase: target.appBase, metadata: query.metadata ?? true, markdown: true });
      },
    });

    define({
      method: 'GET',
      // The page path may hold slashes, encoded or not: `guides/install` or `guides%2Finstall`.
      url: `${base}/path/*`,
      params: ContentParams.extend({ '*': z.string() }),
      query: MetadataQuery.extend({ format: z.string().optional(), evaluated: queryBoolean.optional() }),
      handler: ({ params, query, caller }) => {
        const target = findContent(ctx, caller, params);
        const path = safeDecode(params['*']).replace(/^\/+|\/+$/g, '');
        const page = [...walkPages(target.revision.pages)].find((p) => p.path === path);
        if (!page) throw notFound('Page at path', path);
        return serializePage(page, { appBase: target.appBase, metadata: query.metadata ?? true, markdown: true });
      },
    });
  }
  contentImportRoutes(define, ctx);
  contentLinkRoutes(define, ctx);
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
