import * as z from 'zod';
import { LinkStatusSchema } from '../../api/schemas/content.js';
import { pageLinks, type FoundLink } from '../content/page-links.js';
import type { EmulatorContext } from '../emulator-context.js';
import { notFound } from '../emulator-error.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery } from '../http/input.js';
import { paginate } from '../http/paginate.js';
import { serializeFile } from '../serializers/serialize-file.js';
import { serializePage } from '../serializers/serialize-page.js';
import { fileDownloadBase } from './file-download-route.js';
import { serializeOrganization } from '../serializers/serialize-organization.js';
import { serializeSpace } from '../serializers/serialize-space.js';
import type { FileRecord, PageRecord } from '../state/records.js';
import { walkPages } from '../state/revisions.js';
import { CONTENT_PREFIXES, ContentParams, findContent, type ContentTarget } from './content-target.js';

/**
 * Links found in a page's markdown, and backlinks of a file (pages whose markdown names it), under
 * `S` and `CR`. Only the space form of `links` takes a `status` filter; `stats` always counts every
 * link of the page. `stats.broken.changeRequest` counts broken links of the change request's
 * version of the page (0 for the space form).
 */
export function contentLinkRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  for (const prefix of CONTENT_PREFIXES) {
    const query = prefix.kind === 'space' ? pageQuery.extend({ status: LinkStatusSchema.optional() }) : pageQuery;
    define({
      method: 'GET',
      url: `${prefix.url}/content/page/:pageId/links`,
      params: ContentParams.extend({ pageId: z.string() }),
      query,
      handler: ({ params, query, caller }) => {
        const target = findContent(ctx, caller, params);
        const page = [...walkPages(target.revision.pages)].find((p) => p.id === params.pageId);
        if (!page) throw notFound('Page', params.pageId);
        const links = pageLinks(page, target.revision);
        const status = 'status' in query ? query.status : undefined;
        const shown = status === undefined ? links : links.filter((link) => link.status === status);
        const broken = links.filter((link) => link.status === 'broken').length;
        const where = locations(ctx, target);
        const from = where.page(page);
        return {
          ...paginate(shown, query, (link) => serializeLink(where, from, link)),
          stats: { total: links.length, broken: { total: broken, changeRequest: target.changeRequest ? broken : 0 } },
        };
      },
    });

    define({
      method: 'GET',
      url: `${prefix.url}/content/files/:fileId/backlinks`,
      params: ContentParams.extend({ fileId: z.string() }),
      query: pageQuery,
      handler: ({ params, query, caller }) => {
        const target = findContent(ctx, caller, params);
        const file = target.revision.files.find((f) => f.id === params.fileId);
        if (!file) throw notFound('File', params.fileId);
        const names = [file.name, encodeURI(file.name), encodeURIComponent(file.name)];
        const pages = [...walkPages(target.revision.pages)].filter((page) => names.some((name) => page.markdown.includes(name)));
        const where = locations(ctx, target);
        return paginate(pages, query, (page) => where.page(page));
      },
    });
  }
}

/** Builds the official `ContentLocation`s of pages and files of the target's content. */
function locations(ctx: EmulatorContext, target: ContentTarget) {
  const org = ctx.state.organizations.get(target.space.organization);
  if (!org) throw notFound('Organization', target.space.organization);
  const base = { organization: serializeOrganization(ctx, org, target.role), space: serializeSpace(ctx, target.space, target.role) };
  return {
    page: (page: PageRecord) => ({ kind: 'page' as const, ...base, page: serializePage(page, { appBase: target.appBase, metadata: true, markdown: false }) }),
    file: (file: FileRecord) => ({ kind: 'file' as const, ...base, file: serializeFile(fileDownloadBase(ctx, target.revision.id), file) }),
  };
}

/**
 * One link of a page: where it points (`targetReference`, absent when broken, since there is
 * nothing to point at) and where it is written (`locationReferences`). `target` is the link as
 * written in the markdown.
 */
function serializeLink(where: ReturnType<typeof locations>, from: ReturnType<ReturnType<typeof locations>['page']>, link: FoundLink) {
  const reference =
    link.kind === 'url' ? { kind: 'url' as const, url: link.target } : link.page ? where.page(link.page) : link.file ? where.file(link.file) : undefined;
  return {
    status: link.status,
    relation: 'reference' as const,
    target: link.target,
    ...(reference === undefined ? {} : { targetReference: reference }),
    locationReferences: [from],
  };
}
